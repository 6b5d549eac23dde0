/**
 * The owner edits an AI member of theirs (groupMember/updateMemberInfo): name, avatar URL, model,
 * instructions, price per reply and whether the public catalogue lists it. The other keys of its
 * config (appId, params, description) are sent back as they were. Saved through the dialogs' one
 * submit path (use-ai-submit.ts): a refusal names its fields (`config.cost` above the site's
 * maximum, ...), which are put on the form's fields.
 */
import { App, Form, Modal } from 'antd';
import { useI18n } from '../../i18n';
import { boardApi, type GroupMember } from './board-api';
import { memberName } from './board-grid';
import AiMemberFields, { type AiMemberValues as Values } from './AiMemberFields';
import { useAiFormSubmit } from './use-ai-submit';

interface Props {
  member: GroupMember;
  onClose(): void;
  onSaved(): void;
}

/** The server's field names -> the form's. */
const FORM_FIELD: Record<string, keyof Values> = {
  nickName: 'nickName',
  headImg: 'headImg',
  'config.model': 'model',
  'config.prompt': 'prompt',
  'config.cost': 'cost',
  public: 'public',
};

export default function EditAiDialog({ member, onClose, onSaved }: Props) {
  const { t } = useI18n();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const config = member.config ?? {};
  const initial: Values = {
    nickName: member.nickName ?? '',
    headImg: member.headImg ?? '',
    model: typeof config.model === 'string' ? config.model : '',
    prompt: typeof config.prompt === 'string' ? config.prompt : '',
    cost: typeof config.cost === 'number' ? config.cost : null,
    byUse: config.pricing === 1,
    public: !!member.public,
  };

  const { busy, submit } = useAiFormSubmit(form, FORM_FIELD, async (v) => {
    const next = { ...config };
    for (const [k, value] of [
      ['model', v.model?.trim()],
      ['prompt', v.prompt?.trim()],
    ] as const) {
      if (value) next[k] = value;
      else delete next[k];
    }
    if (v.cost === null || v.cost === undefined) delete next.cost;
    else next.cost = v.cost;
    if (v.byUse) next.pricing = 1;
    else delete next.pricing;
    await boardApi.updateAi(member.id, { nickName: v.nickName.trim(), headImg: v.headImg?.trim() || null, config: next, public: !!v.public });
    void message.success(t('wsBoard.aiEdit.saved', { name: v.nickName.trim() }));
    onSaved();
    onClose();
  });

  return (
    <Modal
      open
      title={t('wsBoard.aiEdit.title', { name: memberName(member) })}
      onCancel={onClose}
      onOk={submit}
      okText={t('wsBoard.aiEdit.save')}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': 'board-ai-edit-ok' }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={initial} data-testid="board-ai-edit-form">
        <AiMemberFields testId="board-ai-edit" />
      </Form>
    </Modal>
  );
}
