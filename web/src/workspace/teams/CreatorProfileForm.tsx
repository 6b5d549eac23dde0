/**
 * The public profile a creator shows: nickname, cover (1520 x 240), tags and share links, saved through
 * `calls.base.comm.personUpdate` and then the session's profile is reloaded.
 */
import { useEffect, useState } from 'react';
import { Button, Card, Form, Input, Select } from 'antd';
import { IdcardOutlined } from '@ant-design/icons';
import { useI18n } from '../../i18n';
import { calls } from '../../app/data';
import { getAuth, loadProfile, useAuth } from '../../app/auth';
import { notify } from '../../app/notify';
import { FileInput } from '../../components/space';
import { SHARE_LINKS, TAGS_MAX, TAG_MAX_LENGTH, cleanTags, profileBody, profileValues, type ProfileValues } from './profile-form';

export default function CreatorProfileForm() {
  const { t } = useI18n();
  const user = useAuth().user as Record<string, unknown> | null;
  const [form] = Form.useForm<ProfileValues>();
  const [busy, setBusy] = useState(false);
  const cover = Form.useWatch('cover', form);

  // Filled once per user: a profile reload after saving must not overwrite what is being typed.
  const userId = user?.id;
  useEffect(() => {
    if (userId) form.setFieldsValue(profileValues(getAuth().user as Record<string, unknown> | null));
  }, [form, userId]);

  const submit = async (v: ProfileValues) => {
    setBusy(true);
    try {
      await calls.base.comm.personUpdate(profileBody(v, user?.shareLink));
      await loadProfile();
      notify('success', t('common.saveSuccess'));
    } catch {
      /* the server's message was shown; the form keeps what was typed */
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card
      title={
        <span>
          <IdcardOutlined /> {t('wsTeams.apply.profileTitle')}
        </span>
      }
      data-testid="apply-profile-form"
    >
      <Form form={form} layout="vertical" onFinish={submit} initialValues={profileValues(user)}>
        <Form.Item
          name="nickName"
          label={t('common.nickName')}
          rules={[{ required: true, whitespace: true, message: t('wsTeams.apply.nickRequired') }, { max: 50 }]}
        >
          <Input maxLength={50} data-testid="apply-nickname" />
        </Form.Item>
        <Form.Item label={t('wsTeams.apply.cover')} extra={t('wsTeams.apply.coverHelp')}>
          <div
            className="tm-cover"
            style={cover ? { backgroundImage: `url("${String(cover).replace(/"/g, '%22')}")` } : undefined}
            data-testid="apply-cover-preview"
          />
          <Form.Item name="cover" noStyle>
            <FileInput kind="image" />
          </Form.Item>
        </Form.Item>
        <Form.Item name="tags" label={t('wsTeams.apply.tags')} extra={t('wsTeams.apply.tagsHelp', { max: TAGS_MAX })} normalize={(v: unknown) => cleanTags(v)}>
          <Select
            mode="tags"
            open={false}
            suffixIcon={null}
            tokenSeparators={[',', '，', ' ']}
            maxTagTextLength={TAG_MAX_LENGTH}
            placeholder={t('wsTeams.apply.tagsPlaceholder')}
            data-testid="apply-tags"
          />
        </Form.Item>
        <div className="tm-links">
          {SHARE_LINKS.map((k) => (
            <Form.Item key={k} name={['shareLink', k]} label={t(`wsTeams.apply.links.${k}`)} rules={[{ max: 255 }]}>
              <Input maxLength={255} allowClear data-testid={`apply-link-${k}`} />
            </Form.Item>
          ))}
        </div>
        <Button type="primary" htmlType="submit" loading={busy} data-testid="apply-profile-save">
          {t('common.save')}
        </Button>
      </Form>
    </Card>
  );
}
