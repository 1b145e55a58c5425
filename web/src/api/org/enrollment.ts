// Employee onboarding (办理入职): start, fill in, submit, approve or reject, cancel.
import type { Schema } from '../schemas';
import { act, pageOf, read, write } from './calls';

/** An onboarding: `status` is core `onboardingStatus`, `availableActions` core
 *  `onboardingAction` codes allowed from it. */
export type Enrollment = Schema<'Enrollment'>;
export type EnrollmentDetail = Schema<'EnrollmentDetail'>;
export type EnrollmentStart = Schema<'EnrollmentStart'>;

const base = '/api/v1/fm/enrollment';

export const enrollmentApi = {
  list: pageOf<Enrollment, Omit<Schema<'EnrollmentQuery'>, 'pageNum' | 'pageSize'>>(`${base}/list`),
  detail: (id: number, unmasked = false) => read<EnrollmentDetail>(`${base}/detail`, { id, unmasked }),
  start: (data: EnrollmentStart) => write<EnrollmentDetail>(`${base}/start`, data),
  save: (data: Schema<'EnrollmentSave'>) => write<EnrollmentDetail>(`${base}/save`, data),
  submit: (id: number) => write<EnrollmentDetail>(`${base}/submit`, { id }),
  approve: (id: number, workingStatus?: string) => act<EnrollmentDetail>(`${base}/approve`, { id, workingStatus }),
  reject: (id: number, reason: string) => write<EnrollmentDetail>(`${base}/reject`, { id, reason }),
  cancel: (id: number, reason?: string) => act<EnrollmentDetail>(`${base}/cancel`, { id, reason }),
};
