import { findRoute, type RouteTable } from '@core/wasm';

export const ENROLLMENT_PATH = '/enrollment';

/**
 * The target's `meta.permission` for the guard: menu routes say it themselves; the static
 * onboarding route is permitted when the user's menu grants `/enrollment`; other static routes do not say.
 */
export function routePermission(table: RouteTable, pathname: string): boolean | undefined {
  if (pathname === ENROLLMENT_PATH || pathname.startsWith(`${ENROLLMENT_PATH}/`)) {
    return table.routes.some((route) => route.path === ENROLLMENT_PATH);
  }
  return findRoute(table, pathname)?.meta.permission;
}
