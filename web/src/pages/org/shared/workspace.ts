import { choosesCompany as coreChoosesCompany, choosesSite as coreChoosesSite, type RouteRecord } from '@core/wasm';

/** Whether the caller on this page names the company of a new row (core's rule). */
export function choosesCompany(route: RouteRecord): boolean {
  return coreChoosesCompany(route.meta.workspace, []);
}

/** Whether the caller on this page names the city site of a new row (core's rule). */
export function choosesSite(route: RouteRecord): boolean {
  return coreChoosesSite(route.meta.workspace, []);
}
