/**
 * The fields of an AI member a person sets, shared by the new-AI form and the edit dialog: name,
 * picture address, model (picked from the site's models: AiModelSelect.tsx), instructions, price
 * per reply or by use (the model's prices), the tools it may call for the member who asks, and
 * whether others may add it. `testId` prefixes each
 * control's test id (`board-ai`, `board-ai-edit`).
 */
import { Form, Input, InputNumber, Switch } from 'antd';
import { useI18n } from '../../i18n';
import AiModelSelect from './AiModelSelect';
import ToolPicker from '../chat/ToolPicker';

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
  /** Tool names or prefixes ending in `*` (config.tools). */
  tools?: string[];
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
      <Form.Item name="model" label={t('wsBoard.ai.model')} rules={[{ max: 100 }]}>
        <AiModelSelect testId={`${testId}-model`} />
      </Form.Item>
      <Form.Item name="prompt" label={t('wsBoard.ai.prompt')} rules={[{ max: 20000 }]}>
        <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} placeholder={t('wsBoard.ai.promptPlaceholder')} data-testid={`${testId}-prompt`} />
      </Form.Item>
      <Form.Item name="tools" label={t('wsBoard.ai.tools')} extra={t('wsBoard.ai.toolsHelp')}>
        <ToolPicker testId={`${testId}-tools`} />
      </Form.Item>
      <Form.Item name="byUse" label={t('wsBoard.ai.byUse')} extra={t('wsBoard.ai.byUseHelp')} valuePropName="checked">
        <Switch data-testid={`${testId}-byuse`} />
      </Form.Item>
      <Form.Item name="cost" label={t('wsBoard.aiEdit.cost')} extra={t('wsBoard.aiEdit.costHelp')}>
        <InputNumber min={0} step={1} style={{ width: '100%' }} data-testid={`${testId}-cost`} />
      </Form.Item>
      <Form.Item name="public" label={t('wsBoard.ai.public')} valuePropName="checked">
        <Switch data-testid={`${testId}-public`} />
      </Form.Item>
    </>
  );
}
