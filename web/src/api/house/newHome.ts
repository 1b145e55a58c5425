// New homes (新房): projects with their house types and commission rules, and where city
// operations distribute them. A store's list holds only what is distributed to it.
import type { Schema } from '../schemas';
import { act, pageOf, read, readRecord, write } from '../org/calls';

export type NewHome = Schema<'NewHome'>;
export type NewHomeDetail = Schema<'NewHomeDetail'>;
export type HouseType = Schema<'HouseType'>;
export type CommissionRule = Schema<'CommissionRule'>;
export type Distributed = Schema<'Distributed'>;
export type DistributionTarget = Schema<'DistributionTarget'>;
export type NewHomeForm = Schema<'NewHomeForm'>;
export type HouseTypeForm = Schema<'HouseTypeForm'>;
export type CommissionRuleForm = Schema<'CommissionRuleForm'>;
export type NewHomeFilters = Omit<Schema<'NewHomeQuery'>, 'pageNum' | 'pageSize'>;

const base = '/api/v1/fm/house/newHouse';

export const newHomeApi = {
  list: pageOf<NewHome, NewHomeFilters>(`${base}/list`),
  detail: (id: number) => readRecord<NewHomeDetail>(`${base}/detail`, { id }),
  add: (data: NewHomeForm) => write<NewHomeDetail>(`${base}/add`, data),
  edit: (id: number, data: NewHomeForm) => write<NewHomeDetail>(`${base}/edit`, { ...data, id }),
  remove: (id: number) => act(`${base}/delete`, { id }),
  targets: (id: number) => read<DistributionTarget[]>(`${base}/distribution`, { id }),
  distribute: (id: number, organisationIds: number[], storeIds: number[]) =>
    act<Distributed[]>(`${base}/distribute`, { id, organisationIds, storeIds }),
};
