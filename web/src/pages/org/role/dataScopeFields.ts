import type { FieldSpec, TreeOption } from '../../../components/form/fields';
import { enumOptions, type EnumOption } from '../../../components/enums';

/** The data-scope value whose departments and stores the role names itself (core `dataScope`). */
export const CUSTOM_SCOPE = 'CUSTOM';

const isCustom = (values: Record<string, unknown>) => values.dataScope === CUSTOM_SCOPE;

/** The data scope of a role, with the departments and stores of a custom scope. */
export function dataScopeFields(departments: TreeOption[], stores: EnumOption[]): FieldSpec[] {
  return [
    { field: 'dataScope', label: '数据权限', kind: 'select', required: true, options: enumOptions('dataScope') },
    {
      field: 'customDepartmentIds',
      label: '指定部门',
      kind: 'multiTreeSelect',
      treeData: departments,
      visibleWhen: isCustom,
    },
    { field: 'customStoreIds', label: '指定门店', kind: 'multiSelect', options: stores, visibleWhen: isCustom },
  ];
}
