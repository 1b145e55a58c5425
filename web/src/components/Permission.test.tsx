// @vitest-environment-options {"url": "https://brokerdesk.example.com/"}
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildRouteTable, defaultMenuTree, findRoute } from '@core/wasm';
import type { UserInfo } from '../api/types';
import { useMenuStore } from '../stores/menu';
import { useUserStore } from '../stores/user';
import { Permission, RouteActionsProvider } from './Permission';

function signedInAs(positionName: string) {
  const info: UserInfo = {
    userId: 4,
    username: 'agent',
    positionName,
    realName: '李晓峰',
    userCode: 'BD0004',
    mobile: '138****0004',
    workingStatus: 'INCUMBENCY_FORMAL',
    permissions: [],
    sites: [],
  };
  useUserStore.setState({ info });
}

function buttonsAt(path: string) {
  const route = findRoute(useMenuStore.getState().routeTable, path)!;
  render(
    <MemoryRouter initialEntries={[path]}>
      <RouteActionsProvider route={route}>
        <Permission action="add">
          <button type="button">新增</button>
        </Permission>
        <Permission action="export">
          <button type="button">导出</button>
        </Permission>
      </RouteActionsProvider>
    </MemoryRouter>,
  );
  return ['新增', '导出'].filter((label) => screen.queryByText(label));
}

beforeEach(() => {
  const menus = defaultMenuTree();
  useMenuStore.setState({ menus, routeTable: buildRouteTable(menus) });
});

describe('Permission (spec §6)', () => {
  it("keeps only the current route's allowed actions", () => {
    signedInAs('经纪人');
    // 新房 lists and exports, but does not add.
    expect(buttonsAt('/work/house/new')).toEqual(['导出']);
  });

  it('keeps every action for the super administrator', () => {
    signedInAs('超级管理员');
    expect(buttonsAt('/work/house/new')).toEqual(['新增', '导出']);
  });
});
