import type { ReactNode } from 'react';
import { Space, type TableColumnProps } from '@arco-design/web-react';
import type { FieldSpec } from '../form/fields';
import { Pagination } from '../Pagination';
import { DataTable, type RowSelection } from './DataTable';
import { FilterBar } from './FilterBar';
import type { ListQuery } from './useListQuery';
import './ListPage.css';

export interface ListPageProps<T, F> {
  query: ListQuery<T, F>;
  columns: TableColumnProps<T>[];
  filters?: FieldSpec[];
  initialFilters?: F;
  /** Buttons over the table (each wrapped in `Permission` by the page). */
  toolbar?: ReactNode;
  title?: ReactNode;
  rowKey?: keyof T & string;
  /** Rows ticked for the toolbar's batch actions. */
  selection?: RowSelection;
  testId?: string;
  /** Dialogs the page opens. */
  children?: ReactNode;
}

/** A list screen: filters, toolbar, table, the shared pagination bar (spec §2, §9). */
export function ListPage<T extends object, F extends object>({
  query,
  columns,
  filters,
  initialFilters,
  toolbar,
  title,
  rowKey,
  selection,
  testId = 'list-page',
  children,
}: ListPageProps<T, F>) {
  return (
    <div className="list-page page-card" data-testid={testId}>
      {filters && filters.length > 0 && (
        <FilterBar
          fields={filters}
          initialValues={query.filters}
          defaults={initialFilters ?? query.defaults}
          onSearch={query.search}
        />
      )}
      {(title || toolbar) && (
        <div className="list-page__toolbar">
          <div className="list-page__title">{title}</div>
          <Space>{toolbar}</Space>
        </div>
      )}
      <DataTable columns={columns} rows={query.rows} loading={query.loading} rowKey={rowKey} selection={selection} />
      <Pagination total={query.total} current={query.current} pageSize={query.pageSize} onChange={query.changePage} />
      {children}
    </div>
  );
}
