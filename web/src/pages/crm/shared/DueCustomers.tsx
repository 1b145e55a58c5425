import { Button, Card, Empty, List, Space, Typography } from '@arco-design/web-react';
import { customerApi } from '../../../api/crm/customer';
import { useRead } from '../../../api/useRead';
import { enumText } from '../../../components/enums';
import { useNav } from '../../../router/useNav';
import { addressed, CUSTOMER_ROUTE, LevelStars, NextFollowUp } from './customerText';

/**
 * 今日待跟进, the workspace home's reminder: the caller's own customers whose planned follow-up is
 * today or past, the longest overdue first; each opens the customer page with that customer's
 * drawer (the drawer stays out of the home's light chunk, fetched while the user logs in).
 */
export function DueCustomers() {
  const due = useRead(() => customerApi.due());
  const nav = useNav();
  const rows = due.data ?? [];
  return (
    <Card
      title="今日待跟进"
      bordered={false}
      extra={rows.length > 0 && <Typography.Text type="secondary">共{rows.length}位客户</Typography.Text>}
      data-testid="due-customers"
    >
      {rows.length === 0 ? (
        <Empty description={due.loading ? '加载中…' : '今日没有待跟进的客户'} />
      ) : (
        <List
          size="small"
          bordered={false}
          dataSource={rows}
          style={{ maxHeight: 320, overflow: 'auto' }}
          render={(row) => (
            <List.Item key={row.id}>
              <Space wrap size={12} style={{ width: '100%', justifyContent: 'space-between' }}>
                <Space wrap size={12}>
                  <Button type="text" size="small" style={{ padding: 0 }} onClick={() => nav.push(CUSTOMER_ROUTE, { customer: String(row.id) })} data-testid="due-customer">
                    {addressed(row)}
                  </Button>
                  <LevelStars level={row.level} />
                  <span>{enumText('customerDemand', row.demand)}</span>
                  <span className="cell-nowrap">{row.phone}</span>
                </Space>
                <NextFollowUp on={row.nextFollowUpOn} due={row.followUpDue} />
              </Space>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
