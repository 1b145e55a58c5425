// Staff and their status actions.
import { pageOf, read, write, type Option } from './calls';

export interface StatusChange {
  id: number;
  action: string;
  actionLabel: string;
  fromStatus?: string | null;
  toStatus?: string | null;
  reason?: string | null;
  actorId: number;
  actorName: string;
  at: number;
}

export interface StaffRow {
  id: number;
  username: string;
  realName: string;
  userCode: string;
  /** Masked by the server. */
  mobile: string;
  sex?: number | null;
  positionId?: number | null;
  positionName?: string | null;
  organisationId?: number | null;
  organisationName?: string | null;
  storeGroupId?: number | null;
  storeId?: number | null;
  storeName?: string | null;
  departmentId?: number | null;
  departmentName?: string | null;
  /** core `workingStatus`. */
  workingStatus: string;
  locked: boolean;
  entryDate?: string | null;
  roles: Option[];
  /** core `staffAction` codes the server allows from the current status. */
  availableActions: string[];
  createdAt: number;
}

export interface StaffDetail extends StaffRow {
  idNumber?: string | null;
  bankCard?: string | null;
  education?: number | null;
  maritalStatus?: number | null;
  address?: string | null;
  emergencyContact?: string | null;
  emergencyMobile?: string | null;
  siteId?: number | null;
  history: StatusChange[];
}

export interface StaffFilters {
  realName?: string;
  mobile?: string;
  storeId?: number;
  departmentId?: number;
  organisationId?: number;
  workingStatus?: string;
}

/** The personal details a staff record and an onboarding share. */
export interface PersonalFields {
  realName: string;
  mobile: string;
  sex?: number;
  idNumber?: string;
  bankCard?: string;
  education?: number;
  maritalStatus?: number;
  entryDate?: string;
  address?: string;
  emergencyContact?: string;
  emergencyMobile?: string;
}

export interface PlacementFields {
  organisationId?: number;
  storeId?: number;
  departmentId?: number;
  positionId?: number;
  roleIds: number[];
}

export interface StaffAdd extends PersonalFields, PlacementFields {
  username: string;
  password: string;
  workingStatus?: string;
}

export type StaffEdit = PersonalFields & Omit<PlacementFields, 'organisationId'> & { id: number };

export interface StatusCommand {
  id: number;
  action: string;
  workingStatus?: string;
  reason?: string;
}

export const staffApi = {
  list: pageOf<StaffRow, StaffFilters>('/api/v1/fm/staff/list'),
  detail: (id: number, unmasked = false) => read<StaffDetail>('/api/v1/fm/staff/detail', { id, unmasked }),
  add: (data: StaffAdd) => write<StaffDetail>('/api/v1/fm/staff/add', data),
  edit: (data: StaffEdit) => write<StaffDetail>('/api/v1/fm/staff/edit', data),
  changeStatus: (data: StatusCommand) => write<StaffDetail>('/api/v1/fm/staff/changeStatus', data),
};
