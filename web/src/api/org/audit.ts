// The audit log of changes to roles, permissions, menus, staff status and the organisation.
import { pageOf } from './calls';

export interface AuditEntry {
  id: number;
  actorId: number;
  actorName: string;
  at: number;
  entity: string;
  entityId: number;
  action: string;
  before: unknown;
  after: unknown;
}

export const auditApi = {
  list: pageOf<AuditEntry, { entity?: string; entityId?: number; actorId?: number; action?: string }>(
    '/api/v1/fm/audit/list',
  ),
};
