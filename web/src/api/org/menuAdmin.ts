// The route configuration tree (global admins).
import type { Schema } from '../schemas';
import { act, read, write } from './calls';

/** An action row of the menu form: an existing action keeps its id. */
export type MenuActionRow = Schema<'ActionForm'>;
/** A menu entry with its actions and subtree, in `sort` order. */
export type MenuNode = Schema<'MenuNode'>;
export type MenuFields = Schema<'MenuForm'>;

export const menuAdminApi = {
  tree: () => read<MenuNode[]>('/api/v1/fm/menu/tree'),
  add: (data: MenuFields) => write<MenuNode>('/api/v1/fm/menu/add', data),
  edit: (data: Schema<'MenuEdit'>) => write<MenuNode>('/api/v1/fm/menu/edit', data),
  remove: (id: number) => act('/api/v1/fm/menu/delete', { id }),
  sort: (parentId: number | undefined, ids: number[]) =>
    act<MenuNode[]>('/api/v1/fm/menu/sort', { parentId, ids } satisfies Schema<'MenuSort'>),
};
