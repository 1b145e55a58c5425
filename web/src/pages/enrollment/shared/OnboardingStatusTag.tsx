import { Tag } from '@arco-design/web-react';
import { enumText } from '../../../components/enums';

/** Colours by onboarding status: presentation only; the labels are core's. */
const COLOURS: Record<string, string> = {
  DRAFT: 'orange',
  SUBMITTED: 'arcoblue',
  APPROVED: 'green',
  REJECTED: 'red',
  CANCELLED: 'gray',
};

export function OnboardingStatusTag({ status }: { status: string }) {
  return (
    <Tag color={COLOURS[status]} data-testid="onboarding-status">
      {enumText('onboardingStatus', status)}
    </Tag>
  );
}
