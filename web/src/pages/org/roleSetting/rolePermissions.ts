import type { RolePermissionNode } from '../../../api/org/role';
import type { Grants, PermissionMenu } from '../../../components/tree/permissionKeys';

/** The server's permission tree as the checkable tree reads it. */
export function permissionMenus(nodes: RolePermissionNode[]): PermissionMenu[] {
  return nodes.map((node) => ({
    menuId: node.menuId,
    menuName: node.menuName,
    menuPage: node.menuPage,
    children: permissionMenus(node.children),
    actions: node.actions.map((action) => ({ actionId: action.actionId, code: action.code, actionName: action.name })),
  }));
}

/** The role's current grants: every node and action the server marks checked. */
export function checkedGrants(nodes: RolePermissionNode[]): Grants {
  const menuIds: number[] = [];
  const actionIds: number[] = [];
  const walk = (list: RolePermissionNode[]) => {
    for (const node of list) {
      if (node.checked) menuIds.push(node.menuId);
      for (const action of node.actions) if (action.checked) actionIds.push(action.actionId);
      walk(node.children);
    }
  };
  walk(nodes);
  return { menuIds, actionIds };
}
