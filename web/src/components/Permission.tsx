import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { findRoute, permissionDirectiveKeeps } from '@core/wasm';
import { useMenuStore } from '../stores/menu';
import { useUserStore } from '../stores/user';

/** Whether the current route allows an action (spec §6, decided by core). */
export function usePermission(): (action: string) => boolean {
  const { pathname } = useLocation();
  const table = useMenuStore((state) => state.routeTable);
  const positionName = useUserStore((state) => state.info?.positionName ?? '');
  const allowedActions = findRoute(table, pathname)?.meta.authActions ?? [];
  return (action) =>
    permissionDirectiveKeeps({ action, allowedActions, hostname: window.location.hostname, positionName });
}

/** Renders its children only when the current route's menu grants `action`. */
export function Permission({ action, children }: { action: string; children: ReactNode }) {
  const allows = usePermission();
  return allows(action) ? children : null;
}
