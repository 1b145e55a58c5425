import { useCallback, useEffect, useState } from 'react';
import { Navigate, Outlet, useLocation, useNavigate, useParams } from 'react-router-dom';
import { Alert, Card, Descriptions, Spin, Steps } from '@arco-design/web-react';
import { enrollmentApi, type EnrollmentDetail } from '../../api/org/enrollment';
import { ENROLLMENT_PATH } from '../../router/permission';
import { dateTime, orDash } from '../org/shared/format';
import type { CaseContext } from './caseContext';
import { pageOf, stepOf, STEPS } from './enrollmentSteps';
import { OnboardingStatusTag } from './OnboardingStatusTag';

/** Level 2 of /enrollment: one onboarding, its step bar and status, around its step pages. */
export default function EnrollmentCase() {
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [enrollment, setEnrollment] = useState<EnrollmentDetail | undefined>();

  const reload = useCallback(() => {
    enrollmentApi
      .detail(id)
      .then(setEnrollment)
      .catch(() => navigate(ENROLLMENT_PATH, { replace: true }));
  }, [id, navigate]);
  useEffect(reload, [reload]);

  const show = useCallback(
    (next: EnrollmentDetail) => {
      setEnrollment(next);
      navigate(`${ENROLLMENT_PATH}/${next.id}/${pageOf(next.status)}`, { replace: true });
    },
    [navigate],
  );

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
