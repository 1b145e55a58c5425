// Staff and their status actions.
import type { Schema } from '../schemas';
import { pageOf, read, write } from './calls';

/** One step of a person's status history. */
export type StatusChange = Schema<'StatusChange'>;
/** A staff list row; `mobile` is masked by the server, `availableActions` are core `staffAction`
 *  codes allowed from the current status. */
export type StaffRow = Schema<'StaffRow'>;
export type StaffDetail = Schema<'StaffDetail'>;
export type StaffFilters = Omit<Schema<'StaffQuery'>, 'pageNum' | 'pageSize'>;
/** The personal details a staff record and an onboarding share. */
export type PersonalFields = Schema<'PersonForm'>;
/** Where a person sits: company, store, department, position and roles. */
export type PlacementFields = Schema<'SeatForm'>;
export type StaffAdd = Schema<'StaffAdd'>;
export type StaffEdit = Schema<'StaffEdit'>;
export type StatusCommand = Schema<'StaffStatusChange'>;

export const staffApi = {
  list: pageOf<StaffRow, StaffFilters>('/api/v1/fm/staff/list'),
  detail: (id: number, unmasked = false) => read<StaffDetail>('/api/v1/fm/staff/detail', { id, unmasked }),
  add: (data: StaffAdd) => write<StaffDetail>('/api/v1/fm/staff/add', data),
  edit: (data: StaffEdit) => write<StaffDetail>('/api/v1/fm/staff/edit', data),
  changeStatus: (data: StatusCommand) => write<StaffDetail>('/api/v1/fm/staff/changeStatus', data),
};
