import { Tag } from '@arco-design/web-react';
import { citySiteApi, type CitySite } from '../../../api/org/org';
import { CrudListPage } from '../../../components/list/CrudListPage';
import { dateTime } from '../shared/format';
import { coreFields } from '../../../components/form/coreForm';

type Values = Omit<CitySite, 'id' | 'organisationCount' | 'createdAt'>;

/** 城市站点 (/adminConfig/citySite). */
export default function CitySitesPage() {
  return (
    <CrudListPage<CitySite, { name?: string }, Values>
      testId="citySite"
      entityName="城市站点"
      fetchPage={citySiteApi.list}
      initialFilters={{}}
      filters={[{ field: 'name', label: '站点名称' }]}
      columns={[
        { title: '站点名称', dataIndex: 'name' },
        { title: '站点编码', dataIndex: 'code' },
        { title: '排序', dataIndex: 'sort', width: 80 },
        {
          title: '状态',
          dataIndex: 'enabled',
          render: (enabled: boolean) => <Tag color={enabled ? 'green' : 'gray'}>{enabled ? '启用' : '停用'}</Tag>,
        },
        { title: '公司数', dataIndex: 'organisationCount', width: 90 },
        { title: '创建时间', dataIndex: 'createdAt', render: dateTime },
      ]}
      defaults={{ enabled: true, sort: 0 }}
      formFields={() => coreFields('citySite', { code: { placeholder: '小写字母、数字、下划线或中划线' } })}
      onAdd={(values) => citySiteApi.add(values)}
      onEdit={(row, values) => citySiteApi.edit({ ...values, id: row.id })}
      onDelete={(row) => citySiteApi.remove(row.id)}
    />
  );
}
