/**
 * The text preview dialog of the model's proposal: the field list it made of the description, as a
 * table or as text (the CLI's `name:type(length)!` specs, one a line), and a button that takes the
 * fields into the form's table, where they can be checked and edited before anything is created.
 */
import { useState } from 'react';
import { Button, Empty, Modal, Segmented, Space, Table, Tag, Typography, theme } from 'antd';
import { CheckOutlined, ImportOutlined } from '@ant-design/icons';
import { useI18n } from '../i18n';
import type { CodeField, DryRunAnswer } from './coding-api';
import { fieldSpec, labelText } from './code-body';

export default function FieldsDialog(props: { answer: DryRunAnswer | null; open: boolean; onClose: () => void; onTake: () => void }) {
  const { answer, open, onClose, onTake } = props;
  const { t, lang } = useI18n();
  const { token } = theme.useToken();
  const [view, setView] = useState<'table' | 'text'>('table');
  const fields = answer?.fields ?? [];
  const text = fields.map((f) => `${fieldSpec(f)}${f.label ? `  ${labelText(f.label, lang)}` : ''}${f.dict ? `  [${f.dict}]` : ''}`).join('\n');

  return (
    <Modal
      open={open && !!answer}
      onCancel={onClose}
      width={760}
      title={t('helper.proposal.title')}
      destroyOnHidden
      footer={
        <Space wrap style={{ justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>{t('common.close')}</Button>
          <Button type="primary" icon={<ImportOutlined />} disabled={!fields.length} onClick={onTake} data-testid="code-take-fields">
            {t('helper.proposal.take')}
          </Button>
        </Space>
      }
    >
      <div data-testid="fields-dialog">
        <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
          {t('helper.proposal.intro')}
        </Typography.Paragraph>
        <Segmented
          value={view}
          onChange={(v) => setView(v as 'table' | 'text')}
          options={[
            { value: 'table', label: t('helper.proposal.table') },
            { value: 'text', label: t('helper.proposal.text') },
          ]}
          style={{ marginBottom: 12 }}
        />
        {!fields.length ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('helper.proposal.none')} /> : null}
        {fields.length && view === 'table' ? (
          <Table<CodeField>
            size="small"
            rowKey="name"
            pagination={false}
            dataSource={fields}
            scroll={{ x: 560 }}
            data-testid="fields-dialog-table"
            columns={[
              { title: t('helper.fields.name'), dataIndex: 'name', render: (v: string) => <Typography.Text code>{v}</Typography.Text> },
              {
                title: t('helper.fields.type'),
                dataIndex: 'type',
                render: (v: string, f) => <Tag bordered={false}>{f.type === 'string' && f.length ? `${v}(${f.length})` : v}</Tag>,
              },
              {
                title: t('helper.fields.required'),
                dataIndex: 'required',
                align: 'center',
                render: (v: boolean) => (v ? <CheckOutlined style={{ color: token.colorSuccess }} /> : null),
              },
              { title: t('helper.fields.label'), dataIndex: 'label', render: (v: CodeField['label']) => labelText(v, lang) },
              { title: t('helper.fields.dict'), dataIndex: 'dict', render: (v: string | undefined) => v ?? '' },
            ]}
          />
        ) : null}
        {fields.length && view === 'text' ? (
          <pre
            data-testid="fields-dialog-text"
            style={{
              margin: 0,
              maxHeight: '50vh',
              overflow: 'auto',
              padding: 12,
              fontSize: 12,
              lineHeight: 1.6,
              fontFamily: token.fontFamilyCode,
              background: token.colorFillQuaternary,
              border: `1px solid ${token.colorBorderSecondary}`,
              borderRadius: token.borderRadius,
              whiteSpace: 'pre-wrap',
            }}
          >
            {text}
          </pre>
        ) : null}
      </div>
    </Modal>
  );
}
