/** The control of one field, by its kind; used by the add/edit form and the inline cell editor. */
import { DatePicker, Input, InputNumber, Select, Switch } from 'antd';
import type { EpsDictOption } from '../eps';
import type { FieldSpec } from './fields';
import { useI18n } from '../../i18n';
import JsonInput from './JsonInput';

export interface FieldInputProps {
  field: FieldSpec;
  /** Loaded options of a dictionary field. */
  options?: EpsDictOption[];
  value?: unknown;
  onChange?: (v: unknown) => void;
  autoFocus?: boolean;
  /** Enter in a one-line input. */
  onEnter?: () => void;
  id?: string;
  /** Shown in an empty password input (a sealed secret that is set). */
  placeholder?: string;
}

export default function FieldInput({ field, options, value, onChange, autoFocus, onEnter, id, placeholder }: FieldInputProps) {
  const { t } = useI18n();
  const change = (v: unknown) => onChange?.(v);
  const common = { id, autoFocus, 'aria-label': field.label };
  switch (field.kind) {
    case 'select': {
      const opts = options ?? field.options ?? [];
      return (
        <Select
          {...common}
          allowClear={!field.required}
          style={{ width: '100%', minWidth: 120 }}
          value={value as string | number | undefined}
          onChange={change}
          options={opts.map((o) => ({ value: o.value, label: o.label }))}
          notFoundContent={t('common.noDict')}
        />
      );
    }
    case 'switch':
      return <Switch {...common} checked={Boolean(value)} onChange={change} />;
    case 'flag':
      return <Switch {...common} checked={Number(value) === 1} onChange={(on) => change(on ? 1 : 0)} data-testid={`flag-${field.name}`} />;
    case 'json':
      return <JsonInput {...common} value={value as string | undefined} onChange={change} />;
    case 'integer':
    case 'number':
      return (
        <InputNumber
          {...common}
          style={{ width: '100%', minWidth: 100 }}
          precision={field.kind === 'integer' ? 0 : undefined}
          addonAfter={field.unit}
          value={value as number | null | undefined}
          onChange={change}
          onPressEnter={onEnter}
        />
      );
    case 'datetime':
    case 'date':
      return <DatePicker {...common} showTime={field.kind === 'datetime'} style={{ width: '100%' }} value={value as never} onChange={change} />;
    case 'textarea':
      return (
        <Input.TextArea
          {...common}
          autoSize={{ minRows: 2, maxRows: 10 }}
          maxLength={field.maxLength}
          value={value as string | undefined}
          onChange={(e) => change(e.target.value)}
        />
      );
    case 'password':
      return (
        <Input.Password
          {...common}
          autoComplete="new-password"
          placeholder={placeholder}
          maxLength={field.maxLength}
          value={value as string | undefined}
          onChange={(e) => change(e.target.value)}
          onPressEnter={onEnter}
        />
      );
    default:
      return (
        <Input {...common} maxLength={field.maxLength} value={value as string | undefined} onChange={(e) => change(e.target.value)} onPressEnter={onEnter} />
      );
  }
}
