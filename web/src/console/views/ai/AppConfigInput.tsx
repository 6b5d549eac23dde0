/**
 * The app form's configuration: a "Model" select over the enabled registry models (by display name,
 * the value the model's id number; empty: the default model for apps) kept in `config.model`, above
 * the JSON text it writes into. Invalid JSON leaves the select disabled until the text parses.
 */
import { Form, Select, Space } from 'antd';
import { useI18n } from '../../../i18n';
import JsonInput from '../../crud/JsonInput';
import { parseJsonText } from '../../crud/values';
import { useList } from '../system/use-list';
import { modelName } from './model-fields';

type Config = Record<string, unknown>;

function configOf(text: string): Config | null {
  if (text.trim() === '') return {};
  const r = parseJsonText(text);
  return r.ok && r.value && typeof r.value === 'object' && !Array.isArray(r.value) ? (r.value as Config) : null;
}

export default function AppConfigInput({ value, onChange, id }: { value?: string; onChange?: (v: string) => void; id?: string }) {
  const { t } = useI18n();
  // Silent: a console role that may edit apps but not read models sees the JSON alone.
  const models = useList('ai/model', true, true);
  const text = value ?? '';
  const config = configOf(text);
  const chosen = config?.model;

  const pick = (model: number | string | undefined) => {
    const next: Config = { ...(config ?? {}) };
    if (model === undefined || model === null) delete next.model;
    else next.model = model;
    onChange?.(Object.keys(next).length ? JSON.stringify(next, null, 2) : '');
  };

  const options = models.rows.filter((m) => Number(m.status) === 1).map((m) => ({ value: m.id as number | string, label: modelName(m) }));
  // A model named by text (before the registry) or a model since disabled still shows as it is.
  if ((typeof chosen === 'string' || typeof chosen === 'number') && !options.some((o) => o.value === chosen)) {
    options.push({ value: chosen, label: typeof chosen === 'number' ? `#${chosen}` : chosen });
  }

  return (
    <Space direction="vertical" size={8} style={{ width: '100%' }}>
      <Form.Item label={t('viewsAi.model.appModel')} extra={t('viewsAi.model.appModelHelp')} style={{ marginBottom: 0 }}>
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          disabled={config === null}
          loading={models.loading}
          placeholder={t('viewsAi.model.appModelDefault')}
          value={typeof chosen === 'string' || typeof chosen === 'number' ? chosen : undefined}
          onChange={pick}
          options={options}
          aria-label={t('viewsAi.model.appModel')}
          data-testid="app-model-select"
        />
      </Form.Item>
      <JsonInput id={id} value={text} onChange={onChange} />
    </Space>
  );
}
