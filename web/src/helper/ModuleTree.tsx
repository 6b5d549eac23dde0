/**
 * The left side of the code helper: modules -> entities -> fields from `coding/getModuleTree`,
 * searchable by module, entity key or label, table and field name. Picking a module puts the new
 * entity into that module; picking an entity opens it on the right (its fields, editable through a
 * change set when the helper made it, and its history). Search and the open branches are kept in the
 * page's store, like the rest of the page.
 */
import { useMemo, type ReactNode } from 'react';
import { Alert, Button, Empty, Input, Space, Spin, Tag, Tree, Typography, theme } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { AppstoreOutlined, DatabaseOutlined, ReloadOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { useI18n, type Lang } from '../i18n';
import { aiCode, loadTree, useAiCode } from './ai-code-store';
import { changeSets, useChangeSets } from './change-sets-store';
import { labelText } from './code-body';
import type { ModuleNode, TreeEntity, TreeField } from './coding-api';

const has = (text: string | null | undefined, q: string) => !!text && text.toLowerCase().includes(q);

function entityMatches(e: TreeEntity, q: string): boolean {
  return has(e.key, q) || has(e.table, q) || Object.values(e.label ?? {}).some((l) => has(l, q));
}

function fieldMatches(f: TreeField, q: string): boolean {
  return has(f.name, q) || Object.values(f.label ?? {}).some((l) => has(l, q));
}

/** The tree narrowed to `filter`: a module that matches keeps everything, an entity that matches keeps its fields, else only matching fields stay. */
export function filterTree(modules: readonly ModuleNode[], filter: string): ModuleNode[] {
  const q = filter.trim().toLowerCase();
  if (!q) return [...modules];
  return modules.flatMap((m) => {
    if (has(m.module, q)) return [m];
    const entities = m.entities.flatMap((e) => {
      if (entityMatches(e, q)) return [e];
      const fields = e.fields.filter((f) => fieldMatches(f, q));
      return fields.length ? [{ ...e, fields }] : [];
    });
    return entities.length ? [{ ...m, entities }] : [];
  });
}

function fieldTitle(f: TreeField, lang: Lang): ReactNode {
  return (
    <Space size={6} style={{ opacity: f.system ? 0.6 : 1 }}>
      <Typography.Text code style={{ fontSize: 12 }}>
        {f.name}
      </Typography.Text>
      <Tag bordered={false} style={{ marginInlineEnd: 0 }}>
        {f.type}
        {f.type === 'string' && f.length ? `(${f.length})` : ''}
      </Tag>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {labelText(f.label, lang)}
      </Typography.Text>
    </Space>
  );
}

function toNodes(modules: readonly ModuleNode[], lang: Lang, live: { tip: string; color: string }): DataNode[] {
  return modules.map((m) => ({
    key: `m:${m.module}`,
    icon: <AppstoreOutlined />,
    title: (
      <span data-testid={`code-tree-module-${m.module}`}>
        <Typography.Text strong>{m.module}</Typography.Text>{' '}
        <Tag bordered={false} color="blue" style={{ marginInlineStart: 4 }}>
          {m.entities.length}
        </Tag>
      </span>
    ),
    children: m.entities.map((e) => ({
      key: `e:${e.key}`,
      icon: <DatabaseOutlined />,
      title: (
        <span data-testid={`code-tree-entity-${e.key}`} data-live={e.live ? '1' : '0'}>
          {labelText(e.label, lang)}{' '}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {e.key}
          </Typography.Text>
          {e.live ? <ThunderboltOutlined title={live.tip} style={{ marginInlineStart: 6, color: live.color }} /> : null}
        </span>
      ),
      children: e.fields.map((f) => ({ key: `f:${e.key}:${f.name}`, title: fieldTitle(f, lang), isLeaf: true, selectable: false })),
    })),
  }));
}

/** The module of a tree key (`m:demo`). */
function moduleOf(key: string): string | null {
  return key.startsWith('m:') ? key.slice(2) : null;
}

export default function ModuleTree({ maxHeight }: { maxHeight?: string }) {
  const { t, lang } = useI18n();
  const s = useAiCode();
  const cs = useChangeSets();

  const shown = useMemo(() => filterTree(s.tree ?? [], s.treeFilter), [s.tree, s.treeFilter]);
  const { token } = theme.useToken();
  const tip = t('changes.entity.live');
  const nodes = useMemo(() => toNodes(shown, lang, { tip, color: token.colorPrimary }), [shown, lang, tip, token.colorPrimary]);
  // While searching, every branch that matched is open; otherwise the user's choice.
  const searchOpen = useMemo(
    () => shown.flatMap((m) => [`m:${m.module}`, ...(s.treeFilter.trim() ? m.entities.map((e) => `e:${e.key}`) : [])]),
    [shown, s.treeFilter],
  );
  const expanded = s.treeFilter.trim() ? searchOpen : s.expanded;
  const selected = cs.entity ? [`e:${cs.entity}`] : s.values.module && !s.values.newModule ? [`m:${s.values.module}`] : [];

  return (
    <div data-testid="code-tree">
      <div style={{ display: 'flex', gap: 8, marginBottom: 8 }}>
        <Input.Search
          allowClear
          value={s.treeFilter}
          onChange={(e) => aiCode.filter(e.target.value)}
          placeholder={t('helper.tree.search')}
          data-testid="code-tree-search"
        />
        <Button icon={<ReloadOutlined />} aria-label={t('common.refresh')} onClick={() => void loadTree(true)} />
      </div>
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginBottom: 8 }}>
        {t('helper.tree.hint')}
      </Typography.Paragraph>
      {s.treeFailed ? (
        <Alert
          type="error"
          showIcon
          message={t('helper.tree.loadFailed')}
          action={
            <Button size="small" onClick={() => void loadTree(true)}>
              {t('helper.tree.retry')}
            </Button>
          }
        />
      ) : null}
      {s.tree === null && !s.treeFailed ? <Spin style={{ display: 'block', margin: '24px auto' }} /> : null}
      {s.tree !== null && nodes.length === 0 ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('helper.tree.empty')} /> : null}
      {nodes.length ? (
        <div style={{ maxHeight, overflow: 'auto' }}>
          <Tree
            showIcon
            blockNode
            treeData={nodes}
            expandedKeys={expanded}
            selectedKeys={selected}
            onExpand={(keys) => {
              if (!s.treeFilter.trim()) aiCode.expanded(keys.map(String));
            }}
            onSelect={(_, info) => {
              const key = String(info.node.key);
              if (key.startsWith('e:')) return changeSets.openEntity(key.slice(2), lang);
              const module = moduleOf(key);
              if (!module) return;
              changeSets.closeEntity();
              aiCode.pickModule(module);
            }}
          />
        </div>
      ) : null}
    </div>
  );
}
