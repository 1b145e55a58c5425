import { Card, Grid, Typography } from '@arco-design/web-react';
import { auditApi, type AuditEntry } from '../../api/org/audit';
import { DataTable } from '../../components/list/DataTable';
import { FilterBar } from '../../components/list/FilterBar';
import { useListQuery } from '../../components/list/useListQuery';
import { Pagination } from '../../components/Pagination';
import { dateTime } from '../org/shared/format';

// The server's audit vocabulary (issue 4 API: entity and action codes) in Chinese.
const ENTITIES: Record<string, string> = {
  citySite: '城市站点',
  company: '公司',
  storeGroup: '门店组',
  store: '门店',
  department: '部门',
  position: '岗位',
  staff: '员工',
  role: '角色',
  rolePermission: '角色权限',
  menu: '菜单',
  app: '应用',
  appEnablement: '应用启用',
  dictionary: '参数配置',
  listingRole: '房源角色',
  district: '区域',
  businessCircle: '商圈',
  buildingType: '建筑类型',
  enrollment: '入职',
};

const ACTIONS: Record<string, string> = {
  create: '新增',
  update: '修改',
  delete: '删除',
  status: '状态变更',
  permissions: '权限变更',
};

const options = (labels: Record<string, string>) =>
  Object.entries(labels).map(([value, label]) => ({ value, label }));

function Snapshot({ title, value }: { title: string; value: unknown }) {
  return (
    <div>
      <Typography.Text type="secondary">{title}</Typography.Text>
      <pre className="audit-log__json">{value === null || value === undefined ? '—' : JSON.stringify(value, null, 2)}</pre>
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
          { field: 'entity', label: '对象', kind: 'select', options: options(ENTITIES) },
          { field: 'action', label: '操作', kind: 'select', options: options(ACTIONS) },
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
          { title: '对象', dataIndex: 'entity', render: (entity: string) => ENTITIES[entity] ?? entity },
          { title: '编号', dataIndex: 'entityId' },
          { title: '操作', dataIndex: 'action', render: (action: string) => ACTIONS[action] ?? action },
        ]}
        expandedRowRender={(entry) => (
          <Grid.Row gutter={16}>
            <Grid.Col span={12}>
              <Snapshot title="变更前" value={entry.before} />
            </Grid.Col>
            <Grid.Col span={12}>
              <Snapshot title="变更后" value={entry.after} />
            </Grid.Col>
          </Grid.Row>
        )}
      />
      <Pagination total={query.total} current={query.current} pageSize={query.pageSize} onChange={query.changePage} />
    </Card>
  );
}
