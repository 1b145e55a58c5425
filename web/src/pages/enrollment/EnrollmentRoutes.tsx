import { Navigate, Outlet, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { Button, Steps } from '@arco-design/web-react';
import { IconLeft } from '@arco-design/web-react/icon';
import { messages } from '@core/wasm';
import { UnderConstruction } from '../../components/UnderConstruction';
import './Enrollment.css';

const STEPS = [
  { path: 'basic', title: '基本信息' },
  { path: 'position', title: '岗位信息' },
  { path: 'confirm', title: '确认提交' },
];

/** Level 1: the onboarding frame, outside the workspace layout. */
function EnrollmentFrame() {
  const navigate = useNavigate();
  return (
    <div className="enrollment">
      <header className="enrollment__header">
        <Button type="text" icon={<IconLeft />} onClick={() => navigate(-1)}>
          返回
        </Button>
        <h1>{messages().enrollmentTitle}</h1>
      </header>
      <Outlet />
    </div>
  );
}

/** Level 2: the step bar over the step pages. */
function EnrollmentSteps() {
  const { pathname } = useLocation();
  const current = STEPS.findIndex((step) => pathname.endsWith(`/${step.path}`)) + 1;
  return (
    <main className="enrollment__body">
      <Steps current={current} className="enrollment__steps">
        {STEPS.map((step) => (
          <Steps.Step key={step.path} title={step.title} />
        ))}
      </Steps>
      <Outlet />
    </main>
  );
}

/** /enrollment: 办理入职, three levels deep (frame → steps → step page). */
export default function EnrollmentRoutes() {
  return (
    <Routes>
      <Route element={<EnrollmentFrame />}>
        <Route element={<EnrollmentSteps />}>
          <Route index element={<Navigate to={STEPS[0].path} replace />} />
          {STEPS.map((step) => (
            <Route key={step.path} path={step.path} element={<UnderConstruction title={step.title} />} />
          ))}
        </Route>
      </Route>
    </Routes>
  );
}
