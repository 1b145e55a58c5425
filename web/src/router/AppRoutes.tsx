import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
// The first screen of every visit is in the entry chunk: no lazy boundary between it and the user.
import LoginPage from '../pages/login/LoginPage';
import { useMenuStore } from '../stores/menu';
import { ENROLLMENT_PATH } from './permission';
import { isProductPage } from './productPaths';
import { RouteGuard } from './RouteGuard';
import { MainLayout, RoutePage } from './routeChunks';

const NotFoundPage = lazy(() => import('../pages/notFound/NotFoundPage'));
const UseInfoPage = lazy(() => import('../pages/useInfo/UseInfoPage'));
const EnrollmentRoutes = lazy(() => import('../pages/enrollment/EnrollmentRoutes'));
const NoPermissionPage = lazy(() => import('../pages/noPermission/NoPermissionPage'));

/**
 * A path no menu route matched: a product page this user may not open, or no page at all. Both
 * answer inside the workspace at the address asked for, so the user sees what failed.
 */
function Unmatched() {
  const { pathname } = useLocation();
  return isProductPage(pathname) ? <NoPermissionPage /> : <NotFoundPage inWorkspace />;
}

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
            <Route path="*" element={<Unmatched />} />
          </Route>
        </Route>
      </Routes>
    </Suspense>
  );
}
