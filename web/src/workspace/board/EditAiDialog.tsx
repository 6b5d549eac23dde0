/**
 * The owner edits an AI member of theirs (groupMember/updateMemberInfo): name, avatar URL, model,
 * instructions, price per reply, whether the public catalogue lists it, and what its row in this
 * group runs with (the site's models, or one of the owner's own AI keys). The other keys of its
 * config (appId, params, description) are sent back as they were. Saved through the dialogs' one
 * submit path (use-ai-submit.ts): a refusal names its fields (`config.cost` above the site's
 * maximum, ...), which are put on the form's fields.
 */
import { Form, Modal } from 'antd';
import { useI18n } from '../../i18n';
import { boardApi, type GroupMember } from './board-api';
import { memberName } from './board-grid';
import AiMemberFields, { type AiMemberValues } from './AiMemberFields';
import AiRunsWith, { ON_PLATFORM } from './AiRunsWith';
import { useAiFormSubmit } from './use-ai-submit';
import { useAppApi } from '../../app/app-api';

/** The fields, and "Runs with": 0 for the site's models, else my AI key's id. */
type Values = AiMemberValues & { runsWith: number };

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
  'config.tools': 'tools',
  public: 'public',
  authId: 'runsWith',
  authType: 'runsWith',
};

export default function EditAiDialog({ member, onClose, onSaved }: Props) {
  const { t } = useI18n();
  const { message } = useAppApi();
  const [form] = Form.useForm<Values>();
  const config = member.config ?? {};
  const initial: Values = {
    nickName: member.nickName ?? '',
    headImg: member.headImg ?? '',
    model: typeof config.model === 'string' ? config.model : '',
    prompt: typeof config.prompt === 'string' ? config.prompt : '',
    cost: typeof config.cost === 'number' ? config.cost : null,
    byUse: config.pricing === 1,
    tools: Array.isArray(config.tools) ? (config.tools as unknown[]).filter((x): x is string => typeof x === 'string') : [],
    public: !!member.public,
    runsWith: member.authType === 2 && member.authId ? member.authId : ON_PLATFORM,
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
    if (v.tools?.length) next.tools = v.tools;
    else delete next.tools;
    const runsWith = v.runsWith === ON_PLATFORM ? { authType: 1 as const, authId: null } : { authType: 2 as const, authId: v.runsWith };
    await boardApi.updateAi(member.id, { nickName: v.nickName.trim(), headImg: v.headImg?.trim() || null, config: next, public: !!v.public, ...runsWith });
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
        <AiRunsWith testId="board-ai-edit" current={initial.runsWith} />
      </Form>
    </Modal>
  );
}
