import { storeGroupApi, type StoreGroup } from '../../../api/org/org';
import { CrudListPage } from '../../../components/list/CrudListPage';
import { dateTime } from './format';
import { coreFields } from '../../../components/form/coreForm';

export interface OrgPanelProps {
  /** The company whose rows these are; omitted on the workbench, where it is the caller's own. */
  organisationId?: number;
  /** Route actions the buttons need (a company detail page guards all writes with 编辑). */
  actions?: { add: string; edit: string; delete: string };
}

/** 门店组: the store groups of a company. */
export function StoreGroupsPanel({ organisationId, actions }: OrgPanelProps) {
  return (
    <CrudListPage<StoreGroup, { name?: string; organisationId?: number }, { name: string }>
      testId="storeGroup"
      entityName="门店组"
      fetchPage={storeGroupApi.list}
      initialFilters={{ organisationId }}
      filters={[{ field: 'name', label: '门店组名称' }]}
      columns={[
        { title: '门店组名称', dataIndex: 'name' },
        { title: '所属公司', dataIndex: 'organisationName' },
        { title: '门店数', dataIndex: 'storeCount', width: 90 },
        { title: '创建时间', dataIndex: 'createdAt', render: dateTime },
      ]}
      formFields={() => coreFields('storeGroup', { organisationId: false })}
      onAdd={(values) => storeGroupApi.add({ organisationId, name: values.name })}
      onEdit={(group, values) => storeGroupApi.edit({ id: group.id, name: values.name })}
      onDelete={(group) => storeGroupApi.remove(group.id)}
      actions={actions}
    />
  );
}
