import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { Message, Spin } from '@arco-design/web-react';
import { guardDecision, messages } from '@core/wasm';
import { RequestError } from '../api/client';
import { useMenuStore } from '../stores/menu';
import { useNavProgressStore } from '../stores/navProgress';
import { useSessionStore } from '../stores/session';
import { useUserStore } from '../stores/user';
import { routePermission } from './permission';
import { readQuery } from './query';

let loadingUser: Promise<boolean> | undefined;

/** One load of user info and menu at a time, however many renders ask. */
function loadUserOnce(): Promise<boolean> {
  loadingUser ??= useSessionStore
    .getState()
    .loadUserAndMenu()
    .finally(() => {
      loadingUser = undefined;
    });
  return loadingUser;
}

/** The navigation rules of spec §2, asked of core on every location. */
export function RouteGuard() {
  const location = useLocation();
  const navigate = useNavigate();
  const hasSession = useSessionStore((state) => Boolean(state.token));
  const hasUserId = useUserStore((state) => state.info?.userId !== undefined && state.info.userId !== null);
  const table = useMenuStore((state) => state.routeTable);
  const decision = guardDecision({
    path: location.pathname,
    hasSession,
    hasUserId,
    permission: routePermission(table, location.pathname),
  });

  useEffect(() => {
    const { ok, message } = readQuery(location.search);
    if (!ok) Message.error(message ?? messages().urlParamError);
  }, [location.search]);

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
    loadUserOnce()
      .then((hasMenu) => {
        if (hasMenu || !current) return;
        Message.error(messages().noPermission);
        useSessionStore.getState().dropToken();
        navigate('/login', { replace: true });
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

  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.kind === 'loadUser') {
    return (
      <div className="page-spinner">
        <Spin size={32} />
      </div>
    );
  }
  return <Outlet />;
}
