import { Space, Tag } from '@arco-design/web-react';
import { enumText } from '../../../components/enums';

/** Tag colours by working status: presentation only; the labels are core's. */
const COLOURS: Record<string, string> = {
  PENDING: 'orange',
  INCUMBENCY_FORMAL: 'green',
  PART_TIME: 'cyan',
  INCUMBENCY_INTERNSHIP: 'arcoblue',
  LEAVE: 'gray',
  LOCKED: 'red',
};

export function StaffStatusTag({ workingStatus, locked }: { workingStatus: string; locked?: boolean }) {
  return (
    <Space size={4} data-testid="staff-status">
      <Tag color={COLOURS[workingStatus]}>{enumText('workingStatus', workingStatus)}</Tag>
      {locked && <Tag color={COLOURS.LOCKED}>{enumText('workingStatus', 'LOCKED')}</Tag>}
    </Space>
  );
}
