// The route configuration tree (global admins).
import { act, read, write } from './calls';

export interface MenuActionRow {
  id?: number;
  code: string;
  name: string;
  sort?: number;
}

export interface MenuNode {
  menuId: number;
  parentId?: number | null;
  menuName: string;
  menuIcon: string;
  /** 1 directory, 2 page. */
  menuType: number;
  /** 1 directory, 2 visible page, 3 hidden detail page. */
  status: number;
  menuPage: string;
  componentPath: string;
  sort: number;
  actions: MenuActionRow[];
  children: MenuNode[];
}

export interface MenuFields {
  parentId?: number;
  menuName: string;
  menuIcon?: string;
  menuType: number;
  status: number;
  menuPage: string;
  componentPath?: string;
  sort?: number;
  actions: MenuActionRow[];
}

export const menuAdminApi = {
  tree: () => read<MenuNode[]>('/api/v1/fm/menu/tree'),
  add: (data: MenuFields) => write<MenuNode>('/api/v1/fm/menu/add', data),
  edit: (data: MenuFields & { id: number }) => write<MenuNode>('/api/v1/fm/menu/edit', data),
  remove: (id: number) => act('/api/v1/fm/menu/delete', { id }),
  sort: (parentId: number | undefined, ids: number[]) => act<MenuNode[]>('/api/v1/fm/menu/sort', { parentId, ids }),
};
