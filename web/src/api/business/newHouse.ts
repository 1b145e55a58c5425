// 新房报备与成交: reports of customers to distributed projects (我要报备, city operations'
// 报备审核) and the deals declared on visited ones, collected through commission orders.
import type { Schema } from '../schemas';
import { act, pageOf, read, write } from '../org/calls';

export type Report = Schema<'ReportRow'>;
export type ReportDetail = Schema<'ReportDetail'>;
export type ReportProject = Schema<'ReportProject'>;
export type ReportAdd = Schema<'ReportAdd'>;
export type ReportFilters = Omit<Schema<'ReportQuery'>, 'pageNum' | 'pageSize'>;
export type Deal = Schema<'DealRow'>;
export type DealDetail = Schema<'DealDetail'>;
export type DealShare = Schema<'DealShareView'>;
export type DealOrder = Schema<'DealOrderView'>;
export type DealForm = Schema<'DealForm'>;
export type DealShareBody = Schema<'DealShareBody'>;
export type DealPrepared = Schema<'DealPrepared'>;
export type Colleague = Schema<'Colleague'>;
export type DealFilters = Omit<Schema<'DealQuery'>, 'pageNum' | 'pageSize'>;

const reports = '/api/v1/fm/business/newHouse/report';
const deals = '/api/v1/fm/business/newHouse/deal';

export const reportApi = {
  projects: () => read<ReportProject[]>(`${reports}/projects`),
  list: pageOf<Report, ReportFilters>(`${reports}/list`),
  detail: (id: number) => read<ReportDetail>(`${reports}/detail`, { id }),
  add: (data: ReportAdd) => write<ReportDetail>(`${reports}/add`, data),
  /** 审核通过, 审核失败, 确认到访, 无效客户, 关闭 (core `reportAction`). */
  move: (id: number, action: string, reason = '') => act<ReportDetail>(`${reports}/transition`, { id, action, reason }),
};

export const dealApi = {
  list: pageOf<Deal, DealFilters>(`${deals}/list`),
  detail: (id: number) => read<DealDetail>(`${deals}/detail`, { id }),
  prepare: (reportId: number, price = '', dealDate = '') =>
    read<DealPrepared>(`${deals}/prepare`, { reportId, price, dealDate }),
  add: (reportId: number, data: DealForm) => write<DealDetail>(`${deals}/add`, { ...data, reportId }),
  edit: (id: number, data: DealForm) => write<DealDetail>(`${deals}/edit`, { ...data, id }),
  /** 业绩审核通过 or 关闭 (core `dealAction`). */
  move: (id: number, action: string, reason = '') => act<DealDetail>(`${deals}/transition`, { id, action, reason }),
};
