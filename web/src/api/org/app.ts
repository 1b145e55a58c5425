// The app catalogue (global) and which apps a city site or company has switched on.
import { act, pageOf, read, write } from './calls';

export interface App {
  id: number;
  code: string;
  name: string;
  /** core `appType` 1-6. */
  appType: number;
  icon?: string | null;
  description?: string | null;
  sort: number;
  enabled: boolean;
  createdAt: number;
}

export interface AppEnablement {
  appId: number;
  appName: string;
  appType: number;
  icon?: string | null;
  description?: string | null;
  enabled: boolean;
  /** The company follows its city site's setting. */
  inherited: boolean;
  /** The caller's data scope covers this level (a store manager reads the company's apps only). */
  editable: boolean;
}

type AppFields = Pick<App, 'name' | 'appType' | 'icon' | 'description' | 'sort' | 'enabled'>;

export const appApi = {
  list: pageOf<App, { name?: string; appType?: number }>('/api/v1/fm/app/list'),
  add: (data: AppFields & { code: string }) => write<App>('/api/v1/fm/app/add', data),
  edit: (data: AppFields & { id: number }) => write<App>('/api/v1/fm/app/edit', data),
  remove: (id: number) => act('/api/v1/fm/app/delete', { id }),
  enablement: (where: { siteId?: number; organisationId?: number } = {}) =>
    read<AppEnablement[]>('/api/v1/fm/app/enablement', where),
  setEnabled: (data: { appId: number; siteId?: number; organisationId?: number; enabled: boolean }) =>
    act<AppEnablement[]>('/api/v1/fm/app/setEnabled', data),
};
