// Roles, their data scope and their menu/action grants.
import { act, choices, pageOf, read, write } from './calls';

export interface Role {
  id: number;
  name: string;
  /** core `dataScope`. */
  dataScope: string;
  organisationId?: number | null;
  organisationName?: string | null;
  storeId?: number | null;
  siteId?: number | null;
  remark?: string | null;
  userCount: number;
  customDepartmentIds: number[];
  customStoreIds: number[];
  createdAt: number;
  /** `edit`, `delete`, `permission` when the caller may change the role; none when they may only read it. */
  availableActions: string[];
}

export interface RoleOption {
  id: number;
  name: string;
  dataScope: string;
}

export interface RoleFields {
  name: string;
  dataScope: string;
  customDepartmentIds?: number[];
  customStoreIds?: number[];
  remark?: string;
}

export interface RolePermissionAction {
  actionId: number;
  code: string;
  name: string;
  checked: boolean;
}

export interface RolePermissionNode {
  menuId: number;
  parentId?: number | null;
  menuName: string;
  menuIcon: string;
  menuType: number;
  status: number;
  menuPage: string;
  checked: boolean;
  actions: RolePermissionAction[];
  children: RolePermissionNode[];
}

export interface RolePermissions {
  role: Role;
  /** What the caller may grant this role, checked where the role holds it. */
  tree: RolePermissionNode[];
  /** Menus and actions the role holds outside the tree; saving keeps them. */
  keptGrants: number;
}

export const roleApi = {
  list: pageOf<Role, { name?: string; organisationId?: number }>('/api/v1/fm/role/list'),
  detail: (id: number) => read<Role>('/api/v1/fm/role/detail', { id }),
  options: (organisationId?: number) => choices<RoleOption>('/api/v1/fm/role/options', { organisationId }),
  /** core `dataScope` codes the caller may give a role. */
  dataScopes: () => choices<string>('/api/v1/fm/role/dataScopes'),
  add: (data: RoleFields & { organisationId?: number }) => write<Role>('/api/v1/fm/role/add', data),
  edit: (data: RoleFields & { id: number }) => write<Role>('/api/v1/fm/role/edit', data),
  remove: (id: number) => act('/api/v1/fm/role/delete', { id }),
  permissionTree: (id: number) => read<RolePermissions>('/api/v1/fm/role/permissionTree', { id }),
  savePermissions: (data: { id: number; menuIds: number[]; actionIds: number[] }) =>
    write<RolePermissions>('/api/v1/fm/role/savePermissions', data),
};
