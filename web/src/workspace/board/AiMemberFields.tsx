/**
 * The fields of an AI member a person sets, shared by the new-AI form and the edit dialog: name,
 * picture address, model, instructions, price per reply or by use, and whether others may add it.
 * `testId` prefixes each control's test id (`board-ai`, `board-ai-edit`).
 *
 * The model is picked from the site's models (base/app/models: names and prices by use), empty for
 * the default; a model named before the site listed any stays selectable. With no model listed (a
 * site whose model comes from its environment) it is typed as before.
 */
import { useEffect, useState } from 'react';
import { Form, Input, InputNumber, Select, Switch } from 'antd';
import { calls } from '../../app/data';
import { useI18n } from '../../i18n';

interface PickableModel {
  id: number;
  modelId: string;
  name: string;
  priceInput: number;
  priceOutput: number;
  isDefault: boolean;
}

/** The models the site offers AI members; null while they load (or when they could not be read). */
function usePickableModels(): PickableModel[] | null {
  const [models, setModels] = useState<PickableModel[] | null>(null);
  useEffect(() => {
    let live = true;
    calls.base.app.models().then(
      (m) => live && setModels(m as PickableModel[]),
      () => live && setModels([]),
    );
    return () => {
      live = false;
    };
  }, []);
  return models;
}

function ModelField({ testId }: { testId: string }) {
  const { t } = useI18n();
  const models = usePickableModels();
  const current = Form.useWatch('model') as string | undefined;
  if (!models?.length) {
    return <ModelField testId={testId} />;
  }
  const fallback = models.find((m) => m.isDefault);
  const options = models.map((m) => ({
    value: m.modelId,
    label: m.name,
    price: t('wsBoard.ai.modelPrice', { input: m.priceInput, output: m.priceOutput }),
  }));
  if (current && !models.some((m) => m.modelId === current)) options.push({ value: current, label: current, price: '' });
  return (
    <Form.Item name="model" label={t('wsBoard.ai.model')}>
      <Select
        allowClear
        showSearch
        optionFilterProp="label"
        placeholder={fallback ? t('wsBoard.ai.modelDefault', { name: fallback.name }) : t('wsBoard.ai.modelDefaultNone')}
        options={options}
        optionRender={(o) => (
          <div className="board-model-option">
            <div>{o.data.label}</div>
            {o.data.price ? <div className="board-model-price">{o.data.price}</div> : null}
          </div>
        )}
        data-testid={`${testId}-model`}
      />
    </Form.Item>
  );
}

/** The values of the fields. */
export interface AiMemberValues {
  nickName: string;
  headImg?: string;
  model?: string;
  prompt?: string;
  /** Replies cost what the model used (config.pricing 1) instead of `cost`. */
  byUse?: boolean;
  cost?: number | null;
  public?: boolean;
}

export default function AiMemberFields({ testId, autoFocus = false }: { testId: string; autoFocus?: boolean }) {
  const { t } = useI18n();
  return (
    <>
      <Form.Item
        name="nickName"
        label={t('wsBoard.ai.nickName')}
        rules={[{ required: true, whitespace: true, message: t('wsBoard.ai.nickNameRequired') }, { max: 50 }]}
      >
        <Input maxLength={50} autoFocus={autoFocus} data-testid={`${testId}-name`} />
      </Form.Item>
      <Form.Item name="headImg" label={t('wsBoard.ai.headImg')}>
        <Input inputMode="url" data-testid={`${testId}-headimg`} />
      </Form.Item>
      <ModelField testId={testId} />
      <Form.Item name="prompt" label={t('wsBoard.ai.prompt')} rules={[{ max: 20000 }]}>
        <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} placeholder={t('wsBoard.ai.promptPlaceholder')} data-testid={`${testId}-prompt`} />
      </Form.Item>
      <Form.Item name="byUse" label={t('wsBoard.ai.byUse')} extra={t('wsBoard.ai.byUseHelp')} valuePropName="checked">
        <Switch data-testid={`${testId}-byuse`} />
      </Form.Item>
      <Form.Item noStyle dependencies={['byUse']}>
        {({ getFieldValue }) => (
          <Form.Item name="cost" label={t('wsBoard.aiEdit.cost')} extra={t('wsBoard.aiEdit.costHelp')}>
            <InputNumber min={0} step={1} style={{ width: '100%' }} disabled={!!getFieldValue('byUse')} data-testid={`${testId}-cost`} />
          </Form.Item>
        )}
      </Form.Item>
      <Form.Item name="public" label={t('wsBoard.ai.public')} valuePropName="checked">
        <Switch data-testid={`${testId}-public`} />
      </Form.Item>
    </>
  );
}
