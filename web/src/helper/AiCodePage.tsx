/**
 * /helper/ai-code (000 §2, issue 21): the AI code helper. The module tree on the left, the new
 * entity's form on the right (a segmented switch between the two on a phone), the code and field
 * previews in dialogs. A create, and any change of a helper-made entity picked in the tree, is a
 * change set reviewed in a drawer before it is applied, then the result with a way to the
 * console screen; a picked entity shows its fields and its change sets on the right.
 *
 * A top-level page like /space/list, guarded as the console is (router rule 3): only users the
 * console admits reach it, and only with the coding permission keys (administrators hold every
 * key); others get the 404 and 403 pages. Kept alive when left: its state lives in
 * ai-code-store.ts, not in the components. Its own lazy chunk (router.tsx imports it on demand).
 */
import { useEffect } from 'react';
import { Button, Card, Col, Grid, Layout, Row, Segmented, Typography, theme } from 'antd';
import { ArrowLeftOutlined, ApartmentOutlined, FormOutlined } from '@ant-design/icons';
import { Navigate, useNavigate } from 'react-router-dom';
import { can, useAuth } from '../app/auth';
import { canEnterConsole } from '../lib/router-rules';
import LangSwitch from '../components/LangSwitch';
import ThemeSwitch from '../components/ThemeSwitch';
import { useI18n } from '../i18n';
import '../i18n/helper-texts';
import { aiCode, loadTree, useAiCode } from './ai-code-store';
import { changeSets, useChangeSets } from './change-sets-store';
import ChangeSetReview from './ChangeSetReview';
import CodeDialog from './CodeDialog';
import CodeForm from './CodeForm';
import CreateResult from './CreateResult';
import EntityPanel from './EntityPanel';
import FieldsDialog from './FieldsDialog';
import ModuleTree from './ModuleTree';

export const CODING_PERMS = ['base:coding:getModuleTree', 'base:coding:createCode', 'base:coding:preview', 'base:coding:apply'];

export default function AiCodePage() {
  const { t, lang } = useI18n();
  const auth = useAuth();
  const navigate = useNavigate();
  const { token } = theme.useToken();
  const phone = !Grid.useBreakpoint().md;
  const s = useAiCode();
  const cs = useChangeSets();
  const admitted = canEnterConsole(auth.user, auth.consoleRoleIds);
  const allowed = admitted && can({ and: CODING_PERMS });
  // The form's module list needs the tree even while the phone shows the form only.
  useEffect(() => {
    if (allowed) void loadTree();
  }, [allowed]);

  if (!admitted) return <Navigate to="/404" replace />;
  if (!allowed) return <Navigate to="/403" replace />;

  const back = () => (window.history.length > 1 ? navigate(-1) : navigate('/admin'));
  const tree = (
    // On a phone the segmented switch above names the two panes.
    <Card title={phone ? null : t('helper.tree.title')} size="small" styles={{ body: { padding: 12 } }}>
      <ModuleTree maxHeight={phone ? undefined : 'calc(100vh - 250px)'} />
    </Card>
  );
  const form = (
    <Card title={cs.entity || s.result || phone ? null : t('helper.form.title')} size="small" styles={{ body: { padding: phone ? 12 : 20 } }}>
      {cs.entity ? (
        <EntityPanel entityKey={cs.entity} />
      ) : s.result ? (
        <CreateResult
          result={s.result}
          onShowCode={() => aiCode.dialog('code')}
          onAnother={aiCode.startOver}
          onEntity={() => changeSets.openEntity(s.result!.key, lang)}
        />
      ) : (
        <CodeForm />
      )}
    </Card>
  );

  return (
    <Layout style={{ minHeight: '100vh', background: token.colorBgLayout }} data-testid="ai-code-page">
      <div
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: 8,
          padding: phone ? '8px 12px' : '12px 24px',
          background: token.colorBgContainer,
          borderBottom: `1px solid ${token.colorBorderSecondary}`,
        }}
      >
        <Button type="link" icon={<ArrowLeftOutlined />} onClick={back} style={{ paddingLeft: 0 }} aria-label={t('common.back')}>
          {phone ? null : t('common.back')}
        </Button>
        <div style={{ flex: 1, minWidth: 0 }}>
          <Typography.Title level={4} style={{ margin: 0 }} ellipsis>
            {t('helper.title')}
          </Typography.Title>
          {phone ? null : (
            <Typography.Text type="secondary" style={{ fontSize: 13 }}>
              {t('helper.subtitle')}
            </Typography.Text>
          )}
        </div>
        <LangSwitch />
        <ThemeSwitch />
      </div>
      <div style={{ padding: phone ? 12 : 24 }} lang={lang}>
        {phone ? (
          <>
            <Segmented
              block
              value={s.pane}
              onChange={(v) => aiCode.pane(v as 'tree' | 'form')}
              options={[
                { value: 'tree', label: t('helper.pane.tree'), icon: <ApartmentOutlined /> },
                { value: 'form', label: cs.entity ? t('changes.entity.pane') : t('helper.pane.form'), icon: <FormOutlined /> },
              ]}
              style={{ marginBottom: 12 }}
              data-testid="code-pane"
            />
            {s.pane === 'tree' ? tree : form}
          </>
        ) : (
          <Row gutter={24} wrap={false}>
            <Col flex="340px" style={{ minWidth: 0 }}>
              <div style={{ position: 'sticky', top: 24 }}>{tree}</div>
            </Col>
            <Col flex="auto" style={{ minWidth: 0 }}>
              {form}
            </Col>
          </Row>
        )}
      </div>
      <CodeDialog answer={s.preview} open={s.dialog === 'code'} onClose={() => aiCode.dialog(null)} />
      <ChangeSetReview />
      <FieldsDialog answer={s.proposal} open={s.dialog === 'fields'} onClose={() => aiCode.dialog(null)} onTake={() => aiCode.takeProposal(lang)} />
    </Layout>
  );
}
