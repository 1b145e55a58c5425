// City sites, companies, store groups, stores, departments and positions.
import { act, choices, pageOf, read, write, type Option } from './calls';

export interface CitySite {
  id: number;
  name: string;
  code: string;
  sort: number;
  enabled: boolean;
  organisationCount: number;
  createdAt: number;
}

export const citySiteApi = {
  list: pageOf<CitySite, { name?: string }>('/api/v1/fm/org/citySite/list'),
  options: () => choices<Option>('/api/v1/fm/org/citySite/options'),
  add: (data: Omit<CitySite, 'id' | 'organisationCount' | 'createdAt'>) =>
    write<CitySite>('/api/v1/fm/org/citySite/add', data),
  edit: (data: Omit<CitySite, 'organisationCount' | 'createdAt'>) => write<CitySite>('/api/v1/fm/org/citySite/edit', data),
  remove: (id: number) => act('/api/v1/fm/org/citySite/delete', { id }),
};

export interface Company {
  id: number;
  siteId: number;
  siteName: string;
  name: string;
  /** core `organisationScope`: 2 brokerage company, 3 independent broker, 4 partner organisation. */
  scope: number;
  contactName?: string | null;
  contactMobile?: string | null;
  address?: string | null;
  enabled: boolean;
  storeGroupCount: number;
  storeCount: number;
  staffCount: number;
  createdAt: number;
}

export interface CompanyOption extends Option {
  scope: number;
  siteId: number;
}

export interface CompanyFilters {
  name?: string;
  scope?: number;
  siteId?: number;
}

type CompanyFields = Pick<Company, 'name' | 'contactName' | 'contactMobile' | 'address' | 'enabled'>;

export const companyApi = {
  list: pageOf<Company, CompanyFilters>('/api/v1/fm/org/company/list'),
  /** The contact mobile masked; `unmasked` (查看完整信息, the edit form) is recorded in the audit log. */
  detail: (id: number, unmasked = false) => read<Company>('/api/v1/fm/org/company/detail', { id, unmasked }),
  options: (filters: { siteId?: number; scope?: number } = {}) =>
    choices<CompanyOption>('/api/v1/fm/org/company/options', filters),
  add: (data: CompanyFields & { siteId?: number; scope: number }) => write<Company>('/api/v1/fm/org/company/add', data),
  edit: (data: CompanyFields & { id: number }) => write<Company>('/api/v1/fm/org/company/edit', data),
  remove: (id: number) => act('/api/v1/fm/org/company/delete', { id }),
};

export interface StoreGroup {
  id: number;
  organisationId: number;
  organisationName: string;
  siteId: number;
  name: string;
  storeCount: number;
  createdAt: number;
}

export interface Store {
  id: number;
  organisationId: number;
  organisationName: string;
  storeGroupId?: number | null;
  storeGroupName?: string | null;
  siteId: number;
  name: string;
  address?: string | null;
  staffCount: number;
  createdAt: number;
}

export interface StoreOption extends Option {
  organisationId: number;
  storeGroupId?: number | null;
}

export const storeGroupApi = {
  list: pageOf<StoreGroup, { name?: string; organisationId?: number }>('/api/v1/fm/org/storeGroup/list'),
  options: (organisationId?: number) =>
    choices<Option & { organisationId: number }>('/api/v1/fm/org/storeGroup/options', { organisationId }),
  add: (data: { organisationId?: number; name: string }) => write<StoreGroup>('/api/v1/fm/org/storeGroup/add', data),
  edit: (data: { id: number; name: string }) => write<StoreGroup>('/api/v1/fm/org/storeGroup/edit', data),
  remove: (id: number) => act('/api/v1/fm/org/storeGroup/delete', { id }),
};

type StoreFields = { storeGroupId?: number; name: string; address?: string };

export const storeApi = {
  list: pageOf<Store, { name?: string; organisationId?: number; storeGroupId?: number }>('/api/v1/fm/org/store/list'),
  options: (filters: { organisationId?: number; storeGroupId?: number } = {}) =>
    choices<StoreOption>('/api/v1/fm/org/store/options', filters),
  add: (data: StoreFields & { organisationId?: number }) => write<Store>('/api/v1/fm/org/store/add', data),
  edit: (data: StoreFields & { id: number }) => write<Store>('/api/v1/fm/org/store/edit', data),
  remove: (id: number) => act('/api/v1/fm/org/store/delete', { id }),
};

export interface DepartmentNode {
  id: number;
  parentId?: number | null;
  organisationId: number;
  /** null: a company-level department. */
  storeId?: number | null;
  storeName?: string | null;
  name: string;
  sort: number;
  staffCount: number;
  children: DepartmentNode[];
}

type DepartmentFields = { parentId?: number; storeId?: number; name: string; sort?: number };

export const departmentApi = {
  tree: (organisationId?: number) => read<DepartmentNode[]>('/api/v1/fm/org/department/tree', { organisationId }),
  /** The tree as choices of a form. */
  options: (organisationId?: number) => choices<DepartmentNode>('/api/v1/fm/org/department/tree', { organisationId }),
  add: (data: DepartmentFields & { organisationId?: number }) =>
    write<DepartmentNode>('/api/v1/fm/org/department/add', data),
  edit: (data: DepartmentFields & { id: number }) => write<DepartmentNode>('/api/v1/fm/org/department/edit', data),
  remove: (id: number) => act('/api/v1/fm/org/department/delete', { id }),
};

export interface Position {
  id: number;
  organisationId: number;
  organisationName: string;
  name: string;
  sort: number;
  staffCount: number;
  createdAt: number;
}

export const positionApi = {
  list: pageOf<Position, { name?: string; organisationId?: number }>('/api/v1/fm/org/position/list'),
  options: (organisationId?: number) =>
    choices<Option & { organisationId: number }>('/api/v1/fm/org/position/options', { organisationId }),
  add: (data: { organisationId?: number; name: string; sort?: number }) =>
    write<Position>('/api/v1/fm/org/position/add', data),
  edit: (data: { id: number; name: string; sort: number }) => write<Position>('/api/v1/fm/org/position/edit', data),
  remove: (id: number) => act('/api/v1/fm/org/position/delete', { id }),
};
