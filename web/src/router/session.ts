// Keeping the signed-in user's menu and info fresh, so role changes reach them without logging in
// again: loaded by the guard before the first page, again on each navigation, when the
// window regains focus, and right after any write (a role or permission save, an app switched on),
// all through one cache entry so the loads never overlap or repeat within a second.
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Message } from '@arco-design/web-react';
import { useQuery } from '@tanstack/react-query';
import { queryClient } from '../api/queryClient';
import { TEXT } from '../config/coreData';
import { useSessionStore } from '../stores/session';

const SESSION_KEY = ['session'];
/** A load this recent is fresh: the guard's first load is not repeated by the layout's mount. */
const FRESH_MS = 1000;

const loadUserAndMenu = () => useSessionStore.getState().loadUserAndMenu();

/** User info and menu, unless loaded within the last second; false when the menu is empty. */
export function loadSession(): Promise<boolean> {
  return queryClient.fetchQuery({ queryKey: SESSION_KEY, queryFn: loadUserAndMenu, staleTime: FRESH_MS });
}

/** A user whose menu is empty has no access: they go back to the login page, token dropped. */
export function refuseEmptyMenu(navigate: (to: string, options: { replace: boolean }) => void): void {
  Message.error(TEXT.noPermission);
  useSessionStore.getState().dropToken();
  navigate('/login', { replace: true });
}

/** In the workspace layout: refreshes the session on navigation, focus and writes. */
export function useSessionRefresh(): void {
  const { key } = useLocation();
  const navigate = useNavigate();
  const { data: hasMenu } = useQuery({ queryKey: SESSION_KEY, queryFn: loadUserAndMenu, staleTime: FRESH_MS });

  useEffect(() => {
    // A failure has been shown by the request client (or runs the login-expired flow).
    loadSession().catch(() => undefined);
  }, [key]);

  useEffect(() => {
    if (hasMenu === false) refuseEmptyMenu(navigate);
  }, [hasMenu, navigate]);
}
