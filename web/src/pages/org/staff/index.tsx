import { Link } from 'react-router-dom';
import { Button } from '@arco-design/web-react';
import { IconUserAdd } from '@arco-design/web-react/icon';
import { staffApi, type StaffAdd, type StaffFilters, type StaffRow } from '../../../api/org/staff';
import { enumOptions } from '../../../components/enums';
import { ClippedText } from '../../../components/list/ClippedText';
import { CrudListPage } from '../../../components/list/CrudListPage';
import { relatedPath } from '../../../router/related';
import { ENROLLMENT_PATH } from '../../../router/permission';
import { useNav } from '../../../router/useNav';
import { useMenuStore } from '../../../stores/menu';
import type { PageProps } from '../../registry';
import { orDash } from '../shared/format';
import { StaffStatusTag } from '../shared/StaffStatusTag';
import { toOptions } from '../shared/useOptions';
import { choosesCompany } from '../shared/workspace';
import { useUserStore } from '../../../stores/user';
import { departmentTree, isOwnRecord, newStaff, staffFields, staffFormValues } from '../shared/staffForm';
import { statusActions, StatusActionModal, useStatusDialog } from '../shared/StatusActions';
import { usePlacementChoices } from '../shared/usePlacementChoices';

const clipped = (value?: string | null) => <ClippedText text={orDash(value)} />;

/** 门店员工 / 员工 (/work/store/staff, /coc/hr/staff): the people the caller's data scope reaches. */
export default function StaffPage({ route }: PageProps) {
  const nav = useNav();
  const table = useMenuStore((state) => state.routeTable);
  const choices = usePlacementChoices(choosesCompany(route));
  const userId = useUserStore((state) => state.info?.userId);
  const status = useStatusDialog();
  const canOnboard = table.routes.some((r) => r.path === ENROLLMENT_PATH);
  const detailPath = (staff: StaffRow) => relatedPath(table, route, 'userInfo', staff.id);

  return (
    <CrudListPage<StaffRow, StaffFilters, StaffAdd>
      testId="staff"
      entityName="员工"
      fetchPage={staffApi.list}
      initialFilters={{}}
      filters={[
        { field: 'realName', label: '姓名' },
        { field: 'mobile', label: '手机号码' },
        { field: 'storeId', label: '门店', kind: 'select', options: toOptions(choices.stores) },
        { field: 'departmentId', label: '部门', kind: 'treeSelect', treeData: departmentTree(choices.departments) },
        { field: 'workingStatus', label: '状态', kind: 'select', options: enumOptions('workingStatus') },
      ]}
      columns={[
        // Fixed widths that fit a 1280 px window: a long name, store or role list is clipped
        // with a tooltip instead of pushing columns under the fixed 操作 column; phone numbers
        // and dates never wrap. 角色 takes what is left.
        {
          title: '姓名',
          dataIndex: 'realName',
          width: 100,
          render: (name: string, staff: StaffRow) => {
            const path = detailPath(staff);
            return <ClippedText text={name}>{path ? <Link to={path}>{name}</Link> : name}</ClippedText>;
          },
        },
        { title: '工号', dataIndex: 'userCode', width: 75, render: clipped },
        { title: '手机号码', dataIndex: 'mobile', width: 110, className: 'cell-nowrap' },
        { title: '岗位', dataIndex: 'positionName', width: 75, render: clipped },
        { title: '门店', dataIndex: 'storeName', width: 80, render: clipped },
        { title: '部门', dataIndex: 'departmentName', width: 80, render: clipped },
        {
          title: '角色',
          dataIndex: 'roles',
          render: (roles: StaffRow['roles']) => clipped(roles.map((role) => role.name).join('、')),
        },
        {
          title: '状态',
          dataIndex: 'workingStatus',
          width: 80,
          render: (value: string, staff: StaffRow) => <StaffStatusTag workingStatus={value} locked={staff.locked} single />,
        },
        { title: '入职日期', dataIndex: 'entryDate', width: 105, className: 'cell-nowrap', render: orDash },
      ]}
      actionWidth={154}
      defaults={newStaff(choices)}
      loadFormValues={(staff) => staffApi.detail(staff.id, true).then(staffFormValues)}
      formFields={(editing) => staffFields(Boolean(editing), choices, isOwnRecord(editing, userId))}
      formColumns={2}
      rowActions={(staff) => {
        const path = detailPath(staff);
        return [
          ...(path ? [{ label: '详情', testId: 'row-detail', onClick: () => nav.push(path) }] : []),
          // 离职/锁定/调整状态 sit behind 更多: the 操作 column stays narrow at 1280 px.
          ...statusActions(staff, (action) => status.open(staff, action)).map((item) => ({ ...item, more: true })),
        ];
      }}
      toolbar={
        canOnboard && (
          <Button icon={<IconUserAdd />} onClick={() => nav.push(ENROLLMENT_PATH)} data-testid="staff-enroll">
            办理入职
          </Button>
        )
      }
      onAdd={(values) => staffApi.add(values)}
      onEdit={(staff, values) => staffApi.edit({ ...values, id: staff.id, roleIds: values.roleIds ?? [] })}
    >
      {(reload) => (
        <StatusActionModal staff={status.staff} action={status.action} onClose={status.close} onDone={reload} />
      )}
    </CrudListPage>
  );
}
