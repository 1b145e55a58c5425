// 知识库 (spec §7, under /api/v1/chat/Knowledge/ on the chat API base). These are admin
// configuration calls: they carry the session token and are checked against the caller's menu
// permissions, like every other admin page.
import type { PageRequest, PageResult } from '../../components/list/useListQuery';
import { isApiFailure, request, type ApiFailure } from '../client';
import { queryClient } from '../queryClient';
import type { Schema } from '../schemas';

export type Knowledge = Schema<'Knowledge'>;
export type DataSet = Schema<'KnowledgeDataSet'>;
export type DataSetCount = Schema<'DataSetCount'>;
export type KnowledgePoint = Schema<'KnowledgePoint'>;
export type SearchHit = Schema<'KnowledgeHit'>;
export type SearchResult = Schema<'KnowledgeSearchResult'>;
export type PastSearch = Schema<'KnowledgePastSearch'>;
export type FilePreview = Schema<'FilePreview'>;
export type PreviewPoint = Schema<'PreviewPoint'>;
export type ImportResult = Schema<'ImportResult'>;
export type FeeExpect = Schema<'FeeExpect'>;
export type BatchImport = Schema<'BatchImport'>;
export type BatchFile = Schema<'BatchFile'>;
/** A knowledge base bound to an assistant, switched on or off. */
export type Binding = Schema<'Binding'>;

const base = '/api/v1/chat/Knowledge';

function read<T>(url: string, data: object = {}, method?: string) {
  return request<T>({ url: `${base}/${url}`, data, method, base: 'chatApi', showLoading: false });
}

function changed<T>(result: T): T {
  if (!isApiFailure(result)) void queryClient.invalidateQueries();
  return result;
}

/** A form's write: a refusal comes back for the form to place. */
function write<T>(url: string, data: object): Promise<T | ApiFailure> {
  return request<T>({ url: `${base}/${url}`, data, base: 'chatApi', showErrorMessage: false }).then(changed);
}

/** A write outside a form (delete): a refusal toasts and rejects. */
function act<T = unknown>(url: string, data: object = {}) {
  return request<T>({ url: `${base}/${url}`, data, base: 'chatApi' }).then(changed);
}

export const knowledgeApi = {
  list: (query: { name?: string } & PageRequest) => read<PageResult<Knowledge>>('knowledge/list', query),
  detail: (id: number) => read<Knowledge>(`knowledge/detail/${id}`),
  save: (data: Schema<'KnowledgeConfig'>) => write<Knowledge>('config', data),
  remove: (id: number) => act(`knowledge/del/${id}`),

  dataSets: (query: { knowledgeId: number; name?: string } & PageRequest) =>
    read<PageResult<DataSet>>('data/set/list', query),
  counts: (knowledgeId: number) => read<DataSetCount>('data/set/list/count', { knowledgeId }),
  renameDataSet: (data: Schema<'HandleEdit'>) => write<DataSet>('handle/edit', data),
  removeDataSet: (id: number) => act(`data/set/del/${id}`),

  points: (query: { knowledgeId?: number; dataSetId?: number; keyword?: string } & PageRequest) =>
    read<PageResult<KnowledgePoint>>('point/list', query),
  addPoint: (data: Schema<'HandleImport'>) => write<KnowledgePoint>('handle/import', data),
  editPoint: (data: Schema<'PointEdit'>) => write<KnowledgePoint>('edit/point', data),
  removePoint: (id: number) => act(`del/point/${id}`),

  search: (knowledgeId: number, data: Schema<'KnowledgeSearchRequest'>) =>
    write<SearchResult>(`vector/search/${knowledgeId}`, data),
  /** Reads a file into a preview; `signal` cancels it (取消请求). The dialog shows it running, with its 取消 button reachable: no page overlay. */
  analyse: (data: Schema<'FileAnalysis'>, signal: AbortSignal) =>
    request<FilePreview>({ url: `${base}/file/import/analysis`, data, base: 'chatApi', signal, showLoading: false }),
  /** 网页解析: reads a web page into a preview like a file's; `signal` cancels it (取消请求). */
  analyseWeb: (data: Schema<'WebAnalysis'>, signal: AbortSignal) =>
    request<FilePreview>({ url: `${base}/web/analysis`, data, base: 'chatApi', signal, showLoading: false }),
  submitImport: (data: Schema<'AnalysisSubmit'>) => act<ImportResult>('analysis/submit', data),
  /** 费用预估: what indexing the points about to be imported would cost. Quiet: the import goes on without it. */
  feeExpect: (data: Schema<'FeeExpectRequest'>) =>
    request<FeeExpect>({ url: `${base}/fee/expect`, data, base: 'chatApi', showLoading: false, showErrorMessage: false }),
  /** 对话标注: a chat log turn made a knowledge point; a refusal comes back for the form to place. */
  annotate: (data: Schema<'DialogueCreate'>) => write<KnowledgePoint>('dialogue/create', data),
  /** Starts a batch import; the server goes on with it after answering. */
  batchImport: (data: Schema<'BatchImportStart'>) => act<BatchImport>('batch/import', data),
  // A batch that has ended wrote its points in the server, after the request that started it:
  // every screen showing the base's counts refetches then, as after a write of this page.
  batchProgress: (id: number) =>
    read<BatchImport>(`batch/import/progress/${id}`).then((batch) => (batch.status === 1 ? batch : changed(batch))),
  stopBatch: (id: number) => act<BatchImport>(`stop/batch/import/${id}`),

  /** An assistant's knowledge bases, each switched on or off. */
  bindings: (assistantId: number) => read<Binding[]>('assistant/knowledge/list', { assistantId }),
  bind: (assistantId: number, knowledgeIds: number[]) =>
    act<Binding[]>('assistant/knowledge/add', { assistantId, knowledgeIds }),
  switchBinding: (id: number, enabled: boolean) => act<Binding[]>('assistant/knowledge/status', { id, enabled }),
  unbind: (id: number) => act(`assistant/knowledge/del/${id}`),

  history: (knowledgeId: number) => read<PastSearch[]>(`vector/search/${knowledgeId}/history`, {}, 'GET'),
};
