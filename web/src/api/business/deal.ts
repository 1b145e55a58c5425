// 交易: 买卖合同 and 租赁合同 (one set of routes, the kind in the body), their commission orders
// (佣金结算), the company's split template and performance (业绩). Money crosses in fen; forms
// send 元 (成交价 in 万) as typed, and the server converts with core.
import type { Schema } from '../schemas';
import { act, choices, pageOf, read, write } from '../org/calls';

export type ContractRow = Schema<'ContractRow'>;
/** One contract with its split, history and the core `contractAction` codes offered. */
export type ContractDetail = Schema<'ContractDetail'>;
export type ContractFilters = Omit<Schema<'ContractQuery'>, 'pageNum' | 'pageSize'>;
export type ContractForm = Schema<'ContractForm'>;
export type SplitView = Schema<'SplitView'>;
export type SplitBody = Schema<'SplitBody'>;
export type DealPerson = Schema<'DealPerson'>;
export type SplitPreview = Schema<'SplitPreview'>;
export type OrderRow = Schema<'OrderRow'>;
/** One order with its receipts, history and the core `orderAction` codes offered. */
export type OrderDetail = Schema<'OrderDetail'>;
export type OrderFilters = Omit<Schema<'OrderQuery'>, 'pageNum' | 'pageSize'>;
export type OrderPay = Schema<'OrderPay'>;
export type ReceiptView = Schema<'ReceiptView'>;
export type AchievementQuery = Schema<'AchievementQuery'>;
export type AchievementReport = Schema<'AchievementReport'>;
export type AchievementRow = Schema<'AchievementRow'>;

const BASE = '/api/v1/fm/business';

export const contractApi = {
  list: pageOf<ContractRow, ContractFilters>(`${BASE}/contract/list`),
  detail: (id: number) => read<ContractDetail>(`${BASE}/contract/detail`, { id }),
  add: (kind: number, form: ContractForm) => write<ContractDetail>(`${BASE}/contract/add`, { ...form, kind }),
  edit: (id: number, form: ContractForm) => write<ContractDetail>(`${BASE}/contract/edit`, { ...form, id }),
  /** 签约 or 解约 asked for with a click: a refusal toasts. */
  move: (id: number, action: string) => act<ContractDetail>(`${BASE}/contract/transition`, { id, action }),
  /** The company's people a form may name. */
  people: () => choices<DealPerson>(`${BASE}/contract/people`),
  /** The split `add` would write: the company's template over the listing's role holders. */
  split: (query: SplitPreview) => write<SplitView[]>(`${BASE}/contract/split`, query),
};

export const orderApi = {
  list: pageOf<OrderRow, OrderFilters>(`${BASE}/commission/list`),
  detail: (id: number) => read<OrderDetail>(`${BASE}/commission/detail`, { id }),
  /** 提交审核, 审核通过 or 关闭 asked for with a click: a refusal toasts. */
  move: (id: number, action: string) => act<OrderDetail>(`${BASE}/commission/transition`, { id, action }),
  /** 驳回 with its reason, from a form. */
  reject: (id: number, reason: string) => write<OrderDetail>(`${BASE}/commission/transition`, { id, action: 'reject', reason }),
  /** 收款: an amount in 元 by §3 payWay, from a form. */
  pay: (body: OrderPay) => write<OrderDetail>(`${BASE}/commission/pay`, body),
};

export const achievementApi = {
  summary: (query: AchievementQuery) => read<AchievementReport>(`${BASE}/achievement/summary`, query),
};
