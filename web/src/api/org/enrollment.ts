// Employee onboarding (办理入职): start, fill in, submit, approve or reject, cancel.
import { act, pageOf, read, write, type Option } from './calls';
import type { PersonalFields, PlacementFields, StatusChange } from './staff';

export interface Enrollment {
  id: number;
  userId: number;
  username: string;
  realName: string;
  mobile: string;
  storeId?: number | null;
  storeName?: string | null;
  departmentId?: number | null;
  departmentName?: string | null;
  positionId?: number | null;
  positionName?: string | null;
  organisationId?: number | null;
  /** core `onboardingStatus`. */
  status: string;
  /** The working status the hire will have once approved. */
  workingStatus?: string | null;
  rejectReason?: string | null;
  startedBy: number;
  startedByName: string;
  decidedBy?: number | null;
  decidedByName?: string | null;
  submittedAt?: number | null;
  decidedAt?: number | null;
  createdAt: number;
  /** core `onboardingAction` codes the server allows from the current status. */
  availableActions: string[];
}

export interface EnrollmentDetail extends Enrollment {
  sex?: number | null;
  idNumber?: string | null;
  bankCard?: string | null;
  education?: number | null;
  maritalStatus?: number | null;
  entryDate?: string | null;
  address?: string | null;
  emergencyContact?: string | null;
  emergencyMobile?: string | null;
  roles: Option[];
  history: StatusChange[];
}

export interface EnrollmentStart extends PlacementFields {
  username: string;
  password: string;
  realName: string;
  mobile: string;
  workingStatus?: string;
}

const base = '/api/v1/fm/enrollment';

export const enrollmentApi = {
  list: pageOf<Enrollment, { status?: string; realName?: string; storeId?: number }>(`${base}/list`),
  detail: (id: number, unmasked = false) => read<EnrollmentDetail>(`${base}/detail`, { id, unmasked }),
  start: (data: EnrollmentStart) => write<EnrollmentDetail>(`${base}/start`, data),
  save: (data: PersonalFields & { id: number; workingStatus?: string }) => write<EnrollmentDetail>(`${base}/save`, data),
  submit: (id: number) => write<EnrollmentDetail>(`${base}/submit`, { id }),
  approve: (id: number, workingStatus?: string) => act<EnrollmentDetail>(`${base}/approve`, { id, workingStatus }),
  reject: (id: number, reason: string) => write<EnrollmentDetail>(`${base}/reject`, { id, reason }),
  cancel: (id: number, reason?: string) => act<EnrollmentDetail>(`${base}/cancel`, { id, reason }),
};
