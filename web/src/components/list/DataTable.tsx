import { useMemo, useState, type ReactNode } from 'react';
import { Table, type TableColumnProps } from '@arco-design/web-react';
import { Empty } from '../Empty';

export interface DataTableProps<T> {
  columns: TableColumnProps<T>[];
  rows: T[];
  loading?: boolean;
  rowKey?: keyof T & string;
  /** Tree rows: `children` nest, open unless the user closed them. */
  tree?: boolean;
  /** A row's details, opened under it. */
  expandedRowRender?: (row: T) => ReactNode;
  /** Rows ticked for a batch action: their keys, and what to do when the ticks change. */
  selection?: RowSelection;
  testId?: string;
}

type Key = string | number;

export interface RowSelection {
  keys: Key[];
  onChange: (keys: Key[]) => void;
}

const FLEX_MIN_WIDTH = 100;

function parentKeys<T>(rows: T[], rowKey: keyof T): Key[] {
  return rows.flatMap((row) => {
    const children = (row as { children?: T[] | null }).children ?? [];
    return children.length > 0 ? [row[rowKey] as Key, ...parentKeys(children, rowKey)] : [];
  });
}

/** The table of a list page: the shared empty state, and `data-row-id` on every row for tests. */
export function DataTable<T extends object>({
  columns,
  rows,
  loading,
  rowKey = 'id' as keyof T & string,
  tree,
  expandedRowRender,
  selection,
  testId = 'data-table',
}: DataTableProps<T>) {
  // Closed rows are remembered rather than open ones, so rows added by a reload arrive open.
  const [closed, setClosed] = useState<Set<Key>>(new Set());
  const parents = useMemo(() => (tree ? parentKeys(rows, rowKey) : []), [tree, rows, rowKey]);
  const expanded = parents.filter((key) => !closed.has(key));
  // Columns with widths keep them (long text is clipped by ClippedText instead of widening them);
  // one without takes what is left, at least FLEX_MIN_WIDTH before the table scrolls sideways.
  const widths = columns.map((column) => Number(column.width) || 0);
  const fixedLayout = widths.filter((width) => width === 0).length <= 1;
  const minWidth = widths.reduce((sum, width) => sum + (width || FLEX_MIN_WIDTH), 0);

  // A row's actions stay in sight when the columns are wider than the card and scroll sideways.
  const pinned = columns.map((column) =>
    column.dataIndex === '__actions' && !column.fixed ? { ...column, fixed: 'right' as const } : column,
  );

  return (
    <Table<T>
      data-testid={testId}
      columns={pinned}
      data={rows}
      loading={loading}
      rowKey={rowKey}
      pagination={false}
      border={{ wrapper: true, cell: false }}
      noDataElement={<Empty />}
      expandedRowRender={expandedRowRender}
      rowSelection={
        selection && {
          type: 'checkbox',
          selectedRowKeys: selection.keys,
          onChange: (keys: Key[]) => selection.onChange(keys),
          checkboxProps: (record: T) => ({ 'aria-label': `选择${String((record as { name?: unknown }).name ?? record[rowKey])}` }) as object,
        }
      }
      {...(tree
        ? {
            expandedRowKeys: expanded,
            onExpandedRowsChange: (keys: Key[]) =>
              setClosed(new Set(parents.filter((key) => !keys.includes(key)))),
          }
        : {})}
      onRow={(record) => ({ 'data-row-id': String(record[rowKey]) }) as object}
      tableLayoutFixed={fixedLayout}
      className={fixedLayout ? 'data-table--fixed' : undefined}
      scroll={{ x: fixedLayout ? minWidth : 'max-content' }}
    />
  );
}
