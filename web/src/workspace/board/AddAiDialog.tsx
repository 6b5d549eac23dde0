/**
 * Add an AI member to a group (owner or deputy), two ways:
 * - a new one, owned by the caller: name, avatar URL, model, instructions and price per reply
 *   (config), and whether it is listed in the public catalogue -> `groupMember/add {groupId, ai}`;
 * - one from the public catalogue (`allMemberList`, searched by name) -> `groupMember/add
 *   {groupId, userId}` with the AI's user id (see board-api.ts for why not memberToGroup); each
 *   shows its price of a reply.
 * The dialog stays open after a catalogue pick, so several can be added in a row. Both go through
 * the dialogs' one submit path (use-ai-submit.ts): one at a time, loading while they run.
 */
import { useEffect, useMemo, useState } from 'react';
import { Avatar, Button, Empty, Form, Input, List, Modal, Tabs } from 'antd';
import { RobotOutlined } from '@ant-design/icons';
import { useI18n } from '../../i18n';
import { boardApi, type CatalogueAi, type MyGroup, type NewAi } from './board-api';
import { useGroupMembers } from './use-group-members';
import AiMemberFields, { type AiMemberValues as NewValues } from './AiMemberFields';
import { aiPriceText } from './ai-price';
import AiNotReady from '../apps/AiNotReady';
import { useAiFormSubmit, useAiPick } from './use-ai-submit';
import { useAppApi } from '../../app/app-api';

interface Props {
  group: MyGroup;
  onClose(): void;
  onAdded(): void;
}

function newAi(v: NewValues): NewAi {
  const config = {
    model: v.model?.trim() || undefined,
    prompt: v.prompt?.trim() || undefined,
    cost: v.cost ?? undefined,
    pricing: v.byUse ? 1 : undefined,
    tools: v.tools?.length ? v.tools : undefined,
  };
  return {
    nickName: v.nickName.trim(),
    headImg: v.headImg?.trim() || undefined,
    config: config.model || config.prompt || config.cost !== undefined || config.pricing || config.tools ? config : undefined,
    public: !!v.public,
  };
}

/** The server's field names -> the new form's. */
const FORM_FIELD: Record<string, keyof NewValues> = {
  'ai.nickName': 'nickName',
  'ai.headImg': 'headImg',
  'ai.config.model': 'model',
  'ai.config.prompt': 'prompt',
  'ai.config.cost': 'cost',
  'ai.config.tools': 'tools',
};

export default function AddAiDialog({ group, onClose, onAdded }: Props) {
  const { t } = useI18n();
  const { message } = useAppApi();
  const [form] = Form.useForm<NewValues>();
  const [tab, setTab] = useState('new');
  const [keyWord, setKeyWord] = useState('');
  const [list, setList] = useState<CatalogueAi[] | null>(null);
  const [version, setVersion] = useState(0);
  const { members } = useGroupMembers(group.id, version);
  const inGroup = useMemo(() => new Set((members ?? []).filter((m) => m.userType === 1).map((m) => m.userId)), [members]);

  useEffect(() => {
    if (tab !== 'catalogue') return;
    let live = true;
    const timer = setTimeout(() => {
      boardApi
        .catalogue(keyWord)
        .then((l) => live && setList(l))
        .catch(() => live && setList([]));
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [tab, keyWord]);

  // A refused field (a price above the site's maximum...) shows on the form as well as in the message.
  const { busy, submit } = useAiFormSubmit(form, FORM_FIELD, async (v) => {
    await boardApi.addAi(group.id, newAi(v));
    void message.success(t('wsBoard.ai.added', { name: v.nickName.trim() }));
    onAdded();
    onClose();
  });

  const { adding, pick } = useAiPick(async (a: CatalogueAi) => {
    await boardApi.addPerson(group.id, a.id);
    void message.success(t('wsBoard.ai.added', { name: a.nickName ?? '' }));
    setVersion((n) => n + 1);
    onAdded();
  });

  const newForm = (
    <Form form={form} layout="vertical" data-testid="board-ai-form">
      <AiNotReady purpose="aiMember" />
      <AiMemberFields testId="board-ai" autoFocus />
    </Form>
  );

  const catalogue = (
    <>
      <Input.Search
        allowClear
        placeholder={t('wsBoard.ai.search')}
        value={keyWord}
        onChange={(e) => setKeyWord(e.target.value)}
        data-testid="board-ai-search"
      />
      <List
        className="board-pick-list"
        loading={list === null}
        dataSource={list ?? []}
        rowKey="id"
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('wsBoard.ai.none')} /> }}
        renderItem={(a) => (
          <List.Item
            data-testid={`board-ai-catalogue-${a.id}`}
            actions={[
              <Button
                key="add"
                size="small"
                disabled={inGroup.has(a.id) || (adding !== null && adding.id !== a.id)}
                loading={adding?.id === a.id}
                onClick={() => pick(a)}
              >
                {inGroup.has(a.id) ? t('wsBoard.ai.inGroup') : t('wsBoard.ai.add')}
              </Button>,
            ]}
          >
            <List.Item.Meta
              avatar={<Avatar src={a.headImg || a.avatar || undefined} icon={<RobotOutlined />} />}
              title={a.nickName}
              description={[aiPriceText(t, a.price), a.model, a.description].filter(Boolean).join(' · ')}
            />
          </List.Item>
        )}
      />
    </>
  );

  return (
    <Modal
      open
      title={t('wsBoard.ai.title', { name: group.name })}
      onCancel={onClose}
      onOk={submit}
      okText={t('wsBoard.ai.create')}
      confirmLoading={busy}
      footer={tab === 'new' ? undefined : null}
      okButtonProps={{ 'data-testid': 'board-ai-ok' }}
    >
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: 'new', label: <span data-testid="board-ai-tab-new">{t('wsBoard.ai.tabNew')}</span>, children: newForm },
          { key: 'catalogue', label: <span data-testid="board-ai-tab-catalogue">{t('wsBoard.ai.tabCatalogue')}</span>, children: catalogue },
        ]}
      />
    </Modal>
  );
}
