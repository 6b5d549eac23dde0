/**
 * The model of an AI member, picked from the site's models (`base/app/models`: the enabled chat
 * models with their prices by use, the AI members' default first), empty for the default. The value
 * is the provider's model id, what `config.model` holds; a model named before the site listed it
 * (free text from an older row, or a model since turned off) stays as it is, marked as not listed.
 * A site whose model comes from its environment lists none: the model is typed then, as before.
 *
 * A controlled input of a Form.Item (value / onChange): it reads no form state, and loads the list
 * once when it mounts. (An earlier version rendered itself while the list loaded, an endless tree
 * that froze the page as soon as a dialog holding it opened.)
 */
import { useEffect, useState } from 'react';
import { Input, Select } from 'antd';
import { calls } from '../../app/data';
import { useI18n } from '../../i18n';
import { modelOptions, type ModelOption } from './ai-model-options';

type PickableModel = Awaited<ReturnType<typeof calls.base.app.models>>[number];

/** The site's models for AI members; null while they load, empty when none are listed or they could not be read. */
function usePickableModels(): PickableModel[] | null {
  const [models, setModels] = useState<PickableModel[] | null>(null);
  useEffect(() => {
    let live = true;
    calls.base.app.models({}, { silent: true }).then(
      (m) => live && setModels(m),
      () => live && setModels([]),
    );
    return () => {
      live = false;
    };
  }, []);
  return models;
}

export interface AiModelSelectProps {
  value?: string;
  onChange?: (model: string) => void;
  id?: string;
  /** The control's test id; each option is `${testId}-option` with `data-model`. */
  testId: string;
}

export default function AiModelSelect({ value, onChange, id, testId }: AiModelSelectProps) {
  const { t, lang } = useI18n();
  const models = usePickableModels();
  const current = value?.trim() ?? '';

  if (models !== null && models.length === 0) {
    return (
      <Input
        id={id}
        maxLength={100}
        value={value}
        onChange={(e) => onChange?.(e.target.value)}
        placeholder={t('wsBoard.ai.modelPlaceholder')}
        data-testid={testId}
      />
    );
  }

  const options = modelOptions(models, current, t, lang);
  const fallback = models?.find((m) => m.isDefault);

  return (
    <Select<string, ModelOption>
      id={id}
      allowClear
      showSearch
      optionFilterProp="label"
      loading={models === null}
      value={current || undefined}
      onChange={(v) => onChange?.(v ?? '')}
      options={options}
      placeholder={fallback ? t('wsBoard.ai.modelDefault', { name: fallback.name }) : t('wsBoard.ai.modelDefaultNone')}
      optionRender={(o) => (
        <div className="board-model-option" data-testid={`${testId}-option`} data-model={o.data.value}>
          <div className="board-model-name">{o.data.label}</div>
          {o.data.note ? <div className="board-model-note">{o.data.note}</div> : null}
        </div>
      )}
      data-testid={testId}
    />
  );
}
