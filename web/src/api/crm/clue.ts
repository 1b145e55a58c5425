// 线索 (leads): the pool page's list, detail and moves, 转为客户, and the batch import of
// 批量添加线索 (/api/v1/fm/crm/clue/…).
import { request } from '../client';
import type { Schema } from '../schemas';
import { act, choices, pageOf, read, write } from '../org/calls';

/** A list row; `phone` is as the server lets this caller see it (whole only for the lead's agent, as customers' phones). */
export type LeadRow = Schema<'LeadRow'>;
/** One lead with its history and the core `clueAction` codes offered to this caller. */
export type LeadDetail = Schema<'LeadDetail'>;
export type LeadFilters = Omit<Schema<'LeadQuery'>, 'pageNum' | 'pageSize'>;
export type LeadTransition = Schema<'LeadTransition'>;
export type LeadConvert = Schema<'LeadConvert'>;
export type Assignee = Schema<'Assignee'>;
export type LeadBatchTransition = Schema<'LeadBatchTransition'>;
export type LeadMoveResult = Schema<'LeadMoveResult'>;
export type ImportJob = Schema<'ImportJob'>;
export type RowResult = Schema<'RowResult'>;
export type ImportStart = Schema<'ImportStart'>;
/** A file's row as core's lead form checked it, before saving. */
export type CheckedLine = Schema<'CheckedLine'>;

const base = '/api/v1/fm/crm/clue';

export const clueApi = {
  list: pageOf<LeadRow, LeadFilters>(`${base}/list`),
  detail: (id: number) => read<LeadDetail>(`${base}/detail`, { id }),
  add: (data: object) => write<LeadDetail>(`${base}/add`, data),
  /** A move with a form (分配's assignee, 标记无效's reason): a refusal comes back to the form. */
  transition: (data: LeadTransition) => write<LeadDetail>(`${base}/transition`, data),
  /** A move asked for with a click (认领, 退回线索池, 恢复): a refusal toasts. */
  move: (id: number, action: string) => act<LeadDetail>(`${base}/transition`, { id, action }),
  /** 批量认领 / 批量分配: each lead's outcome; a refusal of the whole request comes back to the form. */
  batchTransition: (data: LeadBatchTransition) => write<LeadMoveResult[]>(`${base}/batchTransition`, data),
  convert: (data: LeadConvert) => write<LeadDetail>(`${base}/convert`, data),
  assignees: () => choices<Assignee>(`${base}/assignees`),
  /** Starts an import of pasted rows or a file (base64); its rows are checked on the server. */
  importStart: (data: Partial<ImportStart>) => write<ImportJob>(`${base}/import`, data),
  /** An XLSX (or CSV) file's rows checked by core's lead form on the server, nothing saved. */
  importCheck: (data: { fileName: string; content: string }) =>
    request<CheckedLine[]>({ url: `${base}/import/check`, data, showErrorMessage: false }),
  importProgress: (id: number) =>
    request<ImportJob>({ url: `${base}/import/progress`, data: { id }, showLoading: false }),
  template: () => request<Blob>({ url: `${base}/import/template`, data: {}, responseType: 'blob' }),
};
