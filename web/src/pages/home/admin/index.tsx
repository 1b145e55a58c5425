import type { PageProps } from '../../registry';
import { AuditLog } from './AuditLog';
import WorkspaceHome from '../workspace';
import './AdminHome.css';

/** The global admin's home: the workspace home and the audit log of changes. */
export default function AdminHome(props: PageProps) {
  return (
    <div className="admin-home">
      <WorkspaceHome {...props} />
      <AuditLog />
    </div>
  );
}
