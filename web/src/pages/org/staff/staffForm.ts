import { workingStatuses } from '@core/wasm';
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

export function staffFields(editing: boolean, choices: PlacementChoices): FieldSpec[] {
  if (editing) return coreFields('staffEdit', placementUi({ ...choices, companies: undefined }));
  return coreFields('staff', placementUi(choices));
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
