import type { RouteRecord } from '@core/wasm';

/**
 * Callers above a single company (city operations, global admin) say which company or city
 * site a new row belongs to; a workbench user's rows go to their own company.
 */
export function choosesCompany(route: RouteRecord): boolean {
  return route.meta.workspace !== '/work';
}

/** Only the global admin works across city sites and names the site of a new row. */
export function choosesSite(route: RouteRecord): boolean {
  return route.meta.workspace === '/adminConfig';
}
