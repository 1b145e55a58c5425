import { Space, Tag, Typography } from '@arco-design/web-react';
import type { ChatLog } from '../../../api/ai/logs';

/** 业务函数: the titles of the functions a turn called (a failed call says so), or —. */
export function CalledFunctions({ turn }: { turn: ChatLog }) {
  if (turn.functionCalls.length === 0) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <Space size={4} wrap data-testid="log-functions">
      {turn.functionCalls.map((call, index) => (
        <Tag key={index} size="small" color={call.ok ? 'arcoblue' : 'red'} title={call.error ?? undefined}>
          {call.ok ? call.title : `${call.title}（失败）`}
        </Tag>
      ))}
    </Space>
  );
}

/** What a turn's function calls were asked and gave, under its answer in 上下文. */
export function CallDetails({ turn }: { turn: ChatLog }) {
  if (turn.functionCalls.length === 0) return null;
  return (
    <div className="chat-log-calls" data-testid="log-context-calls">
      {turn.functionCalls.map((call, index) => (
        <Typography.Text key={index} type="secondary" style={{ display: 'block' }}>
          调用业务函数「{call.title}」 参数 {call.arguments || '{}'}：{call.ok ? `返回 ${call.rows} 条` : `失败（${call.error ?? '未知原因'}）`}
        </Typography.Text>
      ))}
    </div>
  );
}
