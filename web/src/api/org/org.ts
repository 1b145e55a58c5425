// City sites, companies, store groups, stores, departments and positions.
import type { Schema } from '../schemas';
import { act, choices, pageOf, read, write } from './calls';

/** A list's filters: its query without the paging the list adds. */
type Filters<Name extends 'CitySiteQuery' | 'CompanyQuery' | 'StoreGroupQuery' | 'StoreQuery' | 'PositionQuery'> =
  Omit<Schema<Name>, 'pageNum' | 'pageSize'>;

export type CitySite = Schema<'CitySite'>;

export const citySiteApi = {
  list: pageOf<CitySite, Filters<'CitySiteQuery'>>('/api/v1/fm/org/citySite/list'),
  options: () => choices<Schema<'SiteOption'>>('/api/v1/fm/org/citySite/options'),
  add: (data: Schema<'CitySiteForm'>) => write<CitySite>('/api/v1/fm/org/citySite/add', data),
  edit: (data: Schema<'CitySiteEdit'>) => write<CitySite>('/api/v1/fm/org/citySite/edit', data),
  remove: (id: number) => act('/api/v1/fm/org/citySite/delete', { id }),
};

/** `scope` is core `organisationScope`: 2 brokerage company, 3 independent broker, 4 partner. */
export type Company = Schema<'Company'>;
export type CompanyOption = Schema<'CompanyOption'>;
export type CompanyFilters = Filters<'CompanyQuery'>;

export const companyApi = {
  list: pageOf<Company, CompanyFilters>('/api/v1/fm/org/company/list'),
  /** The contact mobile masked; `unmasked` (查看完整信息, the edit form) is recorded in the audit log. */
  detail: (id: number, unmasked = false) =>
    read<Company>('/api/v1/fm/org/company/detail', { id, unmasked } satisfies Schema<'CompanyDetailRequest'>),
  options: (filters: Schema<'CompanyOptionsQuery'> = {}) =>
    choices<CompanyOption>('/api/v1/fm/org/company/options', filters),
  add: (data: Schema<'CompanyAdd'>) => write<Company>('/api/v1/fm/org/company/add', data),
  edit: (data: Schema<'CompanyEdit'>) => write<Company>('/api/v1/fm/org/company/edit', data),
  remove: (id: number) => act('/api/v1/fm/org/company/delete', { id }),
};

export type StoreGroup = Schema<'StoreGroup'>;
export type Store = Schema<'Store'>;
export type StoreOption = Schema<'StoreOption'>;

export const storeGroupApi = {
  list: pageOf<StoreGroup, Filters<'StoreGroupQuery'>>('/api/v1/fm/org/storeGroup/list'),
  options: (organisationId?: number) =>
    choices<Schema<'StoreGroupOption'>>('/api/v1/fm/org/storeGroup/options', { organisationId }),
  add: (data: Schema<'StoreGroupAdd'>) => write<StoreGroup>('/api/v1/fm/org/storeGroup/add', data),
  edit: (data: Schema<'StoreGroupEdit'>) => write<StoreGroup>('/api/v1/fm/org/storeGroup/edit', data),
  remove: (id: number) => act('/api/v1/fm/org/storeGroup/delete', { id }),
};

export const storeApi = {
  list: pageOf<Store, Filters<'StoreQuery'>>('/api/v1/fm/org/store/list'),
  options: (filters: Schema<'StoreOptionsQuery'> = {}) => choices<StoreOption>('/api/v1/fm/org/store/options', filters),
  add: (data: Schema<'StoreAdd'>) => write<Store>('/api/v1/fm/org/store/add', data),
  edit: (data: Schema<'StoreEdit'>) => write<Store>('/api/v1/fm/org/store/edit', data),
  remove: (id: number) => act('/api/v1/fm/org/store/delete', { id }),
};

/** A department with those below it; `storeId` null for a company-level department. */
export type DepartmentNode = Schema<'DepartmentNode'>;

export const departmentApi = {
  tree: (organisationId?: number) => read<DepartmentNode[]>('/api/v1/fm/org/department/tree', { organisationId }),
  /** The tree as choices of a form. */
  options: (organisationId?: number) => choices<DepartmentNode>('/api/v1/fm/org/department/tree', { organisationId }),
  add: (data: Schema<'DepartmentAdd'>) => write<DepartmentNode>('/api/v1/fm/org/department/add', data),
  edit: (data: Schema<'DepartmentEdit'>) => write<DepartmentNode>('/api/v1/fm/org/department/edit', data),
  remove: (id: number) => act('/api/v1/fm/org/department/delete', { id }),
};

export type Position = Schema<'Position'>;

export const positionApi = {
  list: pageOf<Position, Filters<'PositionQuery'>>('/api/v1/fm/org/position/list'),
  options: (organisationId?: number) =>
    choices<Schema<'PositionOption'>>('/api/v1/fm/org/position/options', { organisationId }),
  add: (data: Schema<'PositionAdd'>) => write<Position>('/api/v1/fm/org/position/add', data),
  edit: (data: Schema<'PositionEdit'>) => write<Position>('/api/v1/fm/org/position/edit', data),
  remove: (id: number) => act('/api/v1/fm/org/position/delete', { id }),
};
