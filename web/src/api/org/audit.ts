// The audit log of changes to roles, permissions, menus, staff status and the organisation.
import type { Schema } from '../schemas';
import { pageOf } from './calls';

export type AuditEntry = Schema<'AuditEntry'>;

export const auditApi = {
  list: pageOf<AuditEntry, Omit<Schema<'AuditQuery'>, 'pageNum' | 'pageSize'>>(
    '/api/v1/fm/audit/list',
  ),
};
