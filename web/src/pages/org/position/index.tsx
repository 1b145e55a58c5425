import { companyApi, positionApi, type Position } from '../../../api/org/org';
import { CrudListPage } from '../../../components/list/CrudListPage';
import type { PageProps } from '../../registry';
import { dateTime } from '../shared/format';
import { toOptions, useOptions } from '../shared/useOptions';
import { choosesCompany } from '../shared/workspace';
import { coreFields } from '../../../components/form/coreForm';

interface Values {
  organisationId?: number;
  name: string;
  sort?: number;
}

/** 岗位 (/work/enterprise/station, /coc/hr/station). */
export default function PositionsPage({ route }: PageProps) {
  const withCompany = choosesCompany(route);
  const companies = useOptions(() => (withCompany ? companyApi.options() : Promise.resolve([])));
  return (
    <CrudListPage<Position, { name?: string; organisationId?: number }, Values>
      testId="station"
      entityName="岗位"
      fetchPage={positionApi.list}
      initialFilters={{}}
      filters={[
        { field: 'name', label: '岗位名称' },
        ...(withCompany
          ? [{ field: 'organisationId', label: '所属公司', kind: 'select' as const, options: toOptions(companies) }]
          : []),
      ]}
      columns={[
        { title: '岗位名称', dataIndex: 'name' },
        { title: '所属公司', dataIndex: 'organisationName' },
        { title: '员工数', dataIndex: 'staffCount', width: 90 },
        { title: '排序', dataIndex: 'sort', width: 80 },
        { title: '创建时间', dataIndex: 'createdAt', render: dateTime },
      ]}
      defaults={{ sort: 0 }}
      formFields={(editing) =>
        coreFields('position', {
          organisationId: withCompany && !editing ? { options: toOptions(companies) } : false,
        })
      }
      onAdd={(values) => positionApi.add(values)}
      onEdit={(row, values) => positionApi.edit({ id: row.id, name: values.name, sort: values.sort ?? row.sort })}
      onDelete={(row) => positionApi.remove(row.id)}
    />
  );
}
