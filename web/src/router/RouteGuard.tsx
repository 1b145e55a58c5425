import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { Message, Spin } from '@arco-design/web-react';
import { guardDecision, type GuardDecision } from '@core/wasm';
import { RequestError } from '../api/client';
import { TEXT } from '../config/coreData';
import { useCoreLoaded } from '../core/ready';
import { useMenuStore } from '../stores/menu';
import { useNavProgressStore } from '../stores/navProgress';
import { useSessionStore } from '../stores/session';
import { useUserStore } from '../stores/user';
import { routePermission } from './permission';
import { readQuery } from './query';
import type { UnmatchedState } from './unmatched';
import { loadSession, refuseEmptyMenu } from './session';

/** The navigation rules of spec §2, asked of core on every location. */
export function RouteGuard() {
  const location = useLocation();
  const navigate = useNavigate();
  const hasSession = useSessionStore((state) => Boolean(state.token));
  const hasUserId = useUserStore((state) => state.info?.userId !== undefined && state.info.userId !== null);
  const table = useMenuStore((state) => state.routeTable);
  // Only the login page of a visitor without a session renders before core's module has come
  // (main.tsx): it passes, as core's guard would let it.
  const coreLoaded = useCoreLoaded();
  const decision: GuardDecision = coreLoaded
    ? guardDecision({ path: location.pathname, hasSession, hasUserId, permission: routePermission(table, location.pathname) })
    : { kind: 'pass' };

  useEffect(() => {
    if (!coreLoaded) return;
    const { ok, message } = readQuery(location.search);
    if (!ok) Message.error(message ?? TEXT.urlParamError);
  }, [location.search, coreLoaded]);

  useEffect(() => {
    const progress = useNavProgressStore.getState();
    progress.start();
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      progress.done();
    };
    const frame = requestAnimationFrame(finish);
    return () => {
      cancelAnimationFrame(frame);
      finish();
    };
  }, [location.key]);

  const mustLoadUser = decision.kind === 'loadUser';
  useEffect(() => {
    if (!mustLoadUser) return;
    let current = true;
    const progress = useNavProgressStore.getState();
    progress.start();
    // One load however many renders ask: concurrent asks share it.
    loadSession()
      .then((hasMenu) => {
        if (!hasMenu && current) refuseEmptyMenu(navigate);
      })
      .catch((error: unknown) => {
        // A login-expired answer runs its own flow (warning, logout); anything else leaves the
        // user at the login page with the client's toast already shown.
        if (current && !(error instanceof RequestError && error.kind === 'loginExpired')) {
          navigate('/login', { replace: true });
        }
      })
      .finally(() => progress.done());
    return () => {
      current = false;
    };
  }, [mustLoadUser, navigate]);

  if (decision.kind === 'redirect') {
    // The login page returns to the page first asked for; core sends to /404 only a route whose
    // permission is false, a page of the product (the static 办理入职 too) this menu does not grant,
    // so /404 says 无权限 rather than 页面不存在.
    const from = location.pathname + location.search;
    const state =
      decision.to === '/login'
        ? { from }
        : decision.to === '/404'
          ? ({ from, noPermission: true } satisfies UnmatchedState)
          : undefined;
    return <Navigate to={decision.to} replace state={state} />;
  }
  if (decision.kind === 'loadUser') {
    return (
      <div className="page-spinner">
        <Spin size={32} />
      </div>
    );
  }
  return <Outlet />;
}
