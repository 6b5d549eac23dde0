/**
 * Import of an .xlsx or .csv file: every row is checked in the browser first and all bad rows are
 * listed with nothing sent; a clean file goes to the entity's add in one call (all or nothing).
 */
import { useMemo, useRef, useState } from 'react';
import { Alert, Button, Modal, Progress, Space, Typography, theme } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { ApiError } from '../../app/api';
import { notify } from '../../app/notify';
import { useI18n } from '../../i18n';
import { epsData, type EpsEntry } from '../eps';
import { formFields } from './fields';
import { checkRows, mapHeaders, MAX_IMPORT_ROWS, serverErrors, type ImportError } from './import-check';
import { buildFile, download, readSheet } from './sheet-file';
import type { DictOptions } from './use-dicts';

export interface ImportDialogProps {
  entry: EpsEntry;
  open: boolean;
  dicts: DictOptions;
  onClose: () => void;
  onDone: () => void;
}

type Phase = 'idle' | 'read' | 'check' | 'send';
const PERCENT: Record<Phase, number> = { idle: 0, read: 20, check: 50, send: 80 };

export default function ImportDialog({ entry, open, dicts, onClose, onDone }: ImportDialogProps) {
  const { t, lang } = useI18n();
  const { token } = theme.useToken();
  const fields = useMemo(() => formFields(entry, 'add', lang), [entry, lang]);
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>('idle');
  const [problem, setProblem] = useState<string | null>(null);
  const [errors, setErrors] = useState<ImportError[]>([]);

  const reset = () => {
    setFile(null);
    setPhase('idle');
    setProblem(null);
    setErrors([]);
    if (input.current) input.current.value = '';
  };
  const close = () => {
    reset();
    onClose();
  };

  const errorText = (e: ImportError) =>
    t('crud.rowLine', {
      row: e.row,
      label: e.label,
      problem: e.problem === 'server' ? (e.message ?? '') : t(`crud.problem.${e.problem}`, e.params ?? {}),
    });

  const run = async () => {
    setProblem(null);
    setErrors([]);
    if (!file) {
      setProblem(t('crud.selectFile'));
      notify('warning', t('crud.selectFile'));
      return;
    }
    setPhase('read');
    try {
      let rows;
      try {
        rows = await readSheet(file);
      } catch {
        setProblem(t('crud.readFailed'));
        return;
      }
      const [header, ...data] = rows;
      const columns = mapHeaders(header?.cells ?? [], fields);
      if (!columns.some(Boolean)) {
        setProblem(t(header ? 'crud.noHeader' : 'crud.noRows'));
        return;
      }
      setPhase('check');
      const checked = checkRows(data, columns, fields, dicts);
      if (!checked.records.length) {
        setProblem(t('crud.noRows'));
        return;
      }
      if (checked.records.length > MAX_IMPORT_ROWS) {
        setProblem(t('crud.tooManyRows', { max: MAX_IMPORT_ROWS, count: checked.records.length }));
        return;
      }
      if (checked.errors.length) {
        setErrors(checked.errors);
        return;
      }
      setPhase('send');
      try {
        await epsData(entry).add(checked.records);
      } catch (e) {
        const list = e instanceof ApiError ? serverErrors(e.data, checked.rowNumbers, fields) : [];
        if (list.length) setErrors(list);
        return;
      }
      notify('success', t('crud.importDone', { count: checked.records.length }));
      reset();
      onDone();
    } finally {
      setPhase('idle');
    }
  };

  const template = async () => {
    try {
      const blob = await buildFile([fields.map((f) => f.label)], 'xlsx', entry.label);
      download(blob, `${entry.name.replace(/\//g, '-')}-template.xlsx`);
    } catch {
      notify('error', t('common.exportFailed'));
    }
  };

  const busy = phase !== 'idle';
  return (
    <Modal
      open={open}
      title={t('crud.importTitle', { entity: entry.label })}
      onCancel={close}
      width={640}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={close} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="primary" data-testid="import-submit" loading={busy} onClick={() => void run()}>
            {t('crud.importRun')}
          </Button>
        </Space>
      }
    >
      <Space direction="vertical" style={{ width: '100%' }} size="middle">
        <Typography.Text type="secondary">{t('crud.importHint')}</Typography.Text>
        <Space wrap>
          <input
            ref={input}
            type="file"
            data-testid="import-file"
            aria-label={t('crud.import')}
            accept=".xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv"
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setErrors([]);
              setProblem(null);
            }}
            style={{ color: token.colorText }}
          />
          <Button icon={<DownloadOutlined />} onClick={() => void template()} data-testid="import-template">
            {t('crud.template')}
          </Button>
        </Space>
        {busy && (
          <div>
            <Progress percent={PERCENT[phase]} status="active" />
            <Typography.Text type="secondary">
              {t(phase === 'read' ? 'crud.phaseRead' : phase === 'check' ? 'crud.phaseCheck' : 'crud.phaseSend')}
            </Typography.Text>
          </div>
        )}
        {problem && <Alert type="warning" showIcon message={problem} data-testid="import-problem" />}
        {errors.length > 0 && (
          <Alert
            type="error"
            showIcon
            data-testid="import-errors"
            message={t('crud.badRows', { count: errors.length })}
            description={
              <ul style={{ maxHeight: 240, overflowY: 'auto', margin: 0, paddingInlineStart: 18 }}>
                {errors.slice(0, 500).map((e, i) => (
                  <li key={i}>{errorText(e)}</li>
                ))}
              </ul>
            }
          />
        )}
      </Space>
    </Modal>
  );
}
