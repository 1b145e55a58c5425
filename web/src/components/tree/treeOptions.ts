import type { TreeOption } from '../form/fields';

/** Tree-select options from a tree of records, leaving out `exclude` and everything under it (a node cannot move below itself). */
export function treeOptions<T extends { children?: T[] | null }>(
  nodes: T[],
  key: (node: T) => number,
  title: (node: T) => string,
  exclude?: number,
): TreeOption[] {
  return nodes
    .filter((node) => key(node) !== exclude)
    .map((node) => ({
      key: key(node),
      title: title(node),
      children: treeOptions(node.children ?? [], key, title, exclude),
    }));
}
