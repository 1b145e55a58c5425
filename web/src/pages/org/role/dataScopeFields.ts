import type { FieldUi } from '../../../components/form/coreForm';
import type { TreeOption } from '../../../components/form/fields';
import type { EnumOption } from '../../../components/enums';

/** The data-scope value whose departments and stores the role names itself (core `dataScope`). */
export const CUSTOM_SCOPE = 'CUSTOM';

const isCustom = (values: Record<string, unknown>) => values.dataScope === CUSTOM_SCOPE;

/** What the role form adds to core's data-scope fields: the departments and stores of a custom scope. */
export function dataScopeUi(departments: TreeOption[], stores: EnumOption[]): Record<string, FieldUi> {
  return {
    customDepartmentIds: { treeData: departments, visibleWhen: isCustom },
    customStoreIds: { options: stores, visibleWhen: isCustom },
  };
}
