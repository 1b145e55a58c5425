// 对话日志 and 使用统计 (spec §7 "Logs", on the chat API base), and the asker's vote from the chat
// panel. The admin pages send the session token; the chat panel its chat credentials.
import type { PageRequest, PageResult } from '../../components/list/useListQuery';
import { chatReady, request } from '../client';
import type { Schema } from '../schemas';

export type ChatLog = Schema<'ChatLog'>;
export type CitedDoc = Schema<'Passage'>;
export type Statistics = Schema<'Statistics'>;
export type Summary = Schema<'Summary'>;

export interface LogFilters {
  assistantId?: number;
  userName?: string;
  keyword?: string;
  vote?: number;
  status?: number;
  startDate?: string;
  endDate?: string;
}

export interface Period {
  assistantId?: number;
  startDate?: string;
  endDate?: string;
}

const base = '/api/v1/chat/assistant/log';

/** The filters as query parameters: empty ones left out. */
function params(filters: object): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) {
    if (value !== undefined && value !== null && value !== '') query.set(name, String(value));
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}

export const logApi = {
  page: (query: LogFilters & PageRequest) =>
    request<PageResult<ChatLog>>({ url: `${base}/page`, data: query, base: 'chatApi', showLoading: false }),
  context: (id: number) => request<ChatLog[]>({ url: `${base}/context`, data: { id }, base: 'chatApi', showLoading: false }),
  docs: (id: number) => request<CitedDoc[]>({ url: `${base}/refrence/doc`, data: { id }, base: 'chatApi', showLoading: false }),
  statistics: (period: Period) =>
    request<Statistics>({ url: `${base}/statistics`, method: 'GET', data: period, base: 'chatApi', showLoading: false }),
  /** A POST whose parameters are query parameters (spec §7). */
  summary: (period: Period) =>
    request<Summary>({ url: `${base}/statistics/summary${params(period)}`, data: {}, base: 'chatApi', showLoading: false }),
  /** The filtered log as a CSV file. */
  exportCsv: (filters: LogFilters) =>
    request<Blob>({ url: `${base}/export`, method: 'GET', data: filters, base: 'chatApi', responseType: 'blob' }),
  /** 👍 (1), 👎 (2) or neither (0) on an answer the user was given, named by its question's msgId. */
  vote: (uuid: string, msgId: string, vote: number) =>
    request<ChatLog>({
      url: `${base}/vote`,
      data: { uuid, msgId, vote },
      base: 'chatApi',
      chat: chatReady(),
      showLoading: false,
    }),
};

/** Saves a downloaded file under `name`. */
export function saveFile(blob: Blob, name: string) {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = name;
  link.click();
  URL.revokeObjectURL(link.href);
}
