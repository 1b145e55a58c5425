import { ownSeatFields, ownSeatHint, placementFits, workingStatuses } from '@core/wasm';
import type { Option } from '../../../api/org/calls';
import type { DepartmentNode, StoreOption } from '../../../api/org/org';
import type { RoleOption } from '../../../api/org/role';
import type { Schema } from '../../../api/schemas';
import type { StaffAdd, StaffDetail, StaffEdit } from '../../../api/org/staff';
import { enumText } from '../../../components/enums';
import { coreFields, type FieldUi } from '../../../components/form/coreForm';
import type { FieldSpec, TreeOption } from '../../../components/form/fields';
import { toOptions } from './useOptions';
import { roleLabel } from './roleLabel';
import { personValues } from './personFields';

/** The choices of where a person works, as the server lists them (every company the caller reaches). */
export interface PlacementChoices {
  companies?: Option[];
  stores: StoreOption[];
  departments: DepartmentNode[];
  positions: Schema<'PositionOption'>[];
  roles: RoleOption[];
}

type Values = Record<string, unknown>;
type Choice = 'store' | 'department' | 'position' | 'role';

const idOf = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);

/** Whether a choice sitting in `organisationId`/`storeId` fits the company and store chosen in `values` (core's rule). */
function fits(choice: Choice, at: { organisationId?: number | null; storeId?: number | null }, values: Values) {
  return placementFits(
    choice,
    at.organisationId ?? undefined,
    at.storeId ?? undefined,
    idOf(values.organisationId),
    idOf(values.storeId),
  );
}

/** The departments that fit, as a tree; one under a department that does not fit moves up a level. */
export function fittingDepartments(nodes: DepartmentNode[], values: Values): TreeOption[] {
  return nodes.flatMap((node) => {
    const children = fittingDepartments(node.children ?? [], values);
    return fits('department', node, values) ? [{ key: node.id, title: node.name, children }] : children;
  });
}

/** Every department as a tree (the list filters). */
export function departmentTree(nodes: DepartmentNode[]): TreeOption[] {
  return fittingDepartments(nodes, {});
}

/**
 * What the staff and onboarding forms add to core's fields: the stores, departments, positions
 * and roles the server lists, narrowed to the chosen company and store (a new company clears
 * what was chosen for the old one); the company only for callers above one company; the
 * statuses a person works in (正式, 兼职, 实习).
 */
export function placementUi(choices: PlacementChoices): Record<string, FieldUi | false> {
  const company = ['organisationId'];
  return {
    organisationId: choices.companies ? { options: toOptions(choices.companies) } : false,
    storeId: {
      optionsFor: (values) => toOptions(choices.stores.filter((store) => fits('store', { organisationId: store.organisationId }, values))),
      dependsOn: company,
    },
    departmentId: {
      treeDataFor: (values) => fittingDepartments(choices.departments, values),
      dependsOn: [...company, 'storeId'],
    },
    positionId: {
      optionsFor: (values) => toOptions(choices.positions.filter((position) => fits('position', position, values))),
      dependsOn: company,
    },
    roleIds: {
      // A role that opens no page says so: its holder could not log in.
      optionsFor: (values) =>
        choices.roles.filter((role) => fits('role', role, values)).map((role) => ({ label: roleLabel(role), value: role.id })),
      dependsOn: company,
    },
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
