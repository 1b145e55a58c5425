// The app catalogue (global) and which apps a city site or company has switched on.
import type { Schema } from '../schemas';
import { act, pageOf, read, write } from './calls';

export type App = Schema<'App'>;
/** An app at one level; `inherited` when the company follows its city site, `restorable` when it
 *  has a setting of its own, `editable` when the caller's data scope covers this level. */
export type AppEnablement = Schema<'AppEnablement'>;

export const appApi = {
  list: pageOf<App, Omit<Schema<'AppQuery'>, 'pageNum' | 'pageSize'>>('/api/v1/fm/app/list'),
  add: (data: Schema<'AppAdd'>) => write<App>('/api/v1/fm/app/add', data),
  edit: (data: Schema<'AppEdit'>) => write<App>('/api/v1/fm/app/edit', data),
  remove: (id: number) => act('/api/v1/fm/app/delete', { id }),
  enablement: (where: Schema<'EnablementQuery'> = {}) =>
    read<AppEnablement[]>('/api/v1/fm/app/enablement', where),
  setEnabled: (data: Schema<'SetEnabled'>) =>
    act<AppEnablement[]>('/api/v1/fm/app/setEnabled', data),
  /** 恢复城市设置: the company drops its own setting and follows its city site again. */
  inheritCity: (data: Schema<'InheritCity'>) =>
    act<AppEnablement[]>('/api/v1/fm/app/inheritCity', data),
};
