/**
 * The group's card in its settings: name, description, avatar URL, the tile's grid (rows x cols)
 * whether it shows on the board (`onBoard`) and how many AI replies may follow each other
 * (`aiReplyCap`, 0 = the group's AI members never answer), saved with `group/updateGroupInfo`. Only the owner
 * and deputies may change it; others see it read-only. The group's AI budgets per day and per month
 * (tokens; empty: none) are the owner's alone. Only changed fields are sent.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Form, Input, InputNumber, Space, Switch } from 'antd';
import { useI18n } from '../../i18n';
import { boardApi, type MyGroup } from './board-api';
import { AI_REPLY_CAP } from '../../generated/shared';
import { cardValues, changedCard, type CardValues } from './group-card';
import { GRID_MAX, GRID_MIN } from './board-grid';
import { canManage } from './group-roles';
import { useAppApi } from '../../app/app-api';

export default function SettingsCard({ group, onSaved }: { group: MyGroup; onSaved(): void }) {
  const { t } = useI18n();
  const { message } = useAppApi();
  const [form] = Form.useForm<CardValues>();
  const [busy, setBusy] = useState(false);
  const editable = canManage(group.role);
  const owner = group.role === 'owner';

  useEffect(() => form.setFieldsValue(cardValues(group)), [group, form]);

  const save = async () => {
    const v = await form.validateFields();
    const card = changedCard(group, v);
    if (!Object.keys(card).length) return;
    setBusy(true);
    try {
      await boardApi.updateGroup(group.id, card);
      void message.success(t('wsBoard.settings.saved'));
      onSaved();
    } catch {
      /* shown by the http client */
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form form={form} layout="vertical" disabled={!editable} initialValues={cardValues(group)} onFinish={() => void save()} data-testid="board-settings-card">
      {!editable && <Alert type="info" showIcon message={t('wsBoard.settings.readOnly')} className="board-gap" />}
      <Form.Item
        name="name"
        label={t('wsBoard.settings.name')}
        rules={[{ required: true, whitespace: true, message: t('wsBoard.create.nameRequired') }, { max: 255 }]}
      >
        <Input maxLength={255} data-testid="board-settings-name" />
      </Form.Item>
      <Form.Item name="remark" label={t('wsBoard.settings.remark')} rules={[{ max: 255 }]}>
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 5 }} maxLength={255} data-testid="board-settings-remark" />
      </Form.Item>
      <Form.Item name="avatar" label={t('wsBoard.settings.avatar')} rules={[{ max: 255 }]}>
        <Input inputMode="url" maxLength={255} data-testid="board-settings-avatar" />
      </Form.Item>
      <Space wrap align="end">
        <Form.Item name="rows" label={t('wsBoard.settings.rows')} rules={[{ required: true }]}>
          <InputNumber min={GRID_MIN} max={GRID_MAX} precision={0} data-testid="board-settings-rows" />
        </Form.Item>
        <Form.Item name="cols" label={t('wsBoard.settings.cols')} rules={[{ required: true }]}>
          <InputNumber min={GRID_MIN} max={GRID_MAX} precision={0} data-testid="board-settings-cols" />
        </Form.Item>
        <Form.Item name="onBoard" label={t('wsBoard.settings.onBoard')} valuePropName="checked">
          <Switch data-testid="board-settings-onboard" />
        </Form.Item>
      </Space>
      <Form.Item name="aiReplyCap" label={t('wsBoard.settings.aiReplyCap')} extra={t('wsBoard.settings.aiReplyCapHelp')} rules={[{ required: true }]}>
        <InputNumber min={0} max={AI_REPLY_CAP.max} precision={0} data-testid="board-settings-ai-cap" />
      </Form.Item>
      <Space wrap align="start" className="board-settings-budgets">
        <Form.Item name="aiBudgetDay" label={t('wsBoard.settings.aiBudgetDay')}>
          <InputNumber min={0} precision={2} disabled={!owner} placeholder={t('wsBoard.settings.noBudget')} data-testid="board-settings-budget-day" />
        </Form.Item>
        <Form.Item name="aiBudgetMonth" label={t('wsBoard.settings.aiBudgetMonth')}>
          <InputNumber min={0} precision={2} disabled={!owner} placeholder={t('wsBoard.settings.noBudget')} data-testid="board-settings-budget-month" />
        </Form.Item>
      </Space>
      <div className="board-settings-help">{t(owner ? 'wsBoard.settings.aiBudgetHelp' : 'wsBoard.settings.aiBudgetOwnerOnly')}</div>
      {editable && (
        <div>
          <Button type="primary" htmlType="submit" loading={busy} data-testid="board-settings-save">
            {t('wsBoard.settings.save')}
          </Button>
        </div>
      )}
    </Form>
  );
}
