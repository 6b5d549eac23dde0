/**
 * Parameters (base/sys/param): keyName, name, data type (string, rich text, file), a preview of the
 * data and a remark. The form edits the data as text, as HTML with a preview, or as a file; rich text
 * and files can be opened as the page /api/admin/base/open/html?key=<keyName>. A secret parameter's
 * data never comes back from the server: the form offers to replace it, and sends no data when left empty.
 */
import { LockOutlined } from '@ant-design/icons';
import {
  ModalForm,
  ProFormDependency,
  ProFormRadio,
  ProFormSwitch,
  ProFormText,
  ProFormTextArea,
  type ProColumns,
  type ProFormInstance,
} from '@ant-design/pro-components';
import { Button, Form, Modal, Space, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import type { Row } from '../../app/data';
import { openHtmlUrl } from '../../app/data/paths';
import { FileInput, KindIcon, kindOf } from '../../components/space';
import { useI18n } from '../../i18n';
import CrudTable from '../crud/CrudTable';
import type { FormTarget } from '../crud/crud-slots';
import type { Row as CrudRow } from '../crud/table-columns';
import EntityGate from './data/EntityGate';
import { formatTime, saveRow, type EntityMeta } from './data/entity';
import RowActions from '../../components/RowActions';

type ParamRow = Row<'base/sys/param'>;
const param = (r: CrudRow) => r as unknown as ParamRow;

const TYPE_COLORS = ['blue', 'purple', 'green'] as const;
const FIELDS = ['keyName', 'name', 'dataType', 'data', 'remark', 'secret'] as const;

/** The words of an HTML text, blocks apart (parsed inert: nothing of it runs or loads). */
function plainText(html: string): string {
  const doc = new DOMParser().parseFromString(html.replace(/</g, ' <'), 'text/html');
  return (doc.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/** The data in a line: text as it is, rich text without its tags, a file as its icon and address. */
function DataPreview({ row }: { row: ParamRow }) {
  const { t } = useI18n();
  if (row.secret) return <Tag icon={<LockOutlined />}>{t('viewsData.param.secretHidden')}</Tag>;
  const data = row.data ?? '';
  if (row.dataType === 2 && data) {
    const kind = kindOf(data);
    return (
      <Space size={6}>
        {kind === 'image' ? (
          <img src={data} alt="" style={{ width: 28, height: 28, objectFit: 'cover', borderRadius: 4 }} />
        ) : (
          <KindIcon kind={kind} size={20} />
        )}
        <Typography.Text ellipsis style={{ maxWidth: 200 }}>
          {data}
        </Typography.Text>
      </Space>
    );
  }
  const text = row.dataType === 1 ? plainText(data) : data;
  return (
    <Typography.Text ellipsis={{ tooltip: text.slice(0, 500) }} style={{ display: 'block', maxWidth: '100%' }}>
      {text}
    </Typography.Text>
  );
}

/** The rich text shown in a sandboxed frame: no script of it runs. */
function HtmlPreview({ html, open, onClose }: { html: string; open: boolean; onClose: () => void }) {
  const { t } = useI18n();
  return (
    <Modal open={open} title={t('viewsData.param.preview')} width={820} footer={null} onCancel={onClose} destroyOnHidden>
      <iframe title={t('viewsData.param.preview')} sandbox="" srcDoc={html} style={{ width: '100%', height: '60vh', border: 0 }} />
    </Modal>
  );
}

/** `keeping`: the row edited holds a secret, which an empty field leaves as it is. */
function DataField({ meta, keeping }: { meta: EntityMeta; keeping: boolean }) {
  const { t } = useI18n();
  const [previewing, setPreviewing] = useState(false);
  const form = Form.useFormInstance();
  const placeholder = keeping ? t('viewsData.param.secretKeep') : undefined;
  return (
    <ProFormDependency name={['dataType', 'secret']}>
      {({ dataType, secret }: { dataType?: number; secret?: boolean }) => {
        if (dataType === 2) {
          return (
            <Form.Item name="data" label={meta.label('data')}>
              <FileInput />
            </Form.Item>
          );
        }
        if (dataType === 1) {
          return (
            <>
              <ProFormTextArea
                name="data"
                label={meta.label('data')}
                placeholder={placeholder}
                extra={t('viewsData.param.htmlHint')}
                fieldProps={{ rows: 10, style: { fontFamily: 'monospace' } }}
              />
              <Button style={{ marginTop: -12, marginBottom: 16 }} onClick={() => setPreviewing(true)} data-testid="param-preview">
                {t('viewsData.param.preview')}
              </Button>
              <HtmlPreview html={String(form.getFieldValue('data') ?? '')} open={previewing} onClose={() => setPreviewing(false)} />
            </>
          );
        }
        if (secret)
          return <ProFormText.Password name="data" label={meta.label('data')} placeholder={placeholder} fieldProps={{ autoComplete: 'new-password' }} />;
        return <ProFormTextArea name="data" label={meta.label('data')} placeholder={placeholder} fieldProps={{ rows: 4 }} />;
      }}
    </ProFormDependency>
  );
}

function Screen({ meta }: { meta: EntityMeta }) {
  const { t } = useI18n();
  const formRef = useRef<ProFormInstance>(undefined);
  const typeLabel = (v: number) => meta.options('dataType').find((o) => o.value === v)?.label ?? String(v);

  const columns: ProColumns<CrudRow>[] = [
    { title: meta.label('keyName'), dataIndex: 'keyName', width: 170, copyable: true },
    { title: meta.label('name'), dataIndex: 'name', width: 150, ellipsis: true },
    {
      title: meta.label('dataType'),
      dataIndex: 'dataType',
      width: 110,
      render: (_, r) => <Tag color={TYPE_COLORS[param(r).dataType ?? 0] ?? 'default'}>{typeLabel(param(r).dataType ?? 0)}</Tag>,
    },
    { title: meta.label('data'), dataIndex: 'data', width: 280, render: (_, r) => <DataPreview row={param(r)} /> },
    { title: meta.label('remark'), dataIndex: 'remark', ellipsis: true },
    { title: t('viewsData.updatedAt'), dataIndex: 'updateTime', width: 170, render: (_, r) => formatTime(r.updateTime) },
  ];

  const form = (target: FormTarget, onClose: () => void, onSaved: () => void) => {
    const editing = target === null ? null : target === 'add' ? 'new' : param(target.row ?? {});
    const keeping = editing !== null && editing !== 'new' && !!editing.secret;
    const initial =
      editing && editing !== 'new'
        ? Object.fromEntries(FIELDS.filter((f) => !(keeping && f === 'data')).map((f) => [f, editing[f] ?? undefined]))
        : { dataType: 0, secret: false };
    return (
      <ModalForm
        key={editing === 'new' ? 'new' : (editing?.id ?? 'closed')}
        formRef={formRef}
        title={editing === 'new' ? t('common.add') : t('common.edit')}
        open={editing !== null}
        width={720}
        modalProps={{ destroyOnHidden: true, onCancel: onClose }}
        initialValues={initial}
        submitter={{ submitButtonProps: { 'data-testid': 'form-submit' } }}
        onFinish={async (values: Record<string, unknown>) => {
          const id = editing && editing !== 'new' ? editing.id : undefined;
          const { data, ...rest } = values;
          const unchanged = keeping && (data === undefined || data === '');
          const ok = await saveRow(meta, unchanged ? rest : { ...rest, data: data ?? '' }, id, formRef.current, t('common.saveSuccess'));
          if (ok) onSaved();
          return ok;
        }}
      >
        <ProFormText name="keyName" label={meta.label('keyName')} rules={[{ required: true }]} fieldProps={{ maxLength: 255 }} />
        <ProFormText name="name" label={meta.label('name')} fieldProps={{ maxLength: 255 }} />
        <ProFormRadio.Group
          name="dataType"
          label={meta.label('dataType')}
          radioType="button"
          options={meta.options('dataType').map((o) => ({ value: o.value, label: o.label }))}
        />
        <ProFormSwitch name="secret" label={meta.label('secret')} extra={t('viewsData.param.secretHint')} />
        <DataField meta={meta} keeping={keeping} />
        <ProFormText name="remark" label={meta.label('remark')} fieldProps={{ maxLength: 255 }} />
      </ModalForm>
    );
  };

  return (
    <CrudTable
      entry={meta.entry}
      entityKey="base/sys/param"
      keywordPlaceholder={t('viewsData.param.searchPlaceholder')}
      tools={{ import: false, export: false, select: false }}
      table={() => ({ scroll: { x: 1200 }, options: { reload: true, density: false, setting: true } })}
      slots={{
        columns,
        toolbar: (items) => [items.keyword, items.add],
        rowActionsWidth: 170,
        rowActions: (r, d) => (
          <RowActions icons={false} onEdit={d.edit && (() => d.edit!())} onDelete={d.remove}>
            {param(r).dataType !== 0 && !param(r).secret ? (
              <Button type="link" size="small" href={openHtmlUrl(param(r).keyName ?? '')} target="_blank" rel="noreferrer" data-testid="param-view">
                {t('viewsData.param.view')}
              </Button>
            ) : null}
          </RowActions>
        ),
        form: ({ target, onClose, onSaved }) => form(target, onClose, onSaved),
      }}
    />
  );
}

export default function ParamView() {
  return <EntityGate keys={['base/sys/param']}>{([meta]) => <Screen meta={meta} />}</EntityGate>;
}
