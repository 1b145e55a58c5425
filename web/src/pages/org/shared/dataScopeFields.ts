import type { FieldUi } from '../../../components/form/coreForm';
import type { TreeOption } from '../../../components/form/fields';
import { enumOptions, type EnumOption } from '../../../components/enums';

/** The data-scope value whose departments and stores the role names itself (core `dataScope`). */
export const CUSTOM_SCOPE = 'CUSTOM';
/** The data scope of a whole company (core `dataScope`). */
export const COMPANY_SCOPE = 'COMPANY';

/**
 * The data scope a new role takes when its company is chosen: the whole company, which is what a
 * company's first roles (its 总经理) need, when the caller may give it; else what was chosen.
 */
export function scopeForCompany(values: Record<string, unknown>, grantable: string[]): unknown {
  return values.organisationId != null && grantable.includes(COMPANY_SCOPE) ? COMPANY_SCOPE : values.dataScope;
}

const isCustom = (values: Record<string, unknown>) => values.dataScope === CUSTOM_SCOPE;

/** The data scopes the caller may give (server `role/dataScopes`), and `keep` (a role's own). */
export function grantableScopes(grantable: string[], keep?: string): EnumOption[] {
  return enumOptions('dataScope').filter((option) => grantable.includes(String(option.value)) || option.value === keep);
}

/**
 * What the role form adds to core's data-scope fields: only the scopes the caller may give, and
 * the departments and stores of a custom scope.
 */
export function dataScopeUi(
  departments: TreeOption[],
  stores: EnumOption[],
  grantable: string[],
): Record<string, FieldUi> {
  return {
    dataScope: { options: grantableScopes(grantable) },
    customDepartmentIds: { treeData: departments, visibleWhen: isCustom },
    customStoreIds: { options: stores, visibleWhen: isCustom },
  };
}
