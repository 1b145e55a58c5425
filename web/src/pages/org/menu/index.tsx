import { useMemo, useState } from 'react';
import { Button, Message, Space, Tag } from '@arco-design/web-react';
import { IconPlus } from '@arco-design/web-react/icon';
import { menuAdminApi, type MenuFields, type MenuNode } from '../../../api/org/menuAdmin';
import { confirmDelete } from '../../../components/form/confirmAction';
import { RowActions, type RowAction } from '../../../components/list/RowActions';
import { Permission } from '../../../components/Permission';
import { TreeListPage } from '../../../components/tree/TreeListPage';
import { treeOptions } from '../../../components/tree/treeOptions';
import { useTreeQuery } from '../../../components/tree/useTreeQuery';
import { orDash } from '../shared/format';
import { MenuFormModal } from './MenuFormModal';
import { menuStatusText, menuTypeText } from './menuVocabulary';

type Dialog = { editing?: MenuNode; parentId?: number };

function siblingsOf(tree: MenuNode[], node: MenuNode): MenuNode[] {
  if (node.parentId === null || node.parentId === undefined) return tree;
  const find = (nodes: MenuNode[]): MenuNode | undefined =>
    nodes.find((n) => n.menuId === node.parentId) ?? nodes.map((n) => find(n.children)).find(Boolean);
  return find(tree)?.children ?? [];
}

function formValues(node: MenuNode): Partial<MenuFields> {
  return {
    parentId: node.parentId ?? undefined,
    menuName: node.menuName,
    menuIcon: node.menuIcon,
    menuType: node.menuType,
    status: node.status,
    menuPage: node.menuPage,
    // The code stays as stored when the path is edited: routes on the server name it.
    perms: node.perms,
    componentPath: node.componentPath,
    sort: node.sort,
    actions: node.actions.map((action) => ({ id: action.id, code: action.code, name: action.name, perms: action.perms })),
  };
}

/** 路由配置 (/adminConfig/menu): the menu tree every user's routes and buttons come from. */
export default function MenuConfigPage() {
  const query = useTreeQuery(() => menuAdminApi.tree());
  const [dialog, setDialog] = useState<Dialog | undefined>();
  const initialValues = useMemo<Partial<MenuFields>>(
    () => (dialog?.editing ? formValues(dialog.editing) : { parentId: dialog?.parentId, menuType: 2, status: 2, sort: 0, actions: [] }),
    [dialog],
  );
  const parents = treeOptions(query.rows, (n) => n.menuId, (n) => n.menuName, dialog?.editing?.menuId);

  const save = (values: MenuFields) =>
    dialog?.editing ? menuAdminApi.edit({ ...values, id: dialog.editing.menuId }) : menuAdminApi.add(values);

  const remove = (node: MenuNode) =>
    confirmDelete('菜单', node.menuName, async () => {
      await menuAdminApi.remove(node.menuId);
      Message.success('删除成功');
      query.reload();
    });

  const move = async (node: MenuNode, step: -1 | 1) => {
    const ids = siblingsOf(query.rows, node).map((n) => n.menuId);
    const from = ids.indexOf(node.menuId);
    const to = from + step;
    if (from < 0 || to < 0 || to >= ids.length) return;
    [ids[from], ids[to]] = [ids[to], ids[from]];
    await menuAdminApi.sort(node.parentId ?? undefined, ids).catch(() => undefined);
    query.reload();
  };

  const actionsOf = (node: MenuNode): RowAction[] => [
    ...(node.menuType === 1
      ? [{ action: 'add', label: '新增下级', testId: 'row-add-child', onClick: () => setDialog({ parentId: node.menuId }) }]
      : []),
    { action: 'edit', label: '上移', testId: 'row-up', onClick: () => void move(node, -1) },
    { action: 'edit', label: '下移', testId: 'row-down', onClick: () => void move(node, 1) },
    { action: 'edit', label: '编辑', testId: 'row-edit', onClick: () => setDialog({ editing: node }) },
    { action: 'delete', label: '删除', testId: 'row-delete', danger: true, onClick: () => remove(node) },
  ];

  return (
    <TreeListPage<MenuNode>
      testId="menu-config"
      query={query}
      rowKey="menuId"
      title="路由配置"
      toolbar={
        <Permission action="add">
          <Button type="primary" icon={<IconPlus />} onClick={() => setDialog({})} data-testid="menu-add">
            新增菜单
          </Button>
        </Permission>
      }
      columns={[
        { title: '菜单名称', dataIndex: 'menuName', width: 220 },
        { title: '类型', dataIndex: 'menuType', render: menuTypeText },
        { title: '状态', dataIndex: 'status', render: menuStatusText },
        { title: '路由地址', dataIndex: 'menuPage' },
        { title: '权限标识', dataIndex: 'perms' },
        { title: '组件路径', dataIndex: 'componentPath', render: orDash },
        { title: '排序', dataIndex: 'sort', width: 70 },
        {
          title: '操作权限',
          dataIndex: 'actions',
          render: (actions: MenuNode['actions']) =>
            actions.length > 0 ? (
              <Space size={4} wrap>
                {actions.map((action) => (
                  <Tag key={action.code} size="small">
                    {action.name}
                  </Tag>
                ))}
              </Space>
            ) : (
              '—'
            ),
        },
        {
          title: '操作',
          dataIndex: '__actions',
          fixed: 'right',
          width: 300,
          render: (_: unknown, node: MenuNode) => <RowActions items={actionsOf(node)} rowName={node.menuName} />,
        },
      ]}
    >
      <MenuFormModal
        title={dialog?.editing ? '编辑菜单' : '新增菜单'}
        visible={dialog !== undefined}
        initialValues={initialValues}
        parents={parents}
        onSubmit={save}
        onClose={() => setDialog(undefined)}
        onSaved={query.reload}
      />
    </TreeListPage>
  );
}
