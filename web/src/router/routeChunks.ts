// The workspace's code chunks, fetched ahead of need: while the user types on the login page, and
// at start for the page being reloaded, so neither waits on a chain of lazy imports.
import { findRoute, type RouteTable } from '@core/wasm';
import { coreReady } from '../core/ready';
import { pageFor, preloadWorkspaceHome } from '../pages/registry';
import { lazyWithPreload } from './lazyWithPreload';

export const MainLayout = lazyWithPreload(() => import('../layout/MainLayout'));
export const RoutePage = lazyWithPreload(() => import('../layout/RoutePage'));

/** The layout and the page chunk of `path` (nothing for a path outside the menu). */
export function preloadRoute(table: RouteTable, path: string): Promise<unknown> {
  const route = findRoute(table, path);
  const page = route && !route.redirect ? pageFor(route.componentPath) : undefined;
  return Promise.all([MainLayout.preload(), RoutePage.preload(), page?.preload()]);
}

/**
 * The layout and the workspace home, for when the page is not known yet (the user is still typing).
 * After core's module: fetching a chunk runs its modules, and those may ask core as they load.
 */
export function preloadLayout(): Promise<unknown> {
  return coreReady().then(() => Promise.all([MainLayout.preload(), RoutePage.preload(), preloadWorkspaceHome()]));
}
