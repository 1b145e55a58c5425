import type { ReactNode } from 'react';
import { Space, type TableColumnProps } from '@arco-design/web-react';
import { DataTable } from '../list/DataTable';
import '../list/ListPage.css';
import type { TreeQuery } from './useTreeQuery';

export interface TreeListPageProps<T> {
  query: TreeQuery<T>;
  columns: TableColumnProps<T>[];
  toolbar?: ReactNode;
  title?: ReactNode;
  rowKey?: keyof T & string;
  testId?: string;
  children?: ReactNode;
}

/** A tree screen (departments, route config): nested rows, all open, no paging. */
export function TreeListPage<T extends object>({
  query,
  columns,
  toolbar,
  title,
  rowKey,
  testId = 'tree-page',
  children,
}: TreeListPageProps<T>) {
  return (
    <div className="page-card" data-testid={testId}>
      <div className="list-page__toolbar">
        <div className="list-page__title">{title}</div>
        <Space>{toolbar}</Space>
      </div>
      <DataTable
        columns={columns}
        rows={query.rows}
        loading={query.loading}
        rowKey={rowKey}
        tree
      />
      {children}
    </div>
  );
}
