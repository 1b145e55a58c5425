import { useState } from 'react';
import { Button, Modal, Space, Tag, Typography } from '@arco-design/web-react';
import { IconDownload } from '@arco-design/web-react/icon';
import { formatDuration } from '@core/wasm';
import { logApi, saveFile, type ChatLog, type LogFilters } from '../../../api/ai/logs';
import { useRead } from '../../../api/useRead';
import { enumOptions } from '../../../components/enums';
import { ClippedText } from '../../../components/list/ClippedText';
import { ListPage } from '../../../components/list/ListPage';
import { RowActions } from '../../../components/list/RowActions';
import { useListQuery, type PageRequest } from '../../../components/list/useListQuery';
import { Permission, usePermission } from '../../../components/Permission';
import { dateTime } from '../../org/shared/format';
import type { PageProps } from '../../registry';
import { AnnotateDialog } from './AnnotateDialog';
import { CallDetails, CalledFunctions } from './functionCalls';

const VOTE_COLORS: Record<number, string> = { 1: 'green', 2: 'red' };

function VoteTag({ turn }: { turn: ChatLog }) {
  return turn.vote === 0 ? <Typography.Text type="secondary">未评价</Typography.Text> : <Tag color={VOTE_COLORS[turn.vote]}>{turn.voteName}</Tag>;
}

/** 上下文: every turn of the conversation a turn belongs to, with what each answer cited. */
function ContextDialog({ turn, onClose }: { turn?: ChatLog; onClose: () => void }) {
  const { data: turns } = useRead(() => (turn ? logApi.context(turn.id) : Promise.resolve([])), turn?.id ?? 0);
  return (
    <Modal title="对话上下文" visible={turn !== undefined} onCancel={onClose} footer={null} style={{ width: 720 }} data-testid="log-context">
      <Space direction="vertical" size={12} style={{ width: '100%' }}>
        {(turns ?? []).map((each) => (
          <div key={each.id} className={each.id === turn?.id ? 'chat-log-turn chat-log-turn--chosen' : 'chat-log-turn'}>
            <Typography.Text bold>
              {each.userName}：{each.question}
            </Typography.Text>
            <Typography.Paragraph style={{ margin: '4px 0' }}>
              {each.assistantName}：{each.answer}
            </Typography.Paragraph>
            <CallDetails turn={each} />
            <Space size={8}>
              <Typography.Text type="secondary">{dateTime(each.createdAt)}</Typography.Text>
              <Typography.Text type="secondary">{each.statusName}</Typography.Text>
              <Typography.Text type="secondary">引用 {each.docCount} 篇</Typography.Text>
              <VoteTag turn={each} />
            </Space>
          </div>
        ))}
      </Space>
    </Modal>
  );
}

/**
 * 对话日志 (/adminConfig/aiHelper/log): every question asked in the chat panel with its answer,
 * asker, assistant, tokens, time taken and the asker's vote; filtered, opened as its whole
 * conversation, exported as CSV, and made a knowledge point (标注: dialogue/create).
 */
export default function ChatLogPage(_: PageProps) {
  const query = useListQuery((q: LogFilters & PageRequest) => logApi.page(q), {} as LogFilters);
  const [opened, setOpened] = useState<ChatLog | undefined>();
  const [annotating, setAnnotating] = useState<ChatLog | undefined>();
  // 对话标注 writes a knowledge point: it needs the knowledge base's 编辑 as well.
  const mayAnnotate = usePermission('/adminConfig/aiHelper/knowledge')('edit');
  const exportCsv = () => void logApi.exportCsv(query.filters).then((blob) => saveFile(blob, '对话日志.csv'), () => undefined);
  return (
    <ListPage<ChatLog, LogFilters>
      testId="chat-log"
      query={query}
      filters={[
        { field: 'keyword', label: '问题或回答' },
        { field: 'userName', label: '提问人' },
        { field: 'status', label: '状态', kind: 'select', options: enumOptions('chatLogStatus') },
        { field: 'vote', label: '评价', kind: 'select', options: enumOptions('chatVote') },
        { field: 'startDate', label: '开始日期', kind: 'date' },
        { field: 'endDate', label: '结束日期', kind: 'date' },
      ]}
      toolbar={
        <Permission action="export">
          <Button icon={<IconDownload />} onClick={exportCsv} data-testid="log-export">
            导出CSV
          </Button>
        </Permission>
      }
      columns={[
        { title: '时间', dataIndex: 'createdAt', width: 160, render: dateTime },
        { title: '助手', dataIndex: 'assistantName', width: 130 },
        { title: '提问人', dataIndex: 'userName', width: 90 },
        { title: '问题', dataIndex: 'question', render: (text: string) => <ClippedText text={text} /> },
        { title: '回答', dataIndex: 'answer', render: (text: string) => <ClippedText text={text} /> },
        { title: '业务函数', dataIndex: 'functionCalls', width: 150, render: (_: unknown, turn: ChatLog) => <CalledFunctions turn={turn} /> },
        { title: '状态', dataIndex: 'statusName', width: 90 },
        { title: '评价', dataIndex: 'vote', width: 80, render: (_: number, turn: ChatLog) => <VoteTag turn={turn} /> },
        { title: 'tokens', dataIndex: 'tokens', width: 80 },
        { title: '耗时', dataIndex: 'latencyMs', width: 90, render: formatDuration },
        {
          title: '操作',
          dataIndex: '__actions',
          fixed: 'right',
          width: 150,
          render: (_: unknown, turn: ChatLog) => (
            <RowActions
              rowName={turn.question}
              items={[
                { label: '上下文', testId: 'row-context', onClick: () => setOpened(turn) },
                ...(mayAnnotate ? [{ label: '标注', testId: 'row-annotate', onClick: () => setAnnotating(turn) }] : []),
              ]}
            />
          ),
        },
      ]}
    >
      <ContextDialog turn={opened} onClose={() => setOpened(undefined)} />
      <AnnotateDialog turn={annotating} onClose={() => setAnnotating(undefined)} />
    </ListPage>
  );
}
