import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeVisitedView } from '@core/wasm';
import { useTabsStore } from '../../stores/tabs';
import { withQueryClient } from '../../test/withQueryClient';
import { ListPage } from './ListPage';
import { useListQuery, type PageRequest, type PageResult } from './useListQuery';

interface Store {
  id: number;
  name: string;
}

function StoresPage({ fetchPage }: { fetchPage: (q: PageRequest) => Promise<PageResult<Store>> }) {
  const query = useListQuery<Store, object>(fetchPage, {});
  return <ListPage query={query} columns={[{ title: '门店名称', dataIndex: 'name' }]} />;
}

type Fetch = (q: PageRequest & { name?: string }) => Promise<PageResult<Store>>;

/** A list whose filters live in its tab, as 二手房 keeps them. */
function KeptStoresPage({ fetchPage }: { fetchPage: Fetch }) {
  const query = useListQuery<Store, { name?: string }>(fetchPage, {}, { keepIn: '/work/stores' });
  return (
    <ListPage
      query={query}
      filters={[{ field: 'name', label: '门店名称' }]}
      columns={[{ title: '门店名称', dataIndex: 'name' }]}
    />
  );
}

/** The kept list as a reload (F5) shows it again: a fresh mount in the same browser tab. */
function showKept(fetchPage: Fetch) {
  cleanup();
  render(
    withQueryClient(
      <MemoryRouter>
        <KeptStoresPage fetchPage={fetchPage} />
      </MemoryRouter>,
    ),
  );
}

function show(fetchPage: (q: PageRequest) => Promise<PageResult<Store>>) {
  render(
    withQueryClient(
      <MemoryRouter>
        <StoresPage fetchPage={fetchPage} />
      </MemoryRouter>,
    ),
  );
}

describe('ListPage', () => {
  it('asks for the first page at the default size and marks each row with its id', async () => {
    const fetchPage = vi.fn(async () => ({ list: [{ id: 7, name: '朝阳门店' }], total: 31 }));
    show(fetchPage);
    expect(await screen.findByText('朝阳门店')).toBeTruthy();
    expect(fetchPage).toHaveBeenCalledWith({ pageNum: 1, pageSize: 10 });
    expect(document.querySelector('[data-row-id="7"]')).toBeTruthy();
    expect(screen.getByText('共31条')).toBeTruthy();
    expect(screen.getByText('上一页')).toBeTruthy();
  });

  it('shows the shared empty state when there are no rows', async () => {
    show(async () => ({ list: [], total: 0 }));
    await waitFor(() => expect(screen.getByText('~暂无数据~')).toBeTruthy(), { timeout: 2000 });
  });
});

// A shared machine renders Arco slowly; the default 5 s is not about the product.
describe('a list kept in its tab', { timeout: 30_000 }, () => {
  beforeEach(() => sessionStorage.clear());
  const shown = (text: string) => screen.findByText(text, {}, { timeout: 10_000 });

  const fetchPage = vi.fn<Fetch>(async (q) => ({ list: [{ id: 7, name: q.name ? `${q.name}店` : '朝阳门店' }], total: 1 }));
  const box = () => screen.getByTestId('filter-name').querySelector('input') ?? (screen.getByTestId('filter-name') as HTMLInputElement);

  it('shows the same filters and rows after a reload, and 重置 empties them', async () => {
    showKept(fetchPage);
    await shown('朝阳门店');
    fireEvent.change(box(), { target: { value: '西湖' } });
    fireEvent.click(screen.getByTestId('filter-search'));
    expect(await shown('西湖店')).toBeTruthy();

    fetchPage.mockClear();
    showKept(fetchPage);
    expect(await shown('西湖店')).toBeTruthy();
    expect(box().value).toBe('西湖');
    expect(fetchPage).not.toHaveBeenCalledWith(expect.not.objectContaining({ name: '西湖' }));

    fireEvent.click(screen.getByText('重置'));
    expect(await shown('朝阳门店')).toBeTruthy();
    expect(box().value).toBe('');
    showKept(fetchPage);
    expect(await shown('朝阳门店')).toBeTruthy();
  });

  it('forgets them when its tab closes', async () => {
    showKept(fetchPage);
    await shown('朝阳门店');
    fireEvent.change(box(), { target: { value: '滨江' } });
    fireEvent.click(screen.getByTestId('filter-search'));
    expect(await shown('滨江店')).toBeTruthy();

    useTabsStore.getState().open(makeVisitedView('/work/stores', '/work/stores', {}, '门店', null), 1920);
    useTabsStore.getState().close('/work/stores');
    showKept(fetchPage);
    expect(await shown('朝阳门店')).toBeTruthy();
    expect(box().value).toBe('');
  });
});
