import { Tag } from '@arco-design/web-react';
import { appApi, type App } from '../../../api/org/app';
import { enumOptions, enumText } from '../../../components/enums';
import { CrudListPage } from '../../../components/list/CrudListPage';
import { dateTime, orDash } from '../shared/format';
import { coreFields } from '../../../components/form/coreForm';

interface Values {
  code: string;
  name: string;
  appType: number;
  icon?: string;
  description?: string;
  sort: number;
  enabled: boolean;
}

/** 应用 (/adminConfig/app): the global catalogue of apps. */
export default function AppCatalogPage() {
  return (
    <CrudListPage<App, { name?: string; appType?: number }, Values>
      testId="app"
      entityName="应用"
      fetchPage={appApi.list}
      initialFilters={{}}
      filters={[
        { field: 'name', label: '应用名称' },
        { field: 'appType', label: '应用类型', kind: 'select', options: enumOptions('appType') },
      ]}
      columns={[
        { title: '应用名称', dataIndex: 'name' },
        { title: '应用编码', dataIndex: 'code' },
        { title: '应用类型', dataIndex: 'appType', render: (type: number) => enumText('appType', type) },
        { title: '应用简介', dataIndex: 'description', render: orDash },
        { title: '排序', dataIndex: 'sort', width: 80 },
        {
          title: '状态',
          dataIndex: 'enabled',
          render: (enabled: boolean) => <Tag color={enabled ? 'green' : 'gray'}>{enabled ? '上架' : '下架'}</Tag>,
        },
        { title: '创建时间', dataIndex: 'createdAt', render: dateTime },
      ]}
      defaults={{ enabled: true, sort: 0 }}
      toFormValues={(row) => ({
        ...row,
        icon: row.icon ?? undefined,
        description: row.description ?? undefined,
      })}
      formFields={(editing) => coreFields(editing ? 'appEdit' : 'app')}
      onAdd={(values) => appApi.add(values)}
      onEdit={(row, values) => appApi.edit({ ...values, id: row.id })}
      onDelete={(row) => appApi.remove(row.id)}
    />
  );
}
