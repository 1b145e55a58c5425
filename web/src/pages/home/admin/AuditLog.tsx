import { Fragment } from 'react';
import { Card, Grid, Typography } from '@arco-design/web-react';
import { auditSnapshotLines } from '@core/wasm';
import { auditApi, type AuditEntry } from '../../../api/org/audit';
import { DataTable } from '../../../components/list/DataTable';
import { FilterBar } from '../../../components/list/FilterBar';
import { useListQuery } from '../../../components/list/useListQuery';
import { Pagination } from '../../../components/Pagination';
import { enumOptions, enumText } from '../../../components/enums';
import { dateTime } from '../../org/shared/format';

/** A record before or after the change, as core labels it: names, not ids. */
function Snapshot({ title, entity, value }: { title: string; entity: string; value: unknown }) {
  const lines = auditSnapshotLines(entity, value);
  return (
    <div data-testid={`audit-${title}`}>
      <Typography.Text type="secondary">{title}</Typography.Text>
      {lines.length === 0 ? (
        <div>—</div>
      ) : (
        <dl className="audit-log__lines">
          {lines.map((line, index) => (
            // Two fields may share a label (状态): the position tells them apart.
            <Fragment key={`${index}-${line.label}`}>
              <dt>{line.label}</dt>
              <dd>{line.text}</dd>
            </Fragment>
          ))}
        </dl>
      )}
    </div>
  );
}

type Filters = { entity?: string; action?: string };

/** 操作日志: who changed roles, permissions, menus, staff status and the organisation, with before and after. */
export function AuditLog() {
  const query = useListQuery(auditApi.list, {} as Filters);
  return (
    <Card title="操作日志" bordered={false} data-testid="audit-log" className="audit-log">
      <FilterBar<Filters>
        fields={[
          { field: 'entity', label: '对象', kind: 'select', options: enumOptions('auditEntity') },
          { field: 'action', label: '操作', kind: 'select', options: enumOptions('auditAction') },
        ]}
        initialValues={{}}
        onSearch={query.search}
      />
      <DataTable<AuditEntry>
        rows={query.rows}
        loading={query.loading}
        columns={[
          { title: '时间', dataIndex: 'at', render: dateTime },
          { title: '操作人', dataIndex: 'actorName' },
          { title: '对象', dataIndex: 'entity', render: (entity: string) => enumText('auditEntity', entity) },
          { title: '名称', dataIndex: 'entityName', render: (name: string | null | undefined) => name || '—' },
          { title: '操作', dataIndex: 'action', render: (action: string) => enumText('auditAction', action) },
        ]}
        expandedRowRender={(entry) => (
          <Grid.Row gutter={16}>
            <Grid.Col span={12}>
              <Snapshot title="变更前" entity={entry.entity} value={entry.before} />
            </Grid.Col>
            <Grid.Col span={12}>
              <Snapshot title="变更后" entity={entry.entity} value={entry.after} />
            </Grid.Col>
          </Grid.Row>
        )}
      />
      <Pagination total={query.total} current={query.current} pageSize={query.pageSize} onChange={query.changePage} />
    </Card>
  );
}
