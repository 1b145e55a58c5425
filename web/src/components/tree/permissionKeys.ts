// Maps a role's grants (menu ids, action ids) to the keys of a checkable tree and back. A page
// that has actions gets a 访问页面 leaf of its own, so "may open the page but do nothing on it"
// can be ticked. What ticks imply (a directory is granted whenever anything below it is) is
// core's rule, `closeGrants`, the same one the server's trees follow.
import { closeGrants, type Grants } from '@core/wasm';

export type { Grants };

export interface PermissionAction {
  actionId: number;
  code: string;
  actionName: string;
}

export interface PermissionMenu {
  menuId: number;
  menuName: string;
  /** The route path: names the node for tests (`/work/store/staff`, `…:add`, `…:view`). */
  menuPage: string;
  children: PermissionMenu[];
  actions: PermissionAction[];
}

export interface PermissionNode {
  key: string;
  title: string;
  /** `<menuPage>`, `<menuPage>:view` or `<menuPage>:<action code>`. */
  name: string;
  children?: PermissionNode[];
}

const menuKey = (id: number) => `m${id}`;
const viewKey = (id: number) => `v${id}`;
const actionKey = (id: number) => `a${id}`;

export function permissionNodes(menus: PermissionMenu[]): PermissionNode[] {
  return menus.map((menu) => {
    const leaves: PermissionNode[] =
      menu.actions.length > 0
        ? [
            { key: viewKey(menu.menuId), title: '访问页面', name: `${menu.menuPage}:view` },
            ...menu.actions.map((action) => ({
              key: actionKey(action.actionId),
              title: action.actionName,
              name: `${menu.menuPage}:${action.code}`,
            })),
          ]
        : [];
    const children = [...permissionNodes(menu.children), ...leaves];
    return {
      key: menuKey(menu.menuId),
      title: menu.menuName,
      name: menu.menuPage,
      children: children.length > 0 ? children : undefined,
    };
  });
}

/** The leaves to tick for stored grants; the tree derives every parent from them. */
export function checkedKeysOf(menus: PermissionMenu[], grants: Grants): string[] {
  const menuIds = new Set(grants.menuIds);
  const actionIds = new Set(grants.actionIds);
  return menus.flatMap((menu) => {
    const below = checkedKeysOf(menu.children, grants);
    if (menu.actions.length > 0) {
      const view = menuIds.has(menu.menuId) ? [viewKey(menu.menuId)] : [];
      const actions = menu.actions.filter((a) => actionIds.has(a.actionId)).map((a) => actionKey(a.actionId));
      return [...below, ...view, ...actions];
    }
    const isLeaf = menu.children.length === 0;
    return isLeaf && menuIds.has(menu.menuId) ? [menuKey(menu.menuId), ...below] : below;
  });
}

/** Grants from the tree's ticked keys, closed upwards by core. */
export function grantsOf(menus: PermissionMenu[], checked: string[]): Grants {
  const ticked: Grants = { menuIds: [], actionIds: [] };
  for (const key of checked) {
    const id = Number(key.slice(1));
    if (!Number.isInteger(id)) continue;
    if (key.startsWith('a')) ticked.actionIds.push(id);
    else ticked.menuIds.push(id);
  }
  return closeGrants(menus, ticked);
}
