/**
 * The controls of a run's input inside the run dialog's antd Form (input-schema.ts decides which):
 * one text area (`text`), a JSON text area (`text`), or one control per schema property (named by
 * the property). Values are read and checked by input-schema.ts `toInput`, not by antd rules.
 */
import { Form, Input, InputNumber, Select, Switch } from 'antd';
import { useI18n } from '../../i18n';
import type { InputPlan, SchemaField } from './input-schema';
import { INPUT_MAX_CHARS } from './input-schema';
import '../../i18n/apps-texts';

/** The form name of the single text (or JSON) box. */
export const TEXT_FIELD = 'text';

/** What Form.Item hands its child: the value (`checked` for a switch), onChange and the input's id. */
type Bound = Record<string, unknown>;

// `bound` must reach the antd control, else typed values never reach the form (and Run sends nothing).
function Control({ f, ...bound }: { f: SchemaField } & Bound) {
  const { t } = useI18n();
  const id = `app-input-${f.key}`;
  switch (f.kind) {
    case 'text':
      return <Input {...bound} maxLength={f.maxLength} data-testid={id} />;
    case 'longText':
      return <Input.TextArea {...bound} autoSize={{ minRows: 2, maxRows: 8 }} maxLength={f.maxLength ?? INPUT_MAX_CHARS} data-testid={id} />;
    case 'number':
    case 'integer':
      return (
        <InputNumber {...bound} min={f.minimum} max={f.maximum} precision={f.kind === 'integer' ? 0 : undefined} style={{ width: '100%' }} data-testid={id} />
      );
    case 'boolean':
      return <Switch {...bound} data-testid={id} />;
    case 'enum':
      return (
        <Select
          {...bound}
          allowClear={!f.required}
          placeholder={t('wsApps.input.pick')}
          options={f.options!.map((o) => ({ value: o, label: String(o) }))}
          data-testid={id}
        />
      );
    case 'json':
      return <Input.TextArea {...bound} className="apps-mono" autoSize={{ minRows: 2, maxRows: 8 }} spellCheck={false} data-testid={id} />;
  }
}

export default function InputFields({ plan }: { plan: InputPlan }) {
  const { t } = useI18n();
  if (plan.mode === 'text') {
    return (
      <Form.Item name={TEXT_FIELD} label={t('wsApps.run.input')} required>
        <Input.TextArea
          autoSize={{ minRows: 3, maxRows: 10 }}
          maxLength={Math.min(plan.maxLength ?? INPUT_MAX_CHARS, INPUT_MAX_CHARS)}
          showCount
          placeholder={t('wsApps.run.placeholder')}
          data-testid="app-input-text"
        />
      </Form.Item>
    );
  }
  if (plan.mode === 'json') {
    return (
      <Form.Item name={TEXT_FIELD} label={t('wsApps.run.jsonInput')} extra={t('wsApps.run.jsonHint')} required>
        <Input.TextArea
          className="apps-mono"
          autoSize={{ minRows: 4, maxRows: 12 }}
          maxLength={INPUT_MAX_CHARS}
          spellCheck={false}
          data-testid="app-input-json"
        />
      </Form.Item>
    );
  }
  return (
    <>
      {plan.fields.map((f) => (
        <Form.Item
          key={f.key}
          name={f.key}
          label={f.title}
          extra={f.description}
          required={f.required}
          valuePropName={f.kind === 'boolean' ? 'checked' : 'value'}
        >
          <Control f={f} />
        </Form.Item>
      ))}
    </>
  );
}
