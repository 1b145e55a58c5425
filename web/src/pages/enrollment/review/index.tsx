import { useState, type ReactNode } from 'react';
import { Button, Card, Descriptions, Message, Space, Tag } from '@arco-design/web-react';
import { onboardingApproveConfirm, onboardingNeedsApprover } from '@core/wasm';
import { IconEye } from '@arco-design/web-react/icon';
import { enrollmentApi } from '../../../api/org/enrollment';
import { useReveal } from '../../../api/useRead';
import { enumText } from '../../../components/enums';
import { confirmAction } from '../../../components/form/confirmAction';
import { coreFields } from '../../../components/form/coreForm';
import { FormModal } from '../../../components/form/FormModal';
import { Permission } from '../../../components/Permission';
import { ENROLLMENT_PATH } from '../../../router/permission';
import { orDash } from '../../org/shared/format';
import { useCase } from '../shared/caseContext';
import { CancelButton } from '../shared/CancelButton';
import { StatusHistory } from '../../../components/detail/StatusHistory';

function onboardingText(code?: string | null): string {
  return code ? enumText('onboardingStatus', code) : '—';
}

/** An approver's button: shown only with the /enrollment route's 审批 action when core says it needs one. */
function ApproverOnly({ action, children }: { action: string; children: ReactNode }) {
  if (!onboardingNeedsApprover(action)) return children;
  return (
    <Permission action="approve" route={ENROLLMENT_PATH}>
      {children}
    </Permission>
  );
}

/** Level 3, 审批: everything the hire gave, the history, and the approver's decision. */
export default function EnrollmentReview() {
  const { enrollment: current, show } = useCase();
  const [rejecting, setRejecting] = useState(false);
  // Numbers come masked; 查看完整信息 reads them whole (the server records every reveal) until
  // hidden again or the onboarding moves on: it holds for the status it was asked in.
  const [revealedIn, setRevealedIn] = useState<string | undefined>();
  const revealing = revealedIn === current.status;
  const whole = useReveal(() => (revealing ? enrollmentApi.detail(current.id, true) : Promise.resolve(null)), revealing);
  const revealed = revealing && whole.data?.status === current.status ? whole.data : undefined;
  const enrollment = revealed ?? current;
  const toggleReveal = () => setRevealedIn(revealing ? undefined : current.status);
  // The server offers 通过/驳回 only to an approver who did not send the record for approval.
  const actions = enrollment.availableActions;

  const approve = () =>
    confirmAction({
      title: '通过入职',
      danger: false,
      content: onboardingApproveConfirm(enrollment.realName, enumText('workingStatus', enrollment.workingStatus), enrollment.roles.length > 0),
      onOk: async () => {
        show(await enrollmentApi.approve(enrollment.id));
        Message.success('已通过，员工已入职');
      },
    });

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="enrollment-review">
      <Card
        title="入职资料"
        bordered={false}
        extra={
          <Button icon={<IconEye />} onClick={toggleReveal} data-testid="enrollment-unmask">
            {revealed ? '隐藏敏感信息' : '查看完整信息'}
          </Button>
        }
      >
        <Descriptions
          column={2}
          colon="："
          labelStyle={{ width: 110 }}
          data={[
            { label: '用户名', value: enrollment.username },
            { label: '手机号码', value: enrollment.mobile },
            { label: '性别', value: enumText('sex', enrollment.sex) },
            { label: '身份证号', value: orDash(enrollment.idNumber) },
            { label: '银行卡号', value: orDash(enrollment.bankCard) },
            { label: '学历', value: enumText('education', enrollment.education) },
            { label: '婚姻状况', value: enumText('maritalStatus', enrollment.maritalStatus) },
            { label: '入职日期', value: orDash(enrollment.entryDate) },
            { label: '入职状态', value: enumText('workingStatus', enrollment.workingStatus) },
            { label: '部门', value: orDash(enrollment.departmentName) },
            {
              label: '角色',
              value: enrollment.roles.length ? enrollment.roles.map((role) => <Tag key={role.id}>{role.name}</Tag>) : '—',
            },
            { label: '联系地址', value: orDash(enrollment.address) },
            { label: '紧急联系人', value: orDash(enrollment.emergencyContact) },
            { label: '紧急联系电话', value: orDash(enrollment.emergencyMobile) },
          ]}
        />
        <Space className="enrollment__actions">
          {actions.includes('cancel') && <CancelButton />}
          {actions.includes('reject') && (
            <ApproverOnly action="reject">
              <Button status="danger" onClick={() => setRejecting(true)} data-testid="enrollment-reject">
                {enumText('onboardingAction', 'reject')}
              </Button>
            </ApproverOnly>
          )}
          {actions.includes('approve') && (
            <ApproverOnly action="approve">
              <Button type="primary" onClick={approve} data-testid="enrollment-approve">
                {enumText('onboardingAction', 'approve')}
              </Button>
            </ApproverOnly>
          )}
        </Space>
      </Card>
      <Card title="办理记录" bordered={false}>
        <StatusHistory history={enrollment.history} statusText={onboardingText} />
      </Card>
      <FormModal<{ reason: string }>
        title={`驳回 · ${enrollment.realName}`}
        visible={rejecting}
        fields={coreFields('onboardingReject')}
        okText={enumText('onboardingAction', 'reject')}
        successText="已驳回"
        onSubmit={async (values) => {
          const result = await enrollmentApi.reject(enrollment.id, values.reason);
          if (!('failed' in result)) show(result);
          return result;
        }}
        onClose={() => setRejecting(false)}
      />
    </Space>
  );
}
