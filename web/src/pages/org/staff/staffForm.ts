import { workingStatuses } from '@core/wasm';
import type { Option } from '../../../api/org/calls';
import type { StaffAdd, StaffDetail, StaffEdit } from '../../../api/org/staff';
import { enumText } from '../../../components/enums';
import { orgCheck } from '../../../components/form/coreRules';
import type { FieldSpec, TreeOption } from '../../../components/form/fields';
import { toOptions } from '../shared/useOptions';
import { personFields, personValues } from './personFields';

/** The choices of where a person works. */
export interface PlacementChoices {
  companies?: Option[];
  stores: Option[];
  departments: TreeOption[];
  positions: Option[];
  roles: Option[];
}

/** Store, department, position and roles; the company only for callers above one company. */
export function placementFields(choices: PlacementChoices): FieldSpec[] {
  return [
    ...(choices.companies
      ? [{ field: 'organisationId', label: '所属公司', kind: 'select' as const, options: toOptions(choices.companies) }]
      : []),
    { field: 'storeId', label: '所属门店', kind: 'select', options: toOptions(choices.stores) },
    { field: 'departmentId', label: '所属部门', kind: 'treeSelect', treeData: choices.departments },
    { field: 'positionId', label: '岗位', kind: 'select', options: toOptions(choices.positions) },
    { field: 'roleIds', label: '角色', kind: 'multiSelect', options: toOptions(choices.roles) },
  ];
}

/** The login account of a new person. */
export function accountFields(): FieldSpec[] {
  return [
    { field: 'username', label: '用户名', required: true, check: orgCheck('username') },
    { field: 'password', label: '初始密码', kind: 'password', required: true, check: orgCheck('password') },
  ];
}

/** 正式 / 兼职 / 实习, labels from core. */
export function workingStatusField(label: string, required: boolean): FieldSpec {
  return {
    field: 'workingStatus',
    label,
    kind: 'select',
    required,
    options: workingStatuses().map((code) => ({ value: code, label: enumText('workingStatus', code) })),
  };
}

export function staffFields(editing: boolean, choices: PlacementChoices): FieldSpec[] {
  if (editing) return [...personFields(), ...placementFields({ ...choices, companies: undefined })];
  return [
    ...accountFields(),
    ...personFields(),
    ...placementFields(choices),
    workingStatusField('任职状态', false),
  ];
}

export const NEW_STAFF: Partial<StaffAdd> = { roleIds: [], workingStatus: 'INCUMBENCY_FORMAL' };

/** Form values of a record read unmasked for editing. */
export function staffFormValues(staff: StaffDetail): Partial<StaffEdit> {
  return {
    ...personValues(staff),
    storeId: staff.storeId ?? undefined,
    departmentId: staff.departmentId ?? undefined,
    positionId: staff.positionId ?? undefined,
    roleIds: staff.roles.map((role) => role.id),
  };
}
