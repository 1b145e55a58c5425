import { useRef, useState, type RefObject } from 'react';
import { Button, Drawer, Empty, Input, Popconfirm, Popover, Select, Space, Tag, Typography } from '@arco-design/web-react';
import type { RefTextAreaType } from '@arco-design/web-react/es/Input';
import { IconClose, IconDelete, IconPlus, IconRefresh, IconRobot, IconSend, IconThumbDown, IconThumbUp } from '@arco-design/web-react/icon';
import { chatQuestionMax, chatQuestionRefusal, chatShowsWelcome, chatUsageNote, type ChatEntry } from '@core/wasm';
import { assistantApi, type ChatTool } from '../../api/ai/assistant';
import { logApi } from '../../api/ai/logs';
import { useRead } from '../../api/useRead';
import { useSiteStore } from '../../stores/site';
import { useUserStore } from '../../stores/user';
import { TEXT } from '../../config/coreData';
import { useChat } from './useChat';
import { useFollowNewest } from './useFollowNewest';
import './ChatPanel.css';

/** A document an answer cites (the server's `doc` reply). */
interface CitedDoc {
  pointId: number;
  source: string;
  question: string;
  answer: string;
}

/**
 * A cited point as a chip; a click opens its question and answer where the answer is read.
 * Escape with it open closes only it: the panel around it stays.
 */
function Citation({ doc }: { doc: CitedDoc }) {
  const [open, setOpen] = useState(false);
  return (
    // Wraps the chip and its popover (whose keys reach here through the portal): not a control.
    <span
      role="presentation"
      onKeyDown={(event) => {
        if (event.key !== 'Escape' || !open) return;
        event.stopPropagation();
        setOpen(false);
      }}
    >
      <Popover
        trigger="click"
        position="top"
        popupVisible={open}
        onVisibleChange={setOpen}
        title={doc.question}
        content={
          <div className="chat-citation" data-testid="chat-citation">
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{doc.answer}</Typography.Paragraph>
            <Typography.Text type="secondary">来源：{doc.source}</Typography.Text>
          </div>
        }
      >
        <Tag size="small" color="arcoblue" className="chat-docs__chip" data-testid="chat-doc">
          <button type="button" className="chat-docs__open" aria-expanded={open}>
            {doc.source} · {doc.question}
          </button>
        </Tag>
      </Popover>
    </span>
  );
}

/**
 * 👍 有用 / 👎 没用 on a finished answer, recorded in the chat log against its question (the
 * question entry's id is the msgId the server logged); clicking the chosen one takes it back.
 */
function Votes({ question, uuid }: { question?: ChatEntry; uuid: string }) {
  const [vote, setVote] = useState(0);
  const msgId = question?.id;
  if (!msgId) return null;
  const cast = (wanted: number) => {
    const next = vote === wanted ? 0 : wanted;
    void logApi.vote(uuid, msgId, next).then(
      () => setVote(next),
      () => undefined,
    );
  };
  return (
    <>
      <Button
        size="mini"
        type={vote === 1 ? 'primary' : 'text'}
        icon={<IconThumbUp />}
        aria-label="有用"
        aria-pressed={vote === 1}
        onClick={() => cast(1)}
        data-testid="chat-vote-up"
      />
      <Button
        size="mini"
        type={vote === 2 ? 'primary' : 'text'}
        status={vote === 2 ? 'danger' : undefined}
        icon={<IconThumbDown />}
        aria-label="没用"
        aria-pressed={vote === 2}
        onClick={() => cast(2)}
        data-testid="chat-vote-down"
      />
    </>
  );
}

function Answer({ entry, index, last, chat }: { entry: ChatEntry; index: number; last: boolean; chat: ReturnType<typeof useChat> }) {
  const docs = entry.doc as CitedDoc[];
  const question = chat.conversation.entries[index - 1];
  // Only an answer the server has logged as done is voted on.
  const done = entry.status === 0 && entry.tokenTotal !== null;
  // Started but nothing written yet: still thinking, as far as the reader can tell.
  const text = entry.text || (entry.status === 1 ? TEXT.chatThinking : '');
  const waiting = [1, 4, 5].includes(entry.status);
  return (
    <div className={`chat-entry chat-entry--answer chat-entry--status-${entry.status}`} data-testid="chat-answer">
      <div className="chat-bubble" aria-busy={waiting}>
        {text}
        {waiting && text !== TEXT.chatStopping && <span className="chat-bubble__dots" aria-hidden />}
      </div>
      {docs.length > 0 && (
        <div className="chat-docs" data-testid="chat-docs">
          <Typography.Text type="secondary">引用 {entry.docCount} 篇：</Typography.Text>
          {docs.map((doc) => (
            <Citation key={doc.pointId} doc={doc} />
          ))}
        </div>
      )}
      {!waiting && (
      <Space size={4} className="chat-entry__actions">
        {entry.tokenTotal !== null && (
          <Typography.Text type="secondary" data-testid="chat-usage">
            {chatUsageNote(entry.tokenTotal)}
          </Typography.Text>
        )}
        {done && <Votes question={question?.type === 0 ? question : undefined} uuid={entry.uuId} />}
        {last && (
          <Button size="mini" type="text" icon={<IconRefresh />} onClick={chat.retry} data-testid="chat-retry">
            重试
          </Button>
        )}
        <Popconfirm
          title="确定删除这轮对话吗？"
          okText="确定"
          cancelText="取消"
          okButtonProps={{ status: 'danger', 'data-testid': 'chat-delete-ok' } as object}
          onOk={() => chat.remove(index)}
        >
          <Button size="mini" type="text" icon={<IconDelete />} data-testid="chat-delete">
            删除
          </Button>
        </Popconfirm>
      </Space>
      )}
    </div>
  );
}

/** Characters a question may hold: core's rule, which the socket checks again. */
const QUESTION_MAX = chatQuestionMax();

interface ConversationProps {
  tool: ChatTool;
  inputRef: RefObject<RefTextAreaType | null>;
  /** The unsent question, kept by the panel so switching assistant does not lose it. */
  draft: string;
  setDraft: (draft: string) => void;
}

function Conversation({ tool, inputRef, draft, setDraft }: ConversationProps) {
  const login = useUserStore((state) => state.info?.chatLoginInfo ?? undefined);
  const siteId = useSiteStore((state) => state.siteId);
  const userId = useUserStore((state) => state.info?.userId);
  const chat = useChat(tool.id, login, siteId, userId == null ? undefined : String(userId));
  const entries = chat.conversation.entries;
  const newest = entries.at(-1);
  const { list, onScroll, follow } = useFollowNewest<HTMLDivElement>([entries.length, newest?.text, newest?.status, newest?.doc.length]);
  const lastAnswer = entries.map((entry) => entry.type).lastIndexOf(1);
  // A question past core's limit is kept as typed, refused here as the socket would refuse it.
  const refusal = chatQuestionRefusal(draft) ?? undefined;
  const submit = (text: string) => {
    const question = text.trim();
    if (!question || chatQuestionRefusal(question)) return;
    follow();
    chat.ask(question);
    if (!chat.busy) setDraft('');
  };
  return (
    <div className="chat-panel__body">
      <div
        className="chat-panel__entries"
        data-testid="chat-entries"
        ref={list}
        onScroll={onScroll}
      >
        {chatShowsWelcome(chat.conversation) && (
          <div className="chat-welcome" data-testid="chat-welcome">
            <div className="chat-bubble">{tool.assistantExt.welcomeMessage || `您好，我是${tool.name}`}</div>
            <Space wrap>
              {tool.assistantExt.suggestedQuestions.map((question) => (
                <Button key={question} size="small" onClick={() => submit(question)} data-testid="chat-suggestion">
                  {question}
                </Button>
              ))}
            </Space>
          </div>
        )}
        {entries.map((entry, index) =>
          entry.type === 0 ? (
            <div key={index} className="chat-entry chat-entry--question" data-testid="chat-question">
              <div className="chat-bubble">{entry.text}</div>
            </div>
          ) : entry.type === 1 ? (
            <Answer key={index} entry={entry} index={index} last={index === lastAnswer} chat={chat} />
          ) : (
            <div key={index} className="chat-divider" data-testid="chat-new-marker">
              {entry.text}
            </div>
          ),
        )}
      </div>
      <div className="chat-panel__footer">
        <Space>
          <Button size="small" icon={<IconPlus />} onClick={chat.restart} data-testid="chat-new">
            新对话
          </Button>
          {chat.busy && (
            <Button size="small" status="warning" onClick={chat.stop} data-testid="chat-stop">
              停止回答
            </Button>
          )}
        </Space>
        <div className="chat-panel__input">
          <Input.TextArea
            ref={inputRef}
            value={draft}
            onChange={setDraft}
            maxLength={{ length: QUESTION_MAX, errorOnly: true }}
            showWordLimit
            status={refusal ? 'error' : undefined}
            aria-invalid={refusal !== undefined}
            aria-describedby={refusal ? 'chat-input-refusal' : undefined}
            placeholder="输入问题，Enter 发送，Shift+Enter 换行"
            autoSize={{ minRows: 2, maxRows: 5 }}
            onPressEnter={(event) => {
              if (event.shiftKey) return;
              event.preventDefault();
              submit(draft);
            }}
            data-testid="chat-input"
          />
          <Button
            type="primary"
            icon={<IconSend />}
            onClick={() => submit(draft)}
            disabled={refusal !== undefined}
            aria-label="发送"
            data-testid="chat-send"
          />
        </div>
        {refusal && (
          <Typography.Text type="error" id="chat-input-refusal" role="alert" data-testid="chat-input-refusal">
            {refusal}
          </Typography.Text>
        )}
      </div>
    </div>
  );
}

/**
 * The AI assistant from the workspace header: shown to every logged-in user while a published
 * assistant serves them; a drawer with one conversation per assistant.
 */
export function ChatLauncher() {
  const { data: tools } = useRead(assistantApi.tools, 'chat-tools');
  const [open, setOpen] = useState(false);
  // The socket opens when the panel first does, and stays while the page lives.
  const [started, setStarted] = useState(false);
  const [chosen, setChosen] = useState<number | undefined>();
  const [draft, setDraft] = useState('');
  // Opening puts the reader in the question box; closing (Escape too) gives focus back to AI助手.
  const opener = useRef<HTMLButtonElement>(null);
  const input = useRef<RefTextAreaType>(null);
  if (!tools || tools.length === 0) return null;
  const tool = tools.find((candidate) => candidate.id === chosen) ?? tools[0];
  return (
    <>
      <Button ref={opener} type="text" icon={<IconRobot />} onClick={() => {
          setOpen(true);
          setStarted(true);
        }}
        data-testid="chat-open"
      >
        AI助手
      </Button>
      <Drawer
        width={480}
        visible={open}
        onCancel={() => setOpen(false)}
        afterOpen={() => input.current?.focus()}
        afterClose={() => opener.current?.focus()}
        footer={null}
        // A button, so the × is reached by Tab like every other control of the panel.
        closeIcon={
          <button type="button" className="chat-panel__close" aria-label="关闭" data-testid="chat-close">
            <IconClose />
          </button>
        }
        title={
          tools.length > 1 ? (
            <Select
              size="small"
              value={tool.id}
              onChange={setChosen}
              options={tools.map((candidate) => ({ value: candidate.id, label: candidate.name }))}
              style={{ width: 220 }}
              aria-label="选择助手"
            />
          ) : (
            tool.name
          )
        }
        className="chat-panel"
        data-testid="chat-panel"
        unmountOnExit={false}
      >
        {started ? <Conversation key={tool.id} tool={tool} inputRef={input} draft={draft} setDraft={setDraft} /> : <Empty />}
      </Drawer>
    </>
  );
}
