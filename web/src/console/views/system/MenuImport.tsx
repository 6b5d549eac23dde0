/** Import of a menu export (JSON): pick the file and the parent menu, then show what came of it. */
import { saveBlob } from '../../../lib/save-file';
import { useMemo, useState } from 'react';
import { Alert, Form, Modal, TreeSelect, Typography } from 'antd';
import { useI18n } from '../../../i18n';
import { calls, fieldProblems } from '../../../app/data';
import { useMenuLabel } from './use-menu-label';
import { buildTree, toTreeData } from './tree';
import type { Row } from '../../../app/data';

type MenuItem = Row<'base/sys/menu'>;

type Result = { kind: 'done'; count: number } | { kind: 'error'; text: string; problems: string[] };

/** The menus of an export file: `{version, menus:[...]}` or the bare list. */
function readExport(text: string): unknown[] | null {
  try {
    const data: unknown = JSON.parse(text);
    if (Array.isArray(data)) return data;
    if (typeof data === 'object' && data !== null && Array.isArray((data as { menus?: unknown }).menus)) return (data as { menus: unknown[] }).menus;
  } catch {
    /* not JSON: reported below */
  }
  return null;
}

export default function MenuImport(props: { open: boolean; menus: MenuItem[]; onClose: () => void; onImported: () => void }) {
  const { open, menus, onClose, onImported } = props;
  const { t } = useI18n();
  const [file, setFile] = useState<File | null>(null);
  const [parentId, setParentId] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<Result | null>(null);
  const label = useMenuLabel();
  const parents = useMemo(() => toTreeData(buildTree(menus.filter((m) => m.type !== 2).map((m) => ({ ...m, name: label(m) })))), [menus, label]);

  const close = () => {
    setFile(null);
    setResult(null);
    setParentId(null);
    onClose();
  };

  const submit = async () => {
    if (!file) {
      setResult({ kind: 'error', text: t('viewsSystem.menu.importNoFile'), problems: [] });
      return;
    }
    const list = readExport(await file.text());
    if (!list) {
      setResult({ kind: 'error', text: t('viewsSystem.menu.importBadFile'), problems: [] });
      return;
    }
    setBusy(true);
    try {
      const r = (await calls.base.sys.menu.import({ parentId, menus: list as Array<Record<string, unknown>> }, { silent: true })) as { ids: number[] };
      setResult({ kind: 'done', count: r.ids.length });
      onImported();
    } catch (e) {
      const problems = fieldProblems(e).map((p) => `${p.field}: ${p.message ?? p.rule ?? ''}`);
      setResult({ kind: 'error', text: e instanceof Error ? e.message : t('common.uploadFailed'), problems });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('viewsSystem.menu.importTitle')}
      onCancel={close}
      onOk={() => void (result?.kind === 'done' ? close() : submit())}
      okText={result?.kind === 'done' ? t('common.close') : t('viewsSystem.menu.import')}
      cancelText={t('common.cancel')}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': 'import-submit' }}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label={t('viewsSystem.menu.importFile')} extra={t('viewsSystem.menu.importHint')}>
          <input
            type="file"
            accept=".json,application/json"
            data-testid="import-file"
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setResult(null);
            }}
          />
        </Form.Item>
        <Form.Item label={t('viewsSystem.menu.importParent')}>
          <TreeSelect
            treeData={parents}
            value={parentId ?? undefined}
            onChange={(v: number | undefined) => setParentId(v ?? null)}
            allowClear
            showSearch
            treeNodeFilterProp="title"
            placeholder={t('viewsSystem.menu.topLevel')}
          />
        </Form.Item>
      </Form>
      {result?.kind === 'done' && <Alert type="success" showIcon message={t('viewsSystem.menu.importDone', { count: result.count })} />}
      {result?.kind === 'error' && (
        <Alert
          type="error"
          showIcon
          message={result.text}
          description={
            result.problems.length ? (
              <ul data-testid="import-errors" style={{ margin: 0, paddingLeft: 18 }}>
                {result.problems.map((p) => (
                  <li key={p}>
                    <Typography.Text code>{p}</Typography.Text>
                  </li>
                ))}
              </ul>
            ) : undefined
          }
        />
      )}
    </Modal>
  );
}

/** Saves the export of the chosen menus as a JSON file. */
export async function exportMenus(ids: number[]): Promise<void> {
  const data = await calls.base.sys.menu.export({ ids });
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  saveBlob(blob, `menus-${new Date().toISOString().slice(0, 10)}.json`);
}
