// A record's status history as every detail page shows it: when, what was done, from which status
// to which, why, by whom. The server's `StatusChange` rows carry status codes (or, for some
// records, labels); the page says how to name them.
import { Table } from '@arco-design/web-react';
import type { StatusChange } from '../../api/org/staff';
import { Empty } from '../Empty';
import { dateTime, orDash } from '../../pages/org/shared/format';

export function StatusHistory({
  history,
  statusText = (status) => status,
  reasonTitle = '原因',
  testId,
}: {
  history: StatusChange[];
  /** How a status code reads (core's enum label); by default the row's text as it came. */
  statusText?: (status: string) => string;
  /** The reason column's title, or `null` for records whose moves carry none. */
  reasonTitle?: string | null;
  testId?: string;
}) {
  return (
    <Table<StatusChange>
      rowKey="id"
      data={history}
      pagination={false}
      border={{ wrapper: true, cell: false }}
      noDataElement={<Empty description="暂无记录" />}
      scroll={{ x: 560 }}
      data-testid={testId}
      columns={[
        { title: '时间', dataIndex: 'at', width: 150, className: 'cell-nowrap', render: dateTime },
        { title: '操作', dataIndex: 'actionLabel', width: 90 },
        {
          title: '状态变化',
          dataIndex: 'toStatus',
          // A record's first move (发起入职) comes from nowhere: only the status it opens in.
          render: (_: unknown, change: StatusChange) =>
            change.fromStatus
              ? `${statusText(change.fromStatus)} → ${statusText(change.toStatus)}`
              : statusText(change.toStatus),
        },
        ...(reasonTitle === null ? [] : [{ title: reasonTitle, dataIndex: 'reason', render: orDash }]),
        // The server's own moves (掉公, an order settled by its last receipt) have no person.
        { title: '操作人', dataIndex: 'actorName', width: 80, render: (name: string) => name || '系统' },
      ]}
    />
  );
}
