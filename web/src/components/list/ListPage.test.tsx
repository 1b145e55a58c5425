import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
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
