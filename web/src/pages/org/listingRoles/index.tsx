import { citySiteApi } from '../../../api/org/org';
import { listingRoleApi, type ListingRole } from '../../../api/org/cityConfig';
import { CrudListPage } from '../../../components/list/CrudListPage';
import type { PageProps } from '../../registry';
import { dateTime, orDash } from '../shared/format';
import { siteField } from '../shared/siteField';
import { toOptions, useOptions } from '../shared/useOptions';
import { choosesSite } from '../shared/workspace';
import { coreFields } from '../../../components/form/coreForm';
import { ListingRoleTotals } from './ListingRoleTotals';

interface Values {
  siteId?: number;
  name: string;
  ratio?: string;
  sort?: number;
  remark?: string;
}

/** 房源角色 (/coc/config/role): the roles people take on a listing and their share. */
export default function ListingRolesPage({ route }: PageProps) {
  const withSite = choosesSite(route);
  const sites = useOptions(() => (withSite ? citySiteApi.options() : Promise.resolve([])));
  return (
    <CrudListPage<ListingRole, { name?: string; siteId?: number }, Values>
      testId="listingRole"
      entityName="房源角色"
      title={<ListingRoleTotals withSite={withSite} />}
      fetchPage={listingRoleApi.list}
      initialFilters={{}}
      filters={[{ field: 'name', label: '角色名称' }, ...(withSite ? [siteField(sites)] : [])]}
      columns={[
        { title: '角色名称', dataIndex: 'name' },
        { title: '分成比例', dataIndex: 'ratio', render: (ratio?: string | null) => (ratio ? `${ratio}%` : '—') },
        { title: '城市站点', dataIndex: 'siteName' },
        { title: '排序', dataIndex: 'sort', width: 80 },
        { title: '备注', dataIndex: 'remark', render: orDash },
        { title: '创建时间', dataIndex: 'createdAt', render: dateTime },
      ]}
      defaults={{ sort: 0 }}
      toFormValues={(row) => ({ ...row, ratio: row.ratio ?? undefined, remark: row.remark ?? undefined })}
      formFields={(editing) =>
        coreFields('listingRole', { siteId: withSite && !editing ? { options: toOptions(sites) } : false })
      }
      onAdd={(values) => listingRoleApi.add(values)}
      onEdit={(row, values) => listingRoleApi.edit({ ...values, id: row.id, sort: values.sort ?? row.sort })}
      onDelete={(row) => listingRoleApi.remove(row.id)}
    />
  );
}
