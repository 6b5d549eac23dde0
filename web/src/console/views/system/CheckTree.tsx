/**
 * A checkable tree holding a set of ids. Linked (parents and children checked together): a parent
 * counts as chosen when any of its children is (half-checked parents are kept, as permissions need
 * the menus above a button). Strict: every node on its own.
 */
import { useMemo } from 'react';
import { Tree } from 'antd';
import type { TreeNode } from './tree';

/** The ids antd should show as checked in linked mode: a node only when its whole subtree is chosen. */
function fullyChosen(nodes: readonly TreeNode[], chosen: ReadonlySet<number>, out: number[]): boolean {
  let all = true;
  for (const n of nodes) {
    const kids = n.children ? fullyChosen(n.children, chosen, out) : true;
    const full = chosen.has(n.key) && kids;
    if (full) out.push(n.key);
    else all = false;
  }
  return all;
}

export default function CheckTree(props: {
  treeData: TreeNode[];
  value: number[];
  onChange: (ids: number[]) => void;
  linked: boolean;
  height?: number;
  disabled?: boolean;
  expandAll?: boolean;
}) {
  const { treeData, value, onChange, linked, height = 320, disabled, expandAll = true } = props;
  const shown = useMemo(() => {
    if (!linked) return { checked: value, halfChecked: [] };
    const out: number[] = [];
    fullyChosen(treeData, new Set(value), out);
    return out;
  }, [treeData, value, linked]);

  return (
    <Tree
      checkable
      selectable={false}
      disabled={disabled}
      treeData={treeData}
      height={height}
      defaultExpandAll={expandAll}
      defaultExpandedKeys={expandAll ? undefined : treeData.map((n) => n.key)}
      checkStrictly={!linked}
      checkedKeys={shown}
      onCheck={(checked, info) => {
        if (Array.isArray(checked)) onChange([...checked, ...(info.halfCheckedKeys ?? [])].map(Number));
        else onChange(checked.checked.map(Number));
      }}
    />
  );
}
