import { storeApi, storeGroupApi, type Store } from '../../../api/org/org';
import { CrudListPage } from '../../../components/list/CrudListPage';
import { dateTime, orDash } from './format';
import { toOptions, useOptions } from './useOptions';
import type { OrgPanelProps } from './StoreGroupsPanel';
import { coreFields } from '../../../components/form/coreForm';

interface Values {
  storeGroupId?: number;
  name: string;
  address?: string;
}

/**
 * 门店: the stores of a company, each in a store group where the company has them (core
 * `companyHasStoreGroups`: an independent broker or partner has none, so no 门店组 is offered).
 */
export function StoresPanel({ organisationId, actions, withGroups = true }: OrgPanelProps & { withGroups?: boolean }) {
  const groups = toOptions(
    useOptions(() => (withGroups ? storeGroupApi.options(organisationId) : Promise.resolve([])), [organisationId, withGroups]),
  );
  return (
    <CrudListPage<Store, { name?: string; organisationId?: number; storeGroupId?: number }, Values>
      testId="store"
      entityName="门店"
      fetchPage={storeApi.list}
      initialFilters={{ organisationId }}
      filters={[
        { field: 'name', label: '门店名称' },
        ...(withGroups ? [{ field: 'storeGroupId', label: '门店组', kind: 'select' as const, options: groups }] : []),
      ]}
      columns={[
        { title: '门店名称', dataIndex: 'name' },
        ...(withGroups ? [{ title: '门店组', dataIndex: 'storeGroupName', render: orDash }] : []),
        { title: '所属公司', dataIndex: 'organisationName' },
        { title: '门店地址', dataIndex: 'address', render: orDash },
        { title: '员工数', dataIndex: 'staffCount', width: 90 },
        { title: '创建时间', dataIndex: 'createdAt', render: dateTime },
      ]}
      toFormValues={(store) => ({
        storeGroupId: store.storeGroupId ?? undefined,
        name: store.name,
        address: store.address ?? undefined,
      })}
      formFields={() => coreFields('store', { organisationId: false, storeGroupId: withGroups ? { options: groups } : false })}
      onAdd={(values) => storeApi.add({ ...values, organisationId })}
      onEdit={(store, values) => storeApi.edit({ ...values, id: store.id })}
      onDelete={(store) => storeApi.remove(store.id)}
      actions={actions}
    />
  );
}
