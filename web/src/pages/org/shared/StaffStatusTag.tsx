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

/**
 * A person's status. `single` (a table's narrow 状态 column) shows one tag, 已锁定 before the
 * working status as core's staff state reads, with both in its tooltip.
 */
export function StaffStatusTag({
  workingStatus,
  locked,
  single,
}: {
  workingStatus: string;
  locked?: boolean;
  single?: boolean;
}) {
  const working = enumText('workingStatus', workingStatus);
  const lockedText = enumText('workingStatus', 'LOCKED');
  if (single) {
    const code = locked ? 'LOCKED' : workingStatus;
    return (
      <Tag color={COLOURS[code]} title={locked ? `${working}，${lockedText}` : undefined} data-testid="staff-status">
        {locked ? lockedText : working}
      </Tag>
    );
  }
  return (
    <Space size={4} data-testid="staff-status">
      <Tag color={COLOURS[workingStatus]}>{working}</Tag>
      {locked && <Tag color={COLOURS.LOCKED}>{lockedText}</Tag>}
    </Space>
  );
}
