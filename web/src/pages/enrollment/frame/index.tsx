import { lazy, Suspense } from 'react';
import { Outlet, Route, Routes, useNavigate } from 'react-router-dom';
import { Button } from '@arco-design/web-react';
import { IconLeft } from '@arco-design/web-react/icon';
import { TEXT } from '../../../config/coreData';
import { PageLoading } from '../../../layout/PageLoading';
import './Enrollment.css';

const EnrollmentList = lazy(() => import('../list'));
const EnrollmentStart = lazy(() => import('../start'));
const EnrollmentCase = lazy(() => import('../case'));
const EnrollmentInfo = lazy(() => import('../info'));
const EnrollmentReview = lazy(() => import('../review'));

/** Level 1: the onboarding frame, outside the workspace layout. */
function EnrollmentFrame() {
  const navigate = useNavigate();
  return (
    <div className="enrollment">
      <header className="enrollment__header">
        <Button type="text" icon={<IconLeft />} onClick={() => navigate(-1)} data-testid="enrollment-back">
          返回
        </Button>
        <h1>{TEXT.enrollmentTitle}</h1>
      </header>
      <main className="enrollment__body">
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}

/**
 * /enrollment: 办理入职, three levels deep — the frame; the list, a new onboarding, or one
 * onboarding with its step bar; that onboarding's step pages (完善资料, 审批).
 */
export default function EnrollmentRoutes() {
  return (
    <Routes>
      <Route element={<EnrollmentFrame />}>
        <Route index element={<EnrollmentList />} />
        <Route path="new" element={<EnrollmentStart />} />
        <Route path=":id" element={<EnrollmentCase />}>
          <Route path="info" element={<EnrollmentInfo />} />
          <Route path="review" element={<EnrollmentReview />} />
        </Route>
      </Route>
    </Routes>
  );
}
