import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { RouteRecord } from '@core/wasm';

export interface PageProps {
  route: RouteRecord;
}

type LazyPage = LazyExoticComponent<ComponentType<PageProps>>;

const WorkspaceHome = lazy(() => import('./home/WorkspaceHome'));
const PersonalCentre = lazy(() => import('./mine/PersonalCentre'));

/** Built pages by menu component path; a path not listed renders the 建设中 notice. */
const PAGES: Record<string, LazyPage> = {
  'work/home/index': WorkspaceHome,
  'coc/home': WorkspaceHome,
  'adminConfig/home': WorkspaceHome,
  'work/mine': PersonalCentre,
  'coc/mine': PersonalCentre,
};

export function pageFor(componentPath: string): LazyPage | undefined {
  return PAGES[componentPath];
}
