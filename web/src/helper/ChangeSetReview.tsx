/**
 * The review of a change set, in a drawer over the page (the whole width on a phone):
 * its warnings first (data loss in an error alert, to be acknowledged before Apply), then tabs with
 * the declaration's diff, the SQL that apply runs on this database, the routes, menus and permission
 * keys it adds or removes, and what a rollback would run. A draft has Apply and Discard; Apply shows
 * its progress (the call, then the console's menus and screens read again) and ends with the way to
 * the entity's screen. A stored set from the history opens here too, read-only unless a draft.
 */
import { Alert, Button, Checkbox, Drawer, Flex, Grid, Result, Space, Steps, Tabs, Tag, Typography } from 'antd';
import { CheckOutlined, DeleteOutlined, ExportOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { useAuth } from '../app/auth';
import { useI18n } from '../i18n';
import { changeSets, useChangeSets, type Stage } from './change-sets-store';
import { AccessChanges, SqlList, Warnings, losesData } from './ChangeParts';
import { screenPath } from './CreateResult';
import DiffView from './DiffView';
import type { ChangeSetState } from './coding-api';

export const STATE_COLOR: Record<ChangeSetState, string> = { draft: 'gold', applied: 'green', rolledBack: 'purple', discarded: 'default' };
const STEP: Record<Stage, number> = { review: 0, applying: 0, reloading: 1, done: 3 };

export default function ChangeSetReview() {
  const { t, lang } = useI18n();
  const s = useChangeSets();
  const { menus } = useAuth();
  const navigate = useNavigate();
  const phone = !Grid.useBreakpoint().md;
  const cs = s.review;
  const draft = cs?.state === 'draft';
  const running = s.stage === 'applying' || s.stage === 'reloading';
  const mustAccept = draft && losesData(cs);
  const to = cs ? screenPath(menus, `/${cs.entityKey}`) : '';
  const openScreen = () => {
    changeSets.close();
    navigate(to);
  };

  const footer =
    cs && draft && s.stage === 'review' ? (
      <Flex gap={8} wrap="wrap" justify="flex-end" align="center">
        {mustAccept ? (
          <Checkbox checked={s.accepted} onChange={(e) => changeSets.accept(e.target.checked)} style={{ marginInlineEnd: 'auto' }} data-testid="cs-accept">
            {t('changes.review.accept')}
          </Checkbox>
        ) : null}
        <Button icon={<DeleteOutlined />} loading={s.busy === 'discard'} disabled={!!s.busy} onClick={() => void changeSets.discard()} data-testid="cs-discard">
          {t('changes.review.discard')}
        </Button>
        <Button
          type="primary"
          danger={mustAccept}
          icon={<CheckOutlined />}
          loading={s.busy === 'apply'}
          disabled={!!s.busy || (mustAccept && !s.accepted)}
          onClick={() => void changeSets.apply(lang)}
          data-testid="cs-apply"
        >
          {t('changes.review.apply')}
        </Button>
      </Flex>
    ) : (
      <Flex gap={8} justify="flex-end">
        <Button onClick={changeSets.close} disabled={running} data-testid="cs-close">
          {t('common.close')}
        </Button>
      </Flex>
    );

  return (
    <Drawer
      open={s.open && !!cs}
      onClose={() => !running && changeSets.close()}
      width={phone ? '100%' : 820}
      title={
        cs ? (
          <Space size={6} wrap>
            <span>{t(cs.kind === 'create' ? 'changes.review.titleCreate' : 'changes.review.titleChange', { key: cs.entityKey })}</span>
            <Tag color={STATE_COLOR[cs.state]} data-testid="cs-state" data-state={cs.state} style={{ marginInlineEnd: 0 }}>
              {t(`changes.state.${cs.state}`)}
            </Tag>
          </Space>
        ) : null
      }
      footer={footer}
      destroyOnHidden
      styles={{ body: { paddingTop: 12 } }}
    >
      {cs ? (
        <div data-testid="cs-review" data-id={cs.id} data-kind={cs.kind}>
          {s.stage !== 'review' ? (
            <div data-testid="cs-progress">
              <Steps
                size="small"
                direction={phone ? 'vertical' : 'horizontal'}
                current={STEP[s.stage]}
                style={{ marginBottom: 16 }}
                items={[
                  { title: t('changes.progress.apply', { count: cs.sql.length }) },
                  { title: t('changes.progress.reload') },
                  { title: t('changes.progress.done') },
                ]}
              />
            </div>
          ) : null}
          {s.stage === 'done' ? (
            <div data-testid="cs-done">
              <Result
                status="success"
                style={{ padding: '8px 0 16px' }}
                title={t(cs.kind === 'create' ? 'changes.progress.doneCreate' : 'changes.progress.doneTitle', { key: cs.entityKey })}
                subTitle={t('changes.progress.doneHint')}
                extra={
                  <Button
                    type="primary"
                    icon={<ExportOutlined />}
                    href={to}
                    onClick={(e) => {
                      e.preventDefault();
                      openScreen();
                    }}
                    data-testid="cs-open-screen"
                  >
                    {t('changes.progress.open')}
                  </Button>
                }
              />
            </div>
          ) : null}
          {s.error ? (
            <Alert
              type="error"
              showIcon
              closable
              style={{ marginBottom: 12 }}
              message={t(`helper.errors.${s.error.kind}`)}
              description={s.error.message}
              data-testid="cs-error"
            />
          ) : null}
          {draft ? (
            <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
              {t('changes.review.intro')}
            </Typography.Paragraph>
          ) : null}
          <Warnings cs={cs} />
          <Tabs
            size="small"
            items={[
              { key: 'diff', label: t('changes.tabs.diff'), children: <DiffView diff={cs.diff} /> },
              {
                key: 'sql',
                label: t('changes.tabs.sql', { count: cs.sql.length }),
                children: (
                  <>
                    <Typography.Paragraph type="secondary">{t('changes.sql.intro')}</Typography.Paragraph>
                    <SqlList statements={cs.sql} testId="cs-sql" />
                  </>
                ),
              },
              { key: 'access', label: t('changes.tabs.access'), children: <AccessChanges cs={cs} /> },
              {
                key: 'undo',
                label: t('changes.tabs.undo'),
                children: (
                  <>
                    <Typography.Paragraph type="secondary">{t('changes.sql.undoIntro')}</Typography.Paragraph>
                    <SqlList statements={cs.rollbackSql} testId="cs-rollback-sql" />
                  </>
                ),
              },
            ]}
          />
        </div>
      ) : null}
    </Drawer>
  );
}
