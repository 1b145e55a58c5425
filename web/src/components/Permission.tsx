import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { findRoute, permissionDirectiveKeeps } from '@core/wasm';
import { useMenuStore } from '../stores/menu';
import { useUserStore } from '../stores/user';

/**
 * Whether a route allows an action (spec §6, decided by core): the current route's, or that of
 * `routePath` for pages below a static route (the steps of /enrollment).
 */
export function usePermission(routePath?: string): (action: string) => boolean {
  const { pathname } = useLocation();
  const table = useMenuStore((state) => state.routeTable);
  const positionName = useUserStore((state) => state.info?.positionName ?? '');
  const allowedActions = findRoute(table, routePath ?? pathname)?.meta.authActions ?? [];
  return (action) =>
    permissionDirectiveKeeps({ action, allowedActions, hostname: window.location.hostname, positionName });
}

/** Renders its children only when the route's menu grants `action`. */
export function Permission({ action, route, children }: { action: string; route?: string; children: ReactNode }) {
  const allows = usePermission(route);
  return allows(action) ? children : null;
}
