/**
 * The field list of the new entity as an editable table (antd Form.List, one row per field): name,
 * type (the FieldType list), length for strings, required, one label, and a dictionary type from
 * dict/type. The rows check what the generator would refuse (name rules, system names, duplicates,
 * length 1..2000) as the user types; the table scrolls sideways inside itself on a phone. Editing
 * a helper-made entity, a renamed row says its old name.
 */
import { useEffect, useState } from 'react';
import { Button, Checkbox, Form, Input, InputNumber, Select, Table, Tooltip, Typography, type FormInstance } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { FormListFieldData } from 'antd/es/form/FormList';
import { data } from '../app/data';
import { useI18n } from '../i18n';
import { FIELD_TYPES } from './coding-api';
import { renamed } from './change-fields';
import { emptyRow, FIELD_NAME_RE, MAX_FIELDS, MAX_LENGTH, SYSTEM_FIELDS, type CodeValues, type FieldRow } from './code-body';

interface DictOption {
  value: string;
  label: string;
}

let dictCache: Promise<DictOption[]> | null = null;

/** The dictionary types (dict/type, as the dictionary screen lists them), once per page load. */
function useDictTypes(): DictOption[] {
  const [options, setOptions] = useState<DictOption[]>([]);
  useEffect(() => {
    let live = true;
    dictCache ??= data('dict/type')
      .list({ order: 'id', sort: 'asc' }, { silent: true })
      .then((rows) => rows.filter((r) => !!r.key).map((r) => ({ value: String(r.key), label: `${r.name ?? r.key} (${r.key})` })))
      .catch(() => {
        dictCache = null;
        return [];
      });
    void dictCache.then((o) => live && setOptions(o));
    return () => {
      live = false;
    };
  }, []);
  return options;
}

const cell = { style: { marginBottom: 0 } };

export default function FieldsTable({ form }: { form: FormInstance<CodeValues> }) {
  const { t } = useI18n();
  const dicts = useDictTypes();
  const typeOptions = FIELD_TYPES.map((v) => ({ value: v, label: v }));

  const nameRules = (index: number) => [
    { required: true, whitespace: true, message: t('helper.fields.nameRequired') },
    { pattern: FIELD_NAME_RE, message: t('helper.fields.nameRule') },
    {
      validator: async (_: unknown, value: unknown) => {
        const name = typeof value === 'string' ? value.trim() : '';
        if (SYSTEM_FIELDS.has(name)) throw new Error(t('helper.fields.nameSystem'));
        const rows = (form.getFieldValue('fields') ?? []) as Array<{ name?: string } | undefined>;
        if (name && rows.some((r, i) => i !== index && (r?.name ?? '').trim() === name)) throw new Error(t('helper.fields.nameTwice'));
      },
    },
  ];

  return (
    <Form.List
      name="fields"
      rules={[
        {
          validator: async (_, rows: unknown[] | undefined) => {
            if (!rows?.length) throw new Error(t('helper.fields.atLeastOne'));
            if (rows.length > MAX_FIELDS) throw new Error(t('helper.fields.atMost', { max: MAX_FIELDS }));
          },
        },
      ]}
    >
      {(fields, { add, remove }, { errors }) => (
        <div data-testid="code-fields">
          <Table<FormListFieldData>
            size="small"
            pagination={false}
            rowKey="key"
            dataSource={fields}
            scroll={{ x: 860 }}
            locale={{ emptyText: t('helper.fields.empty') }}
            columns={[
              {
                title: t('helper.fields.name'),
                width: 170,
                render: (_, f) => (
                  <>
                    <Form.Item
                      {...cell}
                      name={[f.name, 'name']}
                      rules={nameRules(f.name)}
                      dependencies={fields.filter((o) => o.key !== f.key).map((o) => ['fields', o.name, 'name'])}
                    >
                      <Input placeholder="title" data-testid={`code-field-name-${f.name}`} autoComplete="off" /* i18n-ok: an identifier */ />
                    </Form.Item>
                    <Form.Item noStyle shouldUpdate>
                      {() => {
                        const was = renamed(form.getFieldValue(['fields', f.name]) as FieldRow | undefined);
                        return was ? (
                          <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid={`code-field-from-${f.name}`}>
                            {t('helper.fields.renamedFrom', { name: was })}
                          </Typography.Text>
                        ) : null;
                      }}
                    </Form.Item>
                  </>
                ),
              },
              {
                title: t('helper.fields.type'),
                width: 130,
                render: (_, f) => (
                  <Form.Item {...cell} name={[f.name, 'type']} rules={[{ required: true, message: t('helper.fields.typeRequired') }]}>
                    <Select options={typeOptions} data-testid={`code-field-type-${f.name}`} popupMatchSelectWidth={false} />
                  </Form.Item>
                ),
              },
              {
                title: t('helper.fields.length'),
                width: 110,
                render: (_, f) => (
                  <Form.Item noStyle shouldUpdate={(a: CodeValues, b: CodeValues) => a.fields?.[f.name]?.type !== b.fields?.[f.name]?.type}>
                    {() =>
                      form.getFieldValue(['fields', f.name, 'type']) === 'string' ? (
                        <Form.Item
                          {...cell}
                          name={[f.name, 'length']}
                          rules={[{ type: 'integer', min: 1, max: MAX_LENGTH, message: t('helper.fields.lengthRule', { max: MAX_LENGTH }) }]}
                        >
                          <InputNumber
                            min={1}
                            max={MAX_LENGTH}
                            precision={0}
                            placeholder="255"
                            style={{ width: '100%' }}
                            data-testid={`code-field-length-${f.name}`}
                          />
                        </Form.Item>
                      ) : (
                        <span style={{ opacity: 0.45 }}>—</span>
                      )
                    }
                  </Form.Item>
                ),
              },
              {
                title: t('helper.fields.required'),
                width: 90,
                align: 'center',
                render: (_, f) => (
                  <Form.Item {...cell} name={[f.name, 'required']} valuePropName="checked">
                    <Checkbox data-testid={`code-field-required-${f.name}`} aria-label={t('helper.fields.required')} />
                  </Form.Item>
                ),
              },
              {
                title: t('helper.fields.label'),
                width: 170,
                render: (_, f) => (
                  <Form.Item {...cell} name={[f.name, 'label']} rules={[{ max: 100, message: t('helper.fields.labelRule', { max: 100 }) }]}>
                    <Input placeholder={t('helper.fields.labelPlaceholder')} data-testid={`code-field-label-${f.name}`} autoComplete="off" />
                  </Form.Item>
                ),
              },
              {
                title: t('helper.fields.dict'),
                width: 150,
                render: (_, f) => (
                  <Form.Item {...cell} name={[f.name, 'dict']}>
                    <Select
                      allowClear
                      showSearch
                      optionFilterProp="label"
                      options={dicts}
                      placeholder={t('helper.fields.dictPlaceholder')}
                      popupMatchSelectWidth={false}
                      data-testid={`code-field-dict-${f.name}`}
                    />
                  </Form.Item>
                ),
              },
              {
                width: 48,
                fixed: 'right',
                render: (_, f) => (
                  <Tooltip title={t('helper.fields.remove')}>
                    <Button
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t('helper.fields.remove')}
                      onClick={() => remove(f.name)}
                      data-testid={`code-field-remove-${f.name}`}
                    />
                  </Tooltip>
                ),
              },
            ]}
          />
          <Form.ErrorList errors={errors} />
          <Button
            type="dashed"
            block
            icon={<PlusOutlined />}
            style={{ marginTop: 8 }}
            disabled={fields.length >= MAX_FIELDS}
            onClick={() => add(emptyRow())}
            data-testid="code-field-add"
          >
            {t('helper.fields.add')}
          </Button>
        </div>
      )}
    </Form.List>
  );
}
