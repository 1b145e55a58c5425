import { ownSeatFields, ownSeatHint, workingStatuses } from '@core/wasm';
import type { Option } from '../../../api/org/calls';
import type { StaffAdd, StaffDetail, StaffEdit } from '../../../api/org/staff';
import { enumText } from '../../../components/enums';
import { coreFields, type FieldUi } from '../../../components/form/coreForm';
import type { FieldSpec, TreeOption } from '../../../components/form/fields';
import { toOptions } from '../shared/useOptions';
import { personValues } from './personFields';

/** The choices of where a person works. */
export interface PlacementChoices {
  companies?: Option[];
  stores: Option[];
  departments: TreeOption[];
  positions: Option[];
  roles: Option[];
}

/**
 * What the staff and onboarding forms add to core's fields: the stores, departments, positions
 * and roles the server lists; the company only for callers above one company; the statuses a
 * person works in (正式, 兼职, 实习).
 */
export function placementUi(choices: PlacementChoices): Record<string, FieldUi | false> {
  return {
    organisationId: choices.companies ? { options: toOptions(choices.companies) } : false,
    storeId: { options: toOptions(choices.stores) },
    departmentId: { treeData: choices.departments },
    positionId: { options: toOptions(choices.positions) },
    roleIds: { options: toOptions(choices.roles) },
    workingStatus: { options: workingStatuses().map((code) => ({ value: code, label: enumText('workingStatus', code) })) },
  };
}

/**
 * The staff form's fields. On one's own record (`own`) the seat (roles, store, department,
 * position) is read-only, with core's hint under 角色: the server refuses such a change, since a
 * manager who drops their own 店长 role is thrown out of their workspace.
 */
export function staffFields(editing: boolean, choices: PlacementChoices, own = false): FieldSpec[] {
  if (!editing) return coreFields('staff', placementUi(choices));
  const ui = placementUi({ ...choices, companies: undefined });
  if (own) {
    for (const field of ownSeatFields()) {
      const current = ui[field];
      ui[field] = { ...(current || {}), disabled: true, ...(field === 'roleIds' ? { extra: ownSeatHint() } : {}) };
    }
  }
  return coreFields('staffEdit', ui);
}

/** Whether `staff` is the signed-in user's own record. */
export function isOwnRecord(staff: { id: number } | undefined, userId: number | string | undefined): boolean {
  return staff !== undefined && userId !== undefined && String(staff.id) === String(userId);
}

/** A new person's defaults: a caller with one store (a store manager) hires into it. */
export function newStaff(choices: PlacementChoices): Partial<StaffAdd> {
  const onlyStore = choices.stores.length === 1 ? choices.stores[0].id : undefined;
  return { roleIds: [], workingStatus: 'INCUMBENCY_FORMAL', storeId: onlyStore };
}

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
