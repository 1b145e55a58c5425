// One chat with one assistant over the chat socket. Core decides everything (the conversation
// reducer: what a question, a reply, a stop, a retry or a new conversation does; the connection
// policy: pings, reconnects, reply timeouts); this hook owns the socket and the clock and feeds
// their events in.
import { useCallback, useEffect, useRef, useState } from 'react';
import { Message } from '@arco-design/web-react';
import {
  chatAsk,
  chatDelete,
  chatFailAnswer,
  chatNew,
  chatNewConversation,
  chatReply,
  chatRetry,
  chatSocketError,
  chatStop,
  connectionNew,
  connectionStep,
  replyTimeoutMs,
  wsUrl,
  type ChatReply,
  type ConnectionCommand,
  type ConnectionEvent,
  type ConnectionState,
  type Conversation,
} from '@core/wasm';
import type { ChatLoginInfo } from '../../api/types';
import { runtimeConfig } from '../../config/runtime';
import { TEXT } from '../../config/coreData';
import { storageKeys } from '../../stores/storageKeys';

/** Chat statuses (core): answering, thinking, stopping. */
const BUSY = new Set([1, 4, 5]);
const TICK_MS = 1000;
/** The chat type every question carries (`code`): a single-assistant chat. */
const CHAT_CODE = 1;
/** What a browser socket error says: it gives no detail of its own. */
const BROKEN = '连接中断';

function newId(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(16).slice(2)}`;
}

/** The socket's base: the configured address, else the serving origin. */
function socketBase(): string {
  const configured = runtimeConfig().bases.ws.replace(/\/ws\/?$/, '');
  if (configured) return configured;
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}`;
}

/** The current conversation only: what follows the last 新对话 marker, so a new one starts empty. */
function currentOnly(conversation: Conversation): Conversation {
  const marker = conversation.entries.map((entry) => entry.type).lastIndexOf(-1);
  return { ...conversation, entries: conversation.entries.slice(marker + 1) };
}

/**
 * The conversation this tab kept under `key`, else a fresh one. An answer still in progress when
 * the page went away can no longer arrive (its socket is gone): it shows as stopped.
 */
export function restoredConversation(key: string | undefined): Conversation {
  const kept = key ? sessionStorage.getItem(key) : null;
  if (kept) {
    try {
      const conversation = JSON.parse(kept) as Conversation;
      return {
        ...conversation,
        entries: conversation.entries.map((entry) =>
          entry.type === 1 && BUSY.has(entry.status)
            ? {
                ...entry,
                status: 3,
                stoped: true,
                text: [TEXT.chatThinking, TEXT.chatStopping, ''].includes(entry.text) ? TEXT.chatStopped : entry.text,
              }
            : entry,
        ),
      };
    } catch {
      sessionStorage.removeItem(key!);
    }
  }
  return chatNew(newId());
}

export interface Chat {
  conversation: Conversation;
  busy: boolean;
  ask: (question: string) => void;
  stop: () => void;
  retry: () => void;
  remove: (index: number) => void;
  restart: () => void;
}

/**
 * The chat with `assistantId` over a socket opened for `siteId`, the city site chosen in the
 * header (the functions an assistant calls then see that site's rows only, as the pages do);
 * choosing another site opens a new socket.
 */
export function useChat(assistantId: number, login: ChatLoginInfo | undefined, siteId: number, userId?: string): Chat {
  const key = userId ? storageKeys.chat(assistantId, userId) : undefined;
  const [conversation, setConversation] = useState<Conversation>(() => restoredConversation(key));
  const current = useRef(conversation);
  const connection = useRef<ConnectionState>(connectionNew());
  const socket = useRef<WebSocket | null>(null);

  const apply = useCallback(
    (next: Conversation) => {
      current.current = next;
      setConversation(next);
      if (key) sessionStorage.setItem(key, JSON.stringify(currentOnly(next)));
    },
    [key],
  );

  const stepRef = useRef<(event: ConnectionEvent) => void>(() => undefined);

  useEffect(() => {
    if (!login) return undefined;
    let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
    const open = () => {
      const ws = new WebSocket(wsUrl(socketBase(), login.applicationIdentity, login.token, siteId));
      socket.current = ws;
      ws.onopen = () => step({ kind: 'opened', nowMs: Date.now() });
      ws.onmessage = (event: MessageEvent<string>) => {
        if (event.data === 'PONG') {
          step({ kind: 'pong' });
          return;
        }
        let reply: ChatReply;
        try {
          reply = JSON.parse(event.data) as ChatReply;
        } catch {
          return;
        }
        const result = chatReply(current.current, reply);
        if (result.applied) {
          step({ kind: 'replyReceived' });
          apply(result.conversation);
        }
      };
      ws.onerror = () => step({ kind: 'error', detail: BROKEN });
      ws.onclose = (event) => {
        if (socket.current === ws) step({ kind: 'closed', code: event.code });
      };
    };
    const run = (command: ConnectionCommand) => {
      switch (command.kind) {
        case 'open':
          open();
          break;
        case 'reconnect':
          // A little longer each time, so a restarting server is not hammered.
          reconnectTimer = setTimeout(open, command.attempt * TICK_MS);
          break;
        case 'send':
          if (socket.current?.readyState === WebSocket.OPEN) socket.current.send(command.text);
          break;
        case 'closeSocket':
          socket.current?.close(command.code);
          break;
        case 'failAnswer':
          apply(chatFailAnswer(current.current, command.message));
          break;
        case 'socketError':
          apply(chatSocketError(current.current, BROKEN));
          break;
        case 'toast':
          Message.error(command.message);
          break;
      }
    };
    const step = (event: ConnectionEvent) => {
      const result = connectionStep(connection.current, event);
      connection.current = result.state;
      result.commands.forEach(run);
    };
    stepRef.current = step;
    connection.current = connectionNew();
    step({ kind: 'connect' });
    const ticker = setInterval(() => {
      const answering = current.current.entries.some((entry) => entry.type === 1 && BUSY.has(entry.status));
      step({ kind: 'tick', nowMs: Date.now(), answering });
    }, TICK_MS);
    return () => {
      clearInterval(ticker);
      clearTimeout(reconnectTimer);
      step({ kind: 'close' });
      socket.current = null;
    };
  }, [login, siteId, apply]);

  const send = (payload: Record<string, string>) => {
    const ws = socket.current;
    if (ws?.readyState !== WebSocket.OPEN) {
      apply(chatSocketError(current.current, BROKEN));
      return;
    }
    ws.send(JSON.stringify({ code: CHAT_CODE, msg: { uuid: current.current.uuId, assistantId: String(assistantId), ...payload } }));
    stepRef.current({ kind: 'questionSent', nowMs: Date.now(), timeoutMs: replyTimeoutMs(true) });
  };

  const ask = (question: string) => {
    const msgId = newId();
    const result = chatAsk(current.current, question, msgId);
    if (result.toast) {
      Message.warning(result.toast);
      return;
    }
    apply(result.conversation);
    send({ msg: question, msgId });
  };

  const stop = () => {
    apply(chatStop(current.current));
    const ws = socket.current;
    if (ws?.readyState === WebSocket.OPEN) {
      ws.send(JSON.stringify({ code: CHAT_CODE, msg: { msg: '', uuid: current.current.uuId, cmd: 'stop' } }));
    }
  };

  const retry = () => {
    const result = chatRetry(current.current);
    if (result.toast) {
      Message.warning(result.toast);
      return;
    }
    apply(result.conversation);
    if (result.question) send({ msg: result.question, msgId: newId() });
  };

  const remove = (index: number) => {
    const result = chatDelete(current.current, index);
    if (result.toast) Message.warning(result.toast);
    else apply(result.conversation);
  };

  const restart = () => {
    const result = chatNewConversation(current.current, newId());
    if (result.toast) Message.warning(result.toast);
    else apply(result.conversation);
  };

  const busy = conversation.entries.some((entry) => entry.type === 1 && BUSY.has(entry.status));
  return { conversation, busy, ask, stop, retry, remove, restart };
}
