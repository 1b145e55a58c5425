import type { Option } from '../../../api/org/calls';
import type { Company } from '../../../api/org/org';
import { enumOptions } from '../../../components/enums';
import type { FieldSpec } from '../../../components/form/fields';
import { siteField } from '../shared/siteField';
import { orgCheck } from '../../../components/form/coreRules';

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
  return [
    ...(sites && !editing ? [siteField(sites, true)] : []),
    { field: 'name', label: '公司名称', required: true, check: orgCheck('name', '公司名称') },
    {
      field: 'scope',
      label: '类型',
      kind: 'select',
      required: true,
      options: enumOptions('organisationScope'),
      disabled: editing,
    },
    { field: 'contactName', label: '联系人', check: orgCheck('remark', '联系人') },
    { field: 'contactMobile', label: '联系电话', rule: 'mobile' },
    { field: 'address', label: '地址', kind: 'textarea', check: orgCheck('remark', '地址') },
    { field: 'enabled', label: '启用', kind: 'switch' },
  ];
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
