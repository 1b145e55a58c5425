import { useOutletContext } from 'react-router-dom';
import type { EnrollmentDetail } from '../../../api/org/enrollment';

/** What the step pages of one onboarding share with their case frame. */
export interface CaseContext {
  enrollment: EnrollmentDetail;
  /** Shows the answer of a transition (the server returns the updated onboarding). */
  show: (enrollment: EnrollmentDetail) => void;
  reload: () => void;
}

export function useCase(): CaseContext {
  return useOutletContext<CaseContext>();
}
