import { createContext, useCallback, useContext, useMemo, type ReactNode } from 'react';
import { Message } from '@arco-design/web-react';
import { permissionDirectiveKeeps, type RouteRecord } from '@core/wasm';
import { useMenuStore } from '../stores/menu';
import { useUserStore } from '../stores/user';
import { TEXT } from '../config/coreData';

/** What the current page's menu entry lets the user do: set once by the page (RoutePage). */
interface RouteActions {
  /** The route's `authActions` (spec §6). */
  allowed: readonly string[];
}

const NONE: readonly string[] = [];
const RouteActionsContext = createContext<RouteActions>({ allowed: NONE });

/** Gives the buttons below a page its route's allowed actions, read from the route record once. */
export function RouteActionsProvider({ route, children }: { route: RouteRecord; children: ReactNode }) {
  const value = useMemo(() => ({ allowed: route.meta.authActions ?? [] }), [route]);
  return <RouteActionsContext.Provider value={value}>{children}</RouteActionsContext.Provider>;
}

export interface Permissions {
  /** The permission directive keeps the button (spec §6). */
  keeps: (action: string) => boolean;
  /** The route grants the action: the server will take the click. */
  grants: (action: string) => boolean;
}

/**
 * The current page's permissions, or those of the static route `routePath` for pages outside the
 * workspace layout (the steps of /enrollment).
 */
export function usePermissions(routePath?: string): Permissions {
  const fromPage = useContext(RouteActionsContext).allowed;
  const fromRoute = useMenuStore((state) =>
    routePath === undefined ? undefined : state.routeTable.routes.find((route) => route.path === routePath)?.meta.authActions,
  );
  const allowed = routePath === undefined ? fromPage : (fromRoute ?? NONE);
  const positionName = useUserStore((state) => state.info?.positionName ?? '');
  return useMemo(
    () => ({
      // Core decides; only the route's few action codes cross the wasm boundary, not the route table.
      keeps: (action: string) =>
        permissionDirectiveKeeps({ action, allowedActions: [...allowed], hostname: window.location.hostname, positionName }),
      grants: (action: string) => allowed.includes(action),
    }),
    [allowed, positionName],
  );
}

/** Whether the directive keeps a button for `action` on the current page. */
export function usePermission(routePath?: string): (action: string) => boolean {
  return usePermissions(routePath).keeps;
}

/** Renders its children only when the permission directive keeps `action` (spec §6). */
export function Permission({ action, route, children }: { action: string; route?: string; children: ReactNode }) {
  const allows = usePermission(route);
  return allows(action) ? children : null;
}

/**
 * Wraps the click of a button for `action` (none: every viewer of the page has it): where the
 * directive keeps a button the route does not grant (local and internal hosts, spec §6), the
 * click says 无权限执行该操作 at once instead of opening a form the server will refuse.
 */
export function useGuardedClick(routePath?: string): (action: string | undefined, onClick: () => void) => () => void {
  const { grants } = usePermissions(routePath);
  return useCallback(
    (action, onClick) => () => {
      if (action === undefined || grants(action)) onClick();
      else Message.error(TEXT.actionRefused);
    },
    [grants],
  );
}
