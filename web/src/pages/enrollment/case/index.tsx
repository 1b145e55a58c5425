import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useNavigate, useParams } from 'react-router-dom';
import { Alert, Card, Descriptions, Spin, Steps } from '@arco-design/web-react';
import { enrollmentApi, type EnrollmentDetail } from '../../../api/org/enrollment';
import { useRead } from '../../../api/useRead';
import { ENROLLMENT_PATH } from '../../../router/permission';
import { dateTime, orDash } from '../../org/shared/format';
import type { CaseContext } from '../shared/caseContext';
import { pageOf, stepOf, STEPS } from './enrollmentSteps';
import { OnboardingStatusTag } from '../shared/OnboardingStatusTag';

/** Level 2 of /enrollment: one onboarding, its step bar and status, around its step pages. */
export default function EnrollmentCase() {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // Through the shared cache: every write refreshes it, wherever it was made.
  const { data: enrollment, failed, reload, replace } = useRead(() => enrollmentApi.detail(id));
  // One that cannot be shown (the request client has said why) leaves for the list.
  useEffect(() => {
    if (failed) navigate(ENROLLMENT_PATH, { replace: true });
  }, [failed, navigate]);

  const show = (next: EnrollmentDetail) => {
    replace(next);
    navigate(`${ENROLLMENT_PATH}/${next.id}/${pageOf(next.status)}`, { replace: true });
  };

  if (!enrollment) {
    return (
      <div className="page-loading">
        <Spin size={28} />
      </div>
    );
  }
  const page = pageOf(enrollment.status);
  if (pathname.endsWith(`/${id}`)) return <Navigate to={page} replace />;
  // A record no longer being filled in opens on its review: the details form would show the
  // unmasked numbers in fields nobody may change any more.
  if (page === 'review' && pathname.endsWith(`/${id}/info`)) return <Navigate to="review" replace />;
  const step = stepOf(enrollment.status);

  const context: CaseContext = { enrollment, show, reload };
  return (
    <div data-testid="enrollment-case">
      {/* Reaching the last step (完成) means the onboarding is done, so that step shows finished. */}
      <Steps
        current={step}
        status={step === STEPS.length ? 'finish' : 'process'}
        className="enrollment__steps"
        data-testid="enrollment-steps"
      >
        {STEPS.map((title) => (
          <Steps.Step key={title} title={title} />
        ))}
      </Steps>
      <Card bordered={false} className="enrollment__summary">
        <Descriptions
          column={4}
          colon="："
          data={[
            { label: '姓名', value: enrollment.realName },
            { label: '状态', value: <OnboardingStatusTag status={enrollment.status} /> },
            { label: '门店', value: orDash(enrollment.storeName) },
            { label: '岗位', value: orDash(enrollment.positionName) },
            { label: '发起人', value: enrollment.startedByName },
            { label: '发起时间', value: dateTime(enrollment.createdAt) },
            { label: '审批人', value: orDash(enrollment.decidedByName) },
            { label: '审批时间', value: dateTime(enrollment.decidedAt) },
          ]}
        />
        {enrollment.status === 'REJECTED' && enrollment.rejectReason && (
          <Alert type="error" title="已驳回" content={enrollment.rejectReason} className="enrollment__alert" />
        )}
      </Card>
      <Outlet context={context} />
    </div>
  );
}
