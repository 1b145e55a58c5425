// Roles, their data scope and their menu/action grants.
import type { Schema } from '../schemas';
import { act, choices, pageOf, read, write } from './calls';

export type Role = Schema<'Role'>;
export type RoleOption = Schema<'RoleOption'>;
export type RoleFields = Schema<'RoleForm'>;
export type RolePermissionAction = Schema<'PermissionAction'>;
export type RolePermissionNode = Schema<'PermissionNode'>;
/** The role, what the caller may grant it (checked where the role holds it), and how many of
 *  its grants lie outside that tree (saving keeps them). */
export type RolePermissions = Schema<'RolePermissions'>;

export const roleApi = {
  list: pageOf<Role, Omit<Schema<'RoleQuery'>, 'pageNum' | 'pageSize'>>('/api/v1/fm/role/list'),
  detail: (id: number) => read<Role>('/api/v1/fm/role/detail', { id }),
  options: (organisationId?: number) => choices<RoleOption>('/api/v1/fm/role/options', { organisationId }),
  /** core `dataScope` codes the caller may give a role. */
  dataScopes: () => choices<string>('/api/v1/fm/role/dataScopes'),
  add: (data: Schema<'RoleAdd'>) => write<Role>('/api/v1/fm/role/add', data),
  edit: (data: Schema<'RoleEdit'>) => write<Role>('/api/v1/fm/role/edit', data),
  remove: (id: number) => act('/api/v1/fm/role/delete', { id }),
  permissionTree: (id: number) => read<RolePermissions>('/api/v1/fm/role/permissionTree', { id }),
  savePermissions: (data: Schema<'SavePermissions'>) =>
    write<RolePermissions>('/api/v1/fm/role/savePermissions', data),
};
