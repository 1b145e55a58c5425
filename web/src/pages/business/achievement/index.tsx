import { useState } from 'react';
import { Alert, Card, DatePicker, Radio, Space, Statistic, Table } from '@arco-design/web-react';
import { achievementApi, type AchievementRow } from '../../../api/business/deal';
import { useRead } from '../../../api/useRead';
import type { PageProps } from '../../registry';
import { orDash } from '../../org/shared/format';
import { yuanText } from '../shared/deal';

type Group = 'agent' | 'store' | 'company';

const GROUPS: { value: Group; label: string; column: string }[] = [
  { value: 'agent', label: '按经纪人', column: '经纪人' },
  { value: 'store', label: '按门店', column: '门店' },
  { value: 'company', label: '按公司', column: '公司' },
];

/**
 * 业绩 (/work/business/achievement): a month's performance from the ACN splits of settled
 * commission orders, by agent, store or company, over the rows the caller reads; beside it what
 * those orders received, which equals it to the fen for a whole company.
 */
export default function Achievement(_props: PageProps) {
  const [month, setMonth] = useState<string>('');
  const [group, setGroup] = useState<Group>('agent');
  const report = useRead(() => achievementApi.summary({ month, group }), [month, group], true);
  const data = report.data;
  const column = GROUPS.find((g) => g.value === group)?.column ?? '';
  const reconciled = data ? data.total === data.settledOrders : true;

  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }} data-testid="achievement-page">
      <Card bordered={false}>
        <Space wrap size={16}>
          <DatePicker.MonthPicker
            value={data?.month ?? (month || undefined)}
            format="YYYY-MM"
            allowClear={false}
            onChange={(value: string) => setMonth(value)}
            placeholder="选择月份"
            data-testid="achievement-month"
          />
          <Radio.Group type="button" value={group} onChange={(value: Group) => setGroup(value)} data-testid="achievement-group">
            {GROUPS.map((g) => (
              <Radio key={g.value} value={g.value}>
                {g.label}
              </Radio>
            ))}
          </Radio.Group>
        </Space>
      </Card>
      <Card bordered={false}>
        <Space size={48} wrap>
          <Statistic title={`${data?.month ?? ''} 业绩合计`} value={data ? yuanText(data.total) : '—'} data-testid="achievement-total" />
          <Statistic title="结清佣金单实收" value={data ? yuanText(data.settledOrders) : '—'} data-testid="achievement-settled" />
        </Space>
        {data && (
          <Alert
            style={{ marginTop: 12 }}
            type={reconciled ? 'success' : 'info'}
            content={
              reconciled
                ? '业绩合计与本月结清佣金单实收一致（精确到分）。'
                : `业绩合计与结清佣金单实收相差 ${yuanText(Math.abs(data.total - data.settledOrders))}：业绩按分佣人统计，佣金单按成交人统计，两者在全公司范围内精确相等，在门店或个人范围内不必相等。`
            }
            data-testid="achievement-reconcile"
          />
        )}
      </Card>
      <Card bordered={false}>
        <Table<AchievementRow>
          rowKey="id"
          data={data?.rows ?? []}
          loading={report.loading}
          pagination={false}
          border={{ wrapper: true, cell: false }}
          noDataElement={<span>本月暂无业绩</span>}
          data-testid="achievement-table"
          columns={[
            {
              title: '排名',
              dataIndex: '__rank',
              width: 70,
              // 项目方分成 (no one, id 0) is shown for the total but ranks no one.
              render: (_: unknown, row: AchievementRow, index: number) =>
                row.id === 0 ? '—' : index + 1 - (data?.rows ?? []).slice(0, index).filter((r) => r.id === 0).length,
            },
            { title: column, dataIndex: 'name', render: orDash },
            ...(group === 'agent' ? [{ title: '门店', dataIndex: 'storeName', render: orDash }] : []),
            { title: '成交单数', dataIndex: 'deals', width: 110 },
            { title: '业绩（元）', dataIndex: 'amount', render: yuanText },
          ]}
        />
      </Card>
    </Space>
  );
}
