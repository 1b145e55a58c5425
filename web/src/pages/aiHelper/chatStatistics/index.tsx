import { useState } from 'react';
import { Card, DatePicker, Grid, Space, Statistic, Table, Typography } from '@arco-design/web-react';
import { formatDuration } from '@core/wasm';
import { logApi, type Period } from '../../../api/ai/logs';
import { useRead } from '../../../api/useRead';
import type { PageProps } from '../../registry';

/**
 * 使用统计 (/adminConfig/aiHelper/statistics): over a period (the last 30 days unless chosen), the
 * questions asked, askers, conversations, tokens, votes and answer time, then per day, per
 * assistant and per asker.
 */
export default function ChatStatisticsPage(_: PageProps) {
  const [period, setPeriod] = useState<Period>({});
  const { data: summary } = useRead(() => logApi.summary(period), period);
  const { data: statistics } = useRead(() => logApi.statistics(period), period);
  const counts = [
    { title: '提问数', value: summary?.questions },
    { title: '提问人数', value: summary?.users },
    { title: '会话数', value: summary?.conversations },
    { title: '消耗tokens', value: summary?.tokens },
    { title: '有用', value: summary?.up },
    { title: '没用', value: summary?.down },
    { title: '平均耗时', value: summary ? formatDuration(summary.averageLatencyMs) : undefined },
  ];
  const tallyColumns = [
    { title: '提问数', dataIndex: 'questions', width: 90 },
    { title: '提问人数', dataIndex: 'users', width: 90 },
    { title: 'tokens', dataIndex: 'tokens', width: 90 },
    { title: '有用', dataIndex: 'up', width: 70 },
    { title: '没用', dataIndex: 'down', width: 70 },
  ];
  return (
    <div className="page-card" data-testid="chat-statistics">
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <Space>
          <Typography.Text>统计区间</Typography.Text>
          <DatePicker.RangePicker
            format="YYYY-MM-DD"
            placeholder={summary ? [summary.startDate, summary.endDate] : undefined}
            onChange={(dates?: string[]) => setPeriod(dates && dates.length === 2 ? { startDate: dates[0], endDate: dates[1] } : {})}
            data-testid="statistics-period"
          />
        </Space>
        <Grid.Row gutter={12} data-testid="statistics-summary">
          {counts.map((count) => (
            <Grid.Col span={3} key={count.title}>
              <Card bordered>
                <Statistic title={count.title} value={count.value ?? '-'} groupSeparator />
              </Card>
            </Grid.Col>
          ))}
        </Grid.Row>
        <Card title="按助手" bordered={false}>
          <Table
            data-testid="statistics-assistants"
            rowKey={(row) => `${row.assistantId ?? ''}${row.assistantName}`}
            pagination={false}
            data={statistics?.assistants ?? []}
            columns={[{ title: '助手', dataIndex: 'assistantName' }, ...tallyColumns]}
          />
        </Card>
        <Card title="按提问人" bordered={false}>
          <Table
            data-testid="statistics-users"
            rowKey="userId"
            pagination={{ pageSize: 10 }}
            data={statistics?.users ?? []}
            // One asker per row: 提问人数 would always be 1.
            columns={[{ title: '提问人', dataIndex: 'userName' }, ...tallyColumns.filter((column) => column.dataIndex !== 'users')]}
          />
        </Card>
        <Card title="按天" bordered={false}>
          <Table
            data-testid="statistics-days"
            rowKey="date"
            pagination={{ pageSize: 10 }}
            data={[...(statistics?.days ?? [])].reverse()}
            columns={[{ title: '日期', dataIndex: 'date' }, ...tallyColumns]}
          />
        </Card>
      </Space>
    </div>
  );
}
