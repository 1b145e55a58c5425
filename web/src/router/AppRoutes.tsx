import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
// The first screen of every visit is in the entry chunk: no lazy boundary between it and the user.
import LoginPage from '../pages/account/login';
import { useMenuStore } from '../stores/menu';
import { useSessionStore } from '../stores/session';
import { ENROLLMENT_PATH } from './permission';
import { isProductPage } from './productPaths';
import { RouteGuard } from './RouteGuard';
import type { UnmatchedState } from './unmatched';
import { MainLayout, RoutePage } from './routeChunks';

const NotFoundPage = lazy(() => import('../pages/exception/notFound'));
const UseInfoPage = lazy(() => import('../pages/help/useInfo'));
const EnrollmentRoutes = lazy(() => import('../pages/enrollment/frame'));
const NoPermissionPage = lazy(() => import('../pages/exception/noPermission'));


/**
 * A path no menu route matched goes to /404 (spec §2: the final catch-all), carrying the address
 * asked for, so the page can name it and say whether it is missing or not granted.
 */
function Unmatched() {
  const { pathname, search } = useLocation();
  const state: UnmatchedState = { from: pathname + search, noPermission: isProductPage(pathname) };
  return <Navigate to="/404" replace state={state} />;
}

/** /404 answers inside the workspace (menu and tabs) when signed in, on its own otherwise. */
function Unreachable() {
  const state = useLocation().state as UnmatchedState | null;
  return state?.noPermission ? <NoPermissionPage from={state.from} /> : <NotFoundPage from={state?.from} inWorkspace />;
}

/** Paths the static routes own; a menu entry with the same path is served by the static one. */
const STATIC_PATHS = new Set(['/login', '/404', '/useInfo', ENROLLMENT_PATH]);

/** Static routes of spec §2, and the menu's routes (built by core) inside the workspace layout. */
export function AppRoutes() {
  const routes = useMenuStore((state) => state.routeTable.routes);
  const hasSession = useSessionStore((state) => Boolean(state.token));
  return (
    <Suspense fallback={null}>
      <Routes>
        <Route element={<RouteGuard />}>
          <Route path="/" element={<Navigate to="/login" replace />} />
          <Route path="/login" element={<LoginPage />} />
          {!hasSession && <Route path="/404" element={<NotFoundPage />} />}
          <Route path="/useInfo" element={<UseInfoPage />} />
          <Route path={`${ENROLLMENT_PATH}/*`} element={<EnrollmentRoutes />} />
          <Route element={<MainLayout />}>
            {hasSession && <Route path="/404" element={<Unreachable />} />}
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
