import { citySiteApi } from '../../../api/org/org';
import { buildingTypeApi, type BuildingType } from '../../../api/org/cityConfig';
import { CrudListPage } from '../../../components/list/CrudListPage';
import type { PageProps } from '../../registry';
import { dateTime, orDash } from '../shared/format';
import { siteField } from '../shared/siteField';
import { toOptions, useOptions } from '../shared/useOptions';
import { choosesSite } from '../shared/workspace';
import { coreFields } from '../../../components/form/coreForm';

interface Values {
  siteId?: number;
  name: string;
  sort?: number;
  remark?: string;
}

/** 建筑类型 (/coc/config/building). */
export default function BuildingTypesPage({ route }: PageProps) {
  const withSite = choosesSite(route);
  const sites = useOptions(() => (withSite ? citySiteApi.options() : Promise.resolve([])));
  return (
    <CrudListPage<BuildingType, { name?: string; siteId?: number }, Values>
      testId="buildingType"
      entityName="建筑类型"
      fetchPage={buildingTypeApi.list}
      initialFilters={{}}
      filters={[{ field: 'name', label: '类型名称' }, ...(withSite ? [siteField(sites)] : [])]}
      columns={[
        { title: '类型名称', dataIndex: 'name' },
        { title: '城市站点', dataIndex: 'siteName' },
        { title: '排序', dataIndex: 'sort', width: 80 },
        { title: '备注', dataIndex: 'remark', render: orDash },
        { title: '创建时间', dataIndex: 'createdAt', render: dateTime },
      ]}
      defaults={{ sort: 0 }}
      toFormValues={(row) => ({ ...row, remark: row.remark ?? undefined })}
      formFields={(editing) =>
        coreFields('buildingType', { siteId: withSite && !editing ? { options: toOptions(sites) } : false })
      }
      onAdd={(values) => buildingTypeApi.add(values)}
      onEdit={(row, values) => buildingTypeApi.edit({ ...values, id: row.id, sort: values.sort ?? row.sort })}
      onDelete={(row) => buildingTypeApi.remove(row.id)}
    />
  );
}
