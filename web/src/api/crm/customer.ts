// 客户 (/work/crm/customer): the customer routes /api/v1/fm/crm/customer/…, the home page's
// reminder of follow-ups due, and the 转移 picker.
import type { Schema } from '../schemas';
import { act, choices, pageOf, read, write } from '../org/calls';

/** A list row; `phone` is as the server lets this caller see it (`phoneAccess`), and
 *  `offeredActions` are core's pool-table moves this caller may take on it. */
export type CustomerRow = Schema<'CustomerRow'>;
/** One customer with its history, `mayEdit`, `mayFollowUp` and the drop notice. */
export type CustomerDetail = Schema<'CustomerDetail'>;
export type CustomerFilters = Omit<Schema<'CustomerQuery'>, 'pageNum' | 'pageSize'>;
export type CustomerForm = Schema<'CustomerForm'>;
export type CustomerFollowUp = Schema<'CustomerFollowUp'>;
export type CustomerFollowUpAdd = Schema<'CustomerFollowUpAdd'>;
export type CustomerAgent = Schema<'CustomerAgent'>;
export type RevealedCustomerPhone = Schema<'RevealedCustomerPhone'>;

const BASE = '/api/v1/fm/crm/customer';

export const customerApi = {
  list: pageOf<CustomerRow, CustomerFilters>(`${BASE}/list`),
  detail: (id: number) => read<CustomerDetail>(`${BASE}/detail`, { id }),
  /** 今日待跟进: the caller's own customers whose planned follow-up is today or past. */
  due: () => read<CustomerRow[]>(`${BASE}/due`),
  add: (data: CustomerForm) => write<CustomerDetail>(`${BASE}/add`, data),
  edit: (data: CustomerForm & { id: number }) => write<CustomerDetail>(`${BASE}/edit`, data),
  /** 转公客, 成交, 设为无效, 恢复有效: a refusal toasts. */
  move: (id: number, action: string) => act<CustomerDetail>(`${BASE}/transition`, { id, action }),
  /** A move that says why (core's `customerMoveReasonForm`: 转公客, 设为无效): a refusal comes
   *  back to the dialog. */
  moveWithReason: (id: number, action: string, remark: string) =>
    write<CustomerDetail>(`${BASE}/transition`, { id, action, remark }),
  claim: (id: number) => act<CustomerDetail>(`${BASE}/claim`, { id }),
  transfer: (id: number, userId: number) => write<CustomerDetail>(`${BASE}/transfer`, { id, userId }),
  /** Who the caller may transfer customers to; none without 转移. */
  agents: () => choices<CustomerAgent>(`${BASE}/agents`),
  followUps: (customerId: number) =>
    read<{ list: CustomerFollowUp[]; total: number }>(`${BASE}/followUp/list`, { customerId, pageNum: 1, pageSize: 100 }),
  addFollowUp: (data: CustomerFollowUpAdd) => write<CustomerFollowUp>(`${BASE}/followUp/add`, data),
  revealPhone: (id: number) => read<RevealedCustomerPhone>(`${BASE}/revealPhone`, { id }),
};
