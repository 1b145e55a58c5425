/**
 * Where an onboarding stands on the step bar, by its status (core `onboardingStatus`):
 * 发起入职 is done once it exists; DRAFT and REJECTED are being filled in; SUBMITTED waits for
 * approval; APPROVED is finished. The bar is presentation; which actions are allowed is core's.
 */
export const STEPS = ['发起入职', '完善资料', '审批', '完成'];

const STEP_OF_STATUS: Record<string, number> = {
  DRAFT: 2,
  REJECTED: 2,
  SUBMITTED: 3,
  APPROVED: 4,
  CANCELLED: 2,
};

export function stepOf(status: string): number {
  return STEP_OF_STATUS[status] ?? 1;
}

/** The step page an onboarding opens on. */
export function pageOf(status: string): 'info' | 'review' {
  return status === 'DRAFT' || status === 'REJECTED' ? 'info' : 'review';
}
