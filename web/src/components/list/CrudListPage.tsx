import { useState, type ReactNode } from 'react';
import { Button, Message, type TableColumnProps } from '@arco-design/web-react';
import { IconPlus } from '@arco-design/web-react/icon';
import { confirmDelete } from '../form/confirmAction';
import type { FieldSpec } from '../form/fields';
import { FormModal } from '../form/FormModal';
import { Permission, useGuardedClick } from '../Permission';
import { ListPage } from './ListPage';
import { RowActions, type RowAction } from './RowActions';
import { useListQuery, type FetchPage } from './useListQuery';

export interface CrudListPageProps<T extends { id: number }, F extends object, V extends object> {
  /** Test id stem: `<testId>-add` for the add button, `<testId>-list` for the page. */
  testId: string;
  /** What a row is, in Chinese (岗位): titles read 新增岗位 / 编辑岗位. */
  entityName: string;
  fetchPage: FetchPage<T, F>;
  initialFilters: F;
  filters?: FieldSpec[];
  columns: TableColumnProps<T>[];
  /** The form's fields for a new row (`editing` undefined) or an existing one. */
  formFields: (editing: T | undefined) => FieldSpec[];
  /** Form values of an existing row; default the row itself. */
  toFormValues?: (row: T) => Partial<V>;
  /** Loads an existing row's form values from the server (when the list shows them masked). */
  loadFormValues?: (row: T) => Promise<Partial<V>>;
  defaults?: Partial<V>;
  onAdd?: (values: V) => Promise<unknown>;
  onEdit?: (row: T, values: V) => Promise<unknown>;
  onDelete?: (row: T) => Promise<unknown>;
  /** What the delete confirmation says of this row instead of the plain warning (who else loses it). */
  deleteWarning?: (row: T) => string | undefined;
  /** What a row is called, for its buttons' accessible names (删除 西湖店); default its `name`. */
  rowName?: (row: T) => string;
  /**
   * Whether the server lets the caller do `action` (编辑/删除) to this row, beyond what the route
   * grants (a role they may only read); default yes.
   */
  rowAllows?: (row: T, action: 'edit' | 'delete') => boolean;
  /** More row buttons, before 编辑/删除. */
  rowActions?: (row: T, reload: () => void) => RowAction[];
  toolbar?: ReactNode;
  title?: ReactNode;
  actionWidth?: number;
  /** The route actions the buttons need; default add / edit / delete. */
  actions?: { add: string; edit: string; delete: string };
  /** Two form columns for long records. */
  formColumns?: 1 | 2;
  /** More dialogs of the page, given the list's reload. */
  children?: (reload: () => void) => ReactNode;
}

const CRUD_ACTIONS = { add: 'add', edit: 'edit', delete: 'delete' };

function defaultRowName(row: object): string {
  const { name, realName } = row as { name?: unknown; realName?: unknown };
  return typeof name === 'string' ? name : typeof realName === 'string' ? realName : '';
}

/**
 * A list of one kind of record with its add, edit and delete: the buttons each need the route's
 * action (spec §6), the form checks with core, a delete asks first (spec §8).
 */
export function CrudListPage<T extends { id: number }, F extends object, V extends object>({
  testId,
  entityName,
  fetchPage,
  initialFilters,
  filters,
  columns,
  formFields,
  toFormValues,
  loadFormValues,
  defaults,
  onAdd,
  onEdit,
  onDelete,
  deleteWarning,
  rowName = defaultRowName,
  rowAllows = () => true,
  rowActions,
  toolbar,
  title,
  actionWidth = 160,
  actions = CRUD_ACTIONS,
  formColumns,
  children,
}: CrudListPageProps<T, F, V>) {
  const query = useListQuery(fetchPage, initialFilters);
  const guarded = useGuardedClick();
  // The form's values are taken when the dialog opens, so a list refresh behind it changes nothing.
  const [dialog, setDialog] = useState<{ editing?: T; values?: Partial<V> } | undefined>();
  const editing = dialog?.editing;

  const edit = (row: T) => {
    if (!loadFormValues) {
      setDialog({ editing: row, values: toFormValues ? toFormValues(row) : (row as unknown as Partial<V>) });
      return;
    }
    loadFormValues(row)
      .then((values) => setDialog({ editing: row, values }))
      .catch(() => undefined);
  };

  const remove = (row: T) =>
    onDelete &&
    confirmDelete(
      entityName,
      rowName(row),
      async () => {
        await onDelete(row);
        Message.success('删除成功');
        query.reload();
      },
      deleteWarning?.(row),
    );

  const actionColumn: TableColumnProps<T> = {
    title: '操作',
    dataIndex: '__actions',
    fixed: 'right',
    width: actionWidth,
    render: (_: unknown, row: T) => (
      <RowActions
        rowName={rowName(row)}
        items={[
          ...(rowActions?.(row, query.reload) ?? []),
          ...(onEdit && rowAllows(row, 'edit')
            ? [{ action: actions.edit, label: '编辑', testId: 'row-edit', onClick: () => edit(row) }]
            : []),
          ...(onDelete && rowAllows(row, 'delete')
            ? [{ action: actions.delete, label: '删除', testId: 'row-delete', danger: true, onClick: () => remove(row) }]
            : []),
        ]}
      />
    ),
  };

  return (
    <ListPage
      testId={`${testId}-list`}
      query={query}
      filters={filters}
      initialFilters={initialFilters}
      columns={[...columns, actionColumn]}
      title={title}
      toolbar={
        <>
          {toolbar}
          {onAdd && (
            <Permission action={actions.add}>
              <Button type="primary" icon={<IconPlus />} onClick={guarded(actions.add, () => setDialog({ values: defaults }))} data-testid={`${testId}-add`}>
                新增{entityName}
              </Button>
            </Permission>
          )}
        </>
      }
    >
      <FormModal<V>
        title={`${editing ? '编辑' : '新增'}${entityName}`}
        visible={dialog !== undefined}
        fields={formFields(editing)}
        initialValues={dialog?.values}
        onSubmit={(values) => (editing ? onEdit!(editing, values) : onAdd!(values))}
        onClose={() => setDialog(undefined)}
        onSaved={query.reload}
        columns={formColumns}
        testId={`${testId}-form`}
      />
      {children?.(query.reload)}
    </ListPage>
  );
}
