/**
 * Export of every row matching the screen's current search: chosen columns, .xlsx or .csv. Rows are
 * fetched page by page (1000 a call) with progress, then written with column labels as the header
 * and enum values as their labels.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Checkbox, Form, Modal, Progress, Radio, Space } from 'antd';
import { notify } from '../../app/notify';
import { useI18n } from '../../i18n';
import { epsData, type EpsEntry } from '../eps';
import type { FieldSpec } from './fields';
import { EXPORT_PAGE_SIZE, exportFileName, exportMatrix } from './export-shape';
import { buildFile, download } from './sheet-file';
import type { DictOptions } from './use-dicts';

export interface ExportDialogProps {
  entry: EpsEntry;
  open: boolean;
  columns: FieldSpec[];
  dicts: DictOptions;
  /** The table's current search (keyWord, filters, order). */
  query: () => Record<string, unknown>;
  onClose: () => void;
}

export default function ExportDialog({ entry, open, columns, dicts, query, onClose }: ExportDialogProps) {
  const { t } = useI18n();
  const [chosen, setChosen] = useState<string[]>([]);
  const [format, setFormat] = useState<'xlsx' | 'csv'>('xlsx');
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (open) {
      setChosen(columns.map((c) => c.name));
      setProblem(null);
    }
  }, [open, columns]);

  const run = async () => {
    setProblem(null);
    if (!chosen.length) {
      setProblem(t('crud.selectColumns'));
      notify('warning', t('crud.selectColumns'));
      return;
    }
    const cols = columns.filter((c) => chosen.includes(c.name));
    const rows: Array<Record<string, unknown>> = [];
    setProgress({ done: 0, total: 0 });
    try {
      for (let page = 1; ; page += 1) {
        const data = await epsData(entry).page({ ...query(), page, size: EXPORT_PAGE_SIZE }, { silent: true });
        rows.push(...(data.list ?? []));
        const total = Number(data.pagination?.total ?? rows.length);
        setProgress({ done: rows.length, total });
        if (!data.list?.length || data.list.length < EXPORT_PAGE_SIZE || rows.length >= total) break;
      }
      const matrix = exportMatrix(cols, rows, { yes: t('common.yes'), no: t('common.no') }, dicts);
      const blob = await buildFile(matrix, format, entry.label);
      download(blob, exportFileName(entry.name, format));
      notify('success', t('crud.exportDone', { count: rows.length }));
      onClose();
    } catch {
      notify('error', t('common.exportFailed'));
    } finally {
      setProgress(null);
    }
  };

  const busy = progress !== null;
  const allChosen = chosen.length === columns.length;
  return (
    <Modal
      open={open}
      title={t('crud.exportTitle', { entity: entry.label })}
      onCancel={onClose}
      width={640}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="primary" data-testid="export-submit" loading={busy} onClick={() => void run()}>
            {t('crud.exportRun')}
          </Button>
        </Space>
      }
    >
      <Form layout="vertical">
        <Form.Item label={t('crud.exportColumns')}>
          <Checkbox.Group
            data-testid="export-columns"
            value={chosen}
            onChange={(v) => setChosen(v as string[])}
            options={columns.map((c) => ({ value: c.name, label: c.label }))}
          />
          <div>
            <Button size="small" type="link" style={{ paddingInline: 0 }} onClick={() => setChosen(allChosen ? [] : columns.map((c) => c.name))}>
              {t('crud.all')}
            </Button>
          </div>
        </Form.Item>
        <Form.Item label={t('crud.exportFormat')}>
          <Radio.Group
            data-testid="export-format"
            value={format}
            onChange={(e) => setFormat(e.target.value as 'xlsx' | 'csv')}
            options={[
              { value: 'xlsx', label: '.xlsx' },
              { value: 'csv', label: '.csv' },
            ]}
          />
        </Form.Item>
      </Form>
      {problem && <Alert type="warning" showIcon message={problem} />}
      {progress && (
        <div data-testid="export-progress">
          <Progress percent={progress.total ? Math.round((progress.done / progress.total) * 100) : 5} status="active" />
          {t('crud.exportProgress', { done: progress.done, total: progress.total })}
        </div>
      )}
    </Modal>
  );
}
