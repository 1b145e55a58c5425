import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { useMenuStore } from '../stores/menu';
import { ENROLLMENT_PATH } from './permission';
import { RouteGuard } from './RouteGuard';

const LoginPage = lazy(() => import('../pages/login/LoginPage'));
const NotFoundPage = lazy(() => import('../pages/notFound/NotFoundPage'));
const UseInfoPage = lazy(() => import('../pages/useInfo/UseInfoPage'));
const EnrollmentRoutes = lazy(() => import('../pages/enrollment/EnrollmentRoutes'));
const MainLayout = lazy(() => import('../layout/MainLayout'));
const RoutePage = lazy(() => import('../layout/RoutePage'));

/** Paths the static routes own; a menu entry with the same path is served by the static one. */
const STATIC_PATHS = new Set(['/login', '/404', '/useInfo', ENROLLMENT_PATH]);

/** Static routes of spec §2, and the menu's routes (built by core) inside the workspace layout. */
export function AppRoutes() {
  const routes = useMenuStore((state) => state.routeTable.routes);
  return (
    <Suspense fallback={null}>
      <Routes>
        <Route element={<RouteGuard />}>
          <Route path="/" element={<Navigate to="/login" replace />} />
          <Route path="/login" element={<LoginPage />} />
          <Route path="/404" element={<NotFoundPage />} />
          <Route path="/useInfo" element={<UseInfoPage />} />
          <Route path={`${ENROLLMENT_PATH}/*`} element={<EnrollmentRoutes />} />
          <Route element={<MainLayout />}>
            {routes
              .filter((route) => !STATIC_PATHS.has(route.path))
              .map((route) => (
                <Route key={route.path} path={route.path} element={<RoutePage route={route} />} />
              ))}
          </Route>
          <Route path="*" element={<Navigate to="/404" replace />} />
        </Route>
      </Routes>
    </Suspense>
  );
}
