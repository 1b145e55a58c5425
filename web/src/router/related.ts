import type { RouteRecord, RouteTable } from '@core/wasm';

/**
 * The path of a page in the same workspace as `from` whose view ends with `view`
 * (`userInfo`, `roleSetting`, `company/partnerDetail`), its `:id` filled in; undefined when the
 * user's menu does not include it. The same list serves /work, /coc and /adminConfig, so its
 * links must land in the workspace the user is in.
 */
export function relatedPath(table: RouteTable, from: RouteRecord, view: string, id?: number | string): string | undefined {
  const target = table.routes.find(
    (route) =>
      route.meta.workspace === from.meta.workspace &&
      (route.componentPath === view || route.componentPath.endsWith(`/${view}`)),
  );
  if (!target) return undefined;
  return id === undefined ? target.path : target.path.replace(':id', encodeURIComponent(String(id)));
}
