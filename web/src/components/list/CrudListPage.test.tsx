// @vitest-environment-options {"url": "http://127.0.0.1/"}
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { buildRouteTable, defaultMenuTree, findRoute } from '@core/wasm';
import type { UserInfo } from '../../api/types';
import { useMenuStore } from '../../stores/menu';
import { useUserStore } from '../../stores/user';
import { withQueryClient } from '../../test/withQueryClient';
import { RouteActionsProvider } from '../Permission';
import { CrudListPage } from './CrudListPage';

interface Store {
  id: number;
  name: string;
}

const handlers = { add: vi.fn(), edit: vi.fn(), remove: vi.fn() };

/** A list of stores on `path`, as a store manager at 127.0.0.1, where spec §6 keeps every button. */
function storesAt(path: string) {
  const route = findRoute(useMenuStore.getState().routeTable, path)!;
  render(
    withQueryClient(
      <MemoryRouter initialEntries={[path]}>
        <RouteActionsProvider route={route}>
          <CrudListPage<Store, object, { name: string }>
            testId="store"
            entityName="门店"
            fetchPage={async () => ({ list: [{ id: 7, name: '西湖店' }], total: 1 })}
            initialFilters={{}}
            columns={[{ title: '门店名称', dataIndex: 'name' }]}
            formFields={() => []}
            onAdd={handlers.add}
            onEdit={handlers.edit}
            onDelete={handlers.remove}
          />
        </RouteActionsProvider>
      </MemoryRouter>,
    ),
  );
}

beforeEach(() => {
  const menus = defaultMenuTree();
  useMenuStore.setState({ menus, routeTable: buildRouteTable(menus) });
  const info: UserInfo = {
    userId: 3,
    username: 'manager',
    positionName: '店长',
    realName: '王建国',
    userCode: 'BD0003',
    mobile: '138****0003',
    workingStatus: 'INCUMBENCY_FORMAL',
    permissions: [],
    sites: [],
  };
  useUserStore.setState({ info });
  vi.clearAllMocks();
});

describe('buttons kept on a local host for actions the route does not grant', () => {
  it('refuse at the click with the server’s message, opening no dialog', async () => {
    // 新房 lets its holders read and export only.
    storesAt('/work/house/new');
    await screen.findByText('西湖店');

    fireEvent.click(screen.getByTestId('store-add'));
    expect(await screen.findByText('无权限执行该操作')).toBeTruthy();
    expect(screen.queryByText('新增门店', { selector: '.arco-modal-title' })).toBeNull();

    fireEvent.click(screen.getByTestId('row-edit'));
    fireEvent.click(screen.getByTestId('row-delete'));
    await waitFor(() => expect(screen.getAllByText('无权限执行该操作').length).toBeGreaterThanOrEqual(2));
    expect(screen.queryByText('编辑门店', { selector: '.arco-modal-title' })).toBeNull();
    expect(screen.queryByText('确定删除门店「西湖店」吗？')).toBeNull();
    expect(handlers.edit).not.toHaveBeenCalled();
    expect(handlers.remove).not.toHaveBeenCalled();
  });

  it('open as usual where the route grants them', async () => {
    storesAt('/work/enterprise/store');
    await screen.findByText('西湖店');
    // Toasts of earlier tests may still be fading out: none is added here.
    const refusals = () => screen.queryAllByText('无权限执行该操作').length;
    const before = refusals();
    fireEvent.click(screen.getByTestId('store-add'));
    expect(await screen.findByText('新增门店', { selector: '.arco-modal-title' })).toBeTruthy();
    expect(refusals()).toBeLessThanOrEqual(before);
  });
});
