import { useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import { Button, Space, Tag } from '@arco-design/web-react';
import { IconEdit, IconEye } from '@arco-design/web-react/icon';
import { staffApi, type StaffEdit } from '../../../api/org/staff';
import { useRead, useReveal } from '../../../api/useRead';
import { DetailPage, DetailSection } from '../../../components/detail/DetailPage';
import { enumText } from '../../../components/enums';
import { FormModal } from '../../../components/form/FormModal';
import { RowActions } from '../../../components/list/RowActions';
import { Permission } from '../../../components/Permission';
import type { PageProps } from '../../registry';
import { dateTime, orDash } from '../shared/format';
import { StaffStatusTag } from '../shared/StaffStatusTag';
import { useUserStore } from '../../../stores/user';
import { isOwnRecord, staffFields, staffFormValues } from '../shared/staffForm';
import { statusActions, StatusActionModal, useStatusDialog } from '../shared/StatusActions';
import { usePlacementChoices } from '../shared/usePlacementChoices';
import { StatusHistory } from '../../../components/detail/StatusHistory';

function statusText(code?: string | null): string {
  return code ? enumText('workingStatus', code) : '—';
}

/** 员工详情 (/work/store/userInfo/:id, /coc/hr/userInfo/:id, /adminConfig/userInfo/:id). */
export default function StaffDetailPage({ route }: PageProps) {
  const id = Number(useParams().id);
  const [unmasked, setUnmasked] = useState(false);
  const [editing, setEditing] = useState<Partial<StaffEdit> | undefined>();
  const choices = usePlacementChoices(false);
  const status = useStatusDialog();

  // Through the shared cache, so every write (an edit, a status change) refreshes it. The record
  // that never loaded shows why instead of a spinner; 查看完整信息 reads it whole beside it, and a
  // refused or pending one leaves the masked record on screen.
  const masked = useRead(() => staffApi.detail(id));
  const whole = useReveal(() => (unmasked ? staffApi.detail(id, true) : Promise.resolve(null)), unmasked);
  const staff = (unmasked ? whole.data : undefined) ?? masked.data;
  const load = () => {
    masked.reload();
    if (unmasked) whole.reload();
  };

  const edit = () =>
    staffApi
      .detail(id, true)
      .then((full) => setEditing(staffFormValues(full)))
      .catch(() => undefined);

  const userId = useUserStore((state) => state.info?.userId);
  const own = isOwnRecord(staff, userId);
  const fields = useMemo(() => staffFields(true, choices, own), [choices, own]);

  return (
    <DetailPage
      testId="staff-detail"
      title={staff?.realName ?? route.meta.title}
      badges={staff && <StaffStatusTag workingStatus={staff.workingStatus} locked={staff.locked} />}
      loading={!staff}
      error={masked.error}
      subject={staff?.realName}
      extra={
        staff && (
          <Space>
            <RowActions items={statusActions(staff, (action) => status.open(staff, action))} />
            <Permission action="edit">
              <Space>
                <Button icon={<IconEye />} onClick={() => setUnmasked((shown) => !shown)} data-testid="staff-unmask">
                  {unmasked ? '隐藏敏感信息' : '查看完整信息'}
                </Button>
                <Button type="primary" icon={<IconEdit />} onClick={edit} data-testid="staff-edit">
                  编辑
                </Button>
              </Space>
            </Permission>
          </Space>
        )
      }
    >
      {staff && (
        <>
          <DetailSection
            title="基本信息"
            items={[
              { label: '姓名', value: staff.realName },
              { label: '工号', value: staff.userCode },
              { label: '用户名', value: staff.username },
              { label: '性别', value: enumText('sex', staff.sex) },
              { label: '手机号码', value: staff.mobile },
              { label: '身份证号', value: orDash(staff.idNumber) },
              { label: '银行卡号', value: orDash(staff.bankCard) },
              { label: '学历', value: enumText('education', staff.education) },
              { label: '婚姻状况', value: enumText('maritalStatus', staff.maritalStatus) },
              { label: '联系地址', value: orDash(staff.address) },
            ]}
          />
          <DetailSection
            title="任职信息"
            items={[
              { label: '所属公司', value: orDash(staff.organisationName) },
              { label: '门店', value: orDash(staff.storeName) },
              { label: '部门', value: orDash(staff.departmentName) },
              { label: '岗位', value: orDash(staff.positionName) },
              {
                label: '角色',
                value:
                  staff.roles.length > 0 ? (
                    <Space size={4} wrap>
                      {staff.roles.map((role) => (
                        <Tag key={role.id}>{role.name}</Tag>
                      ))}
                    </Space>
                  ) : (
                    '—'
                  ),
              },
              { label: '入职日期', value: orDash(staff.entryDate) },
              { label: '创建时间', value: dateTime(staff.createdAt) },
            ]}
          />
          <DetailSection
            title="紧急联系人"
            items={[
              { label: '姓名', value: orDash(staff.emergencyContact) },
              { label: '联系电话', value: orDash(staff.emergencyMobile) },
            ]}
          />
          <DetailSection title="状态记录">
            <StatusHistory history={staff.history} statusText={statusText} />
          </DetailSection>
          <FormModal<StaffEdit>
            title={`编辑员工 · ${staff.realName}`}
            visible={editing !== undefined}
            fields={fields}
            columns={2}
            initialValues={editing}
            onSubmit={(values) => staffApi.edit({ ...values, id: staff.id, roleIds: values.roleIds ?? [] })}
            onClose={() => setEditing(undefined)}
            onSaved={load}
            testId="staff-form"
          />
          <StatusActionModal staff={status.staff} action={status.action} onClose={status.close} onDone={load} />
        </>
      )}
    </DetailPage>
  );
}
