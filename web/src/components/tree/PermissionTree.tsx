import { useMemo, useState, type ReactNode } from 'react';
import { Button, Space, Tree } from '@arco-design/web-react';
import {
  checkedKeysOf,
  grantsOf,
  permissionNodes,
  type Grants,
  type PermissionMenu,
  type PermissionNode,
} from './permissionKeys';

export interface PermissionTreeProps {
  menus: PermissionMenu[];
  value: Grants;
  onChange: (grants: Grants) => void;
  /** Shown, not changed: a role the viewer holds or one managed from above. */
  readOnly?: boolean;
}

type ArcoNode = { key: string; title: ReactNode; disableCheckbox: boolean; children?: ArcoNode[] };

/** Titles carry the node's name as a test id (`perm-/work/store/staff:add`). */
function arcoNodes(nodes: PermissionNode[], readOnly: boolean): ArcoNode[] {
  return nodes.map((node) => ({
    key: node.key,
    title: <span data-testid={`perm-${node.name}`}>{node.title}</span>,
    disableCheckbox: readOnly,
    children: node.children && arcoNodes(node.children, readOnly),
  }));
}

function parentKeys(nodes: PermissionNode[]): string[] {
  return nodes.flatMap((node) => (node.children ? [node.key, ...parentKeys(node.children)] : []));
}

function allKeys(nodes: PermissionNode[]): string[] {
  return nodes.flatMap((node) => [node.key, ...allKeys(node.children ?? [])]);
}

/**
 * The checkable tree of menus and their actions of a role's permission settings, every level
 * open at first, with 全选 / 全不选 / 展开 / 收起 above it for trees too long to tick by hand;
 * read-only, its boxes are greyed and only 展开 / 收起 remain.
 */
export function PermissionTree({ menus, value, onChange, readOnly = false }: PermissionTreeProps) {
  const nodes = useMemo(() => permissionNodes(menus), [menus]);
  const treeData = useMemo(() => arcoNodes(nodes, readOnly), [nodes, readOnly]);
  const checkedKeys = useMemo(() => checkedKeysOf(menus, value), [menus, value]);
  const parents = useMemo(() => parentKeys(nodes), [nodes]);
  const [expanded, setExpanded] = useState<string[] | undefined>();
  return (
    <div data-testid="permission-tree">
      <Space style={{ marginBottom: 8 }}>
        {!readOnly && (
          <>
            <Button size="small" onClick={() => onChange(grantsOf(menus, allKeys(nodes)))} data-testid="permission-all">
              全选
            </Button>
            <Button size="small" onClick={() => onChange({ menuIds: [], actionIds: [] })} data-testid="permission-none">
              全不选
            </Button>
          </>
        )}
        <Button size="small" onClick={() => setExpanded(parents)} data-testid="permission-expand">
          展开
        </Button>
        <Button size="small" onClick={() => setExpanded([])} data-testid="permission-collapse">
          收起
        </Button>
      </Space>
      <Tree
        checkable
        blockNode
        treeData={treeData}
        checkedKeys={checkedKeys}
        expandedKeys={expanded ?? parents}
        onExpand={(keys) => setExpanded(keys)}
        onCheck={(keys) => !readOnly && onChange(grantsOf(menus, keys))}
      />
    </div>
  );
}
