/** Flat rows with parentId and orderNum -> trees for tables, Tree and TreeSelect. */
import type { DataNode } from 'antd/es/tree';

export interface TreeRow {
  id: number;
  parentId?: number | null;
  orderNum?: number;
}

export type TreeOf<T> = T & { children?: TreeOf<T>[] };

const byOrder = (a: TreeRow, b: TreeRow) => Number(a.orderNum ?? 0) - Number(b.orderNum ?? 0) || a.id - b.id;

/** A row whose parent is absent becomes a root; `children` is left out on leaves (no expand icon). */
export function buildTree<T extends TreeRow>(rows: readonly T[]): TreeOf<T>[] {
  const nodes = new Map<number, TreeOf<T>>();
  for (const r of rows) nodes.set(r.id, { ...r });
  const roots: TreeOf<T>[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId != null && node.parentId !== node.id ? nodes.get(node.parentId) : undefined;
    if (parent) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  const sort = (list: TreeOf<T>[]) => {
    list.sort(byOrder);
    for (const n of list) if (n.children) sort(n.children);
  };
  sort(roots);
  return roots;
}

/** The id and the ids of every row below it. */
export function withDescendants(rows: readonly TreeRow[], id: number): number[] {
  const children = new Map<number, number[]>();
  for (const r of rows) {
    if (r.parentId == null) continue;
    const list = children.get(r.parentId) ?? [];
    list.push(r.id);
    children.set(r.parentId, list);
  }
  const out: number[] = [];
  const seen = new Set<number>();
  const walk = (n: number) => {
    if (seen.has(n)) return;
    seen.add(n);
    out.push(n);
    for (const c of children.get(n) ?? []) walk(c);
  };
  walk(id);
  return out;
}

export interface TreeNode extends DataNode {
  key: number;
  value: number;
  title: string;
  children?: TreeNode[];
}

/** Tree data for antd Tree/TreeSelect; `skip` leaves a row (and its subtree) out, `disabled` greys one out. */
export function toTreeData<T extends TreeRow & { name?: string }>(
  tree: readonly TreeOf<T>[],
  opts: { skip?: (row: T) => boolean; disabled?: (row: T) => boolean } = {},
): TreeNode[] {
  const out: TreeNode[] = [];
  for (const n of tree) {
    if (opts.skip?.(n)) continue;
    const children = n.children ? toTreeData(n.children, opts) : [];
    out.push({
      key: n.id,
      value: n.id,
      title: n.name ?? '',
      disabled: opts.disabled?.(n),
      children: children.length ? children : undefined,
    });
  }
  return out;
}
