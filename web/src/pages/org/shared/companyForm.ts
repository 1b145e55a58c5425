import type { Option } from '../../../api/org/calls';
import type { Company } from '../../../api/org/org';
import { coreFields } from '../../../components/form/coreForm';
import type { FieldSpec } from '../../../components/form/fields';
import { toOptions } from './useOptions';

export interface CompanyValues {
  siteId?: number;
  name: string;
  scope: number;
  contactName?: string;
  contactMobile?: string;
  address?: string;
  enabled: boolean;
}

export const NEW_COMPANY: Partial<CompanyValues> = { enabled: true, scope: 2 };

/** The company form; the city site (admin only) and the type are chosen once, at creation. */
export function companyFields(editing: boolean, sites: Option[] | undefined): FieldSpec[] {
  if (editing) return coreFields('companyEdit');
  return coreFields('company', { siteId: sites ? { options: toOptions(sites) } : false });
}

/** Form values of a company read with `detail` (its contact mobile unmasked for an editor). */
export function companyFormValues(company: Company): Partial<CompanyValues> {
  return {
    name: company.name,
    scope: company.scope,
    contactName: company.contactName ?? undefined,
    contactMobile: company.contactMobile ?? undefined,
    address: company.address ?? undefined,
    enabled: company.enabled,
  };
}

export function companyEdit(id: number, values: CompanyValues) {
  return {
    id,
    name: values.name,
    contactName: values.contactName,
    contactMobile: values.contactMobile,
    address: values.address,
    enabled: values.enabled,
  };
}
