import { useMemo, type ReactNode } from 'react';
import { Tree } from '@arco-design/web-react';
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
}

type ArcoNode = { key: string; title: ReactNode; children?: ArcoNode[] };

/** Titles carry the node's name as a test id (`perm-/work/store/staff:add`). */
function arcoNodes(nodes: PermissionNode[]): ArcoNode[] {
  return nodes.map((node) => ({
    key: node.key,
    title: <span data-testid={`perm-${node.name}`}>{node.title}</span>,
    children: node.children && arcoNodes(node.children),
  }));
}

function parentKeys(nodes: PermissionNode[]): string[] {
  return nodes.flatMap((node) => (node.children ? [node.key, ...parentKeys(node.children)] : []));
}

/** The checkable tree of menus and their actions of a role's permission settings, every level open. */
export function PermissionTree({ menus, value, onChange }: PermissionTreeProps) {
  const nodes = useMemo(() => permissionNodes(menus), [menus]);
  const treeData = useMemo(() => arcoNodes(nodes), [nodes]);
  const checkedKeys = useMemo(() => checkedKeysOf(menus, value), [menus, value]);
  return (
    <div data-testid="permission-tree">
      <Tree
        checkable
        blockNode
        treeData={treeData}
        checkedKeys={checkedKeys}
        defaultExpandedKeys={parentKeys(nodes)}
        onCheck={(keys, extra) => onChange(grantsOf(keys, extra.halfCheckedKeys))}
      />
    </div>
  );
}
