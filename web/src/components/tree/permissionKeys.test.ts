import { describe, expect, it } from 'vitest';
import { checkedKeysOf, grantsOf, permissionNodes, type PermissionMenu } from './permissionKeys';

// 企业设置 › 角色 (add, delete), 企业设置 › 参数配置 (no actions).
const menus: PermissionMenu[] = [
  {
    menuId: 1,
    menuName: '企业设置',
    menuPage: '/work/enterprise',
    actions: [],
    children: [
      {
        menuId: 2,
        menuName: '角色',
        menuPage: '/work/enterprise/role',
        children: [],
        actions: [
          { actionId: 10, code: 'add', actionName: '新增' },
          { actionId: 11, code: 'delete', actionName: '删除' },
        ],
      },
      { menuId: 3, menuName: '参数配置', menuPage: '/work/enterprise/dictionary', children: [], actions: [] },
    ],
  },
];

describe('permission tree keys', () => {
  it('gives a page with actions a 访问页面 leaf beside them', () => {
    const role = permissionNodes(menus)[0].children?.[0];
    expect(role?.children?.map((node) => node.title)).toEqual(['访问页面', '新增', '删除']);
    expect(role?.children?.map((node) => node.name)).toEqual([
      '/work/enterprise/role:view',
      '/work/enterprise/role:add',
      '/work/enterprise/role:delete',
    ]);
  });

  it('ticks only leaves, so a page granted without its actions keeps them unticked', () => {
    expect(checkedKeysOf(menus, { menuIds: [1, 2], actionIds: [] })).toEqual(['v2']);
    expect(checkedKeysOf(menus, { menuIds: [1, 2, 3], actionIds: [10] })).toEqual(['v2', 'a10', 'm3']);
  });

  // The closure rule's cases are core's (menu/tree.rs); this pins that the keys reach it.
  it('grants a directory and page whenever something below them is ticked, through core', () => {
    expect(grantsOf(menus, ['a10'])).toEqual({ menuIds: [1, 2], actionIds: [10] });
    expect(grantsOf(menus, ['m3'])).toEqual({ menuIds: [1, 3], actionIds: [] });
    expect(grantsOf(menus, ['m1', 'm2', 'v2', 'a10', 'a11', 'm3'])).toEqual({
      menuIds: [1, 2, 3],
      actionIds: [10, 11],
    });
  });
});
