import { Link } from 'react-router-dom';
import { staffApi, type StaffFilters, type StaffRow } from '../../../api/org/staff';
import { ListPage } from '../../../components/list/ListPage';
import { useListQuery } from '../../../components/list/useListQuery';
import { relatedPath } from '../../../router/related';
import { useMenuStore } from '../../../stores/menu';
import type { RouteRecord } from '@core/wasm';
import { orDash } from '../shared/format';
import { StaffStatusTag } from '../shared/StaffStatusTag';

/** A read-only staff list (a company's people on its detail page), each linked to their details. */
export function StaffBrief({ route, filters }: { route: RouteRecord; filters: StaffFilters }) {
  const table = useMenuStore((state) => state.routeTable);
  const query = useListQuery(staffApi.list, filters);
  return (
    <ListPage<StaffRow, StaffFilters>
      testId="staff-brief"
      query={query}
      columns={[
        {
          title: '姓名',
          dataIndex: 'realName',
          render: (name: string, staff: StaffRow) => {
            const path = relatedPath(table, route, 'userInfo', staff.id);
            return path ? <Link to={path}>{name}</Link> : name;
          },
        },
        { title: '工号', dataIndex: 'userCode' },
        { title: '手机号码', dataIndex: 'mobile' },
        { title: '岗位', dataIndex: 'positionName', render: orDash },
        { title: '门店', dataIndex: 'storeName', render: orDash },
        {
          title: '状态',
          dataIndex: 'workingStatus',
          render: (status: string, staff: StaffRow) => <StaffStatusTag workingStatus={status} locked={staff.locked} />,
        },
      ]}
    />
  );
}
