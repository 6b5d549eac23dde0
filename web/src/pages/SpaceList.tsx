/** /space/list: the file space as a page of its own, outside the console shell. */
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Card, Grid, Layout, Typography, theme } from 'antd';
import { useNavigate } from 'react-router-dom';
import { SpaceBrowser } from '../components/space';
import LangSwitch from '../components/LangSwitch';
import { useI18n } from '../i18n';
import ProIntl from '../components/ProIntl';
import '../i18n/console-texts';

export default function SpaceList() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const { token } = theme.useToken();
  const pad = Grid.useBreakpoint().md ? 24 : 12;
  const back = () => (window.history.length > 1 ? navigate(-1) : navigate('/'));
  return (
    <Layout style={{ minHeight: '100vh', background: token.colorBgLayout }}>
      <div
        style={{
          display: 'flex',
          alignItems: 'center',
          gap: 12,
          padding: `12px ${pad}px`,
          background: token.colorBgContainer,
          borderBottom: `1px solid ${token.colorBorderSecondary}`,
        }}
      >
        <Button type="link" icon={<ArrowLeftOutlined />} onClick={back} data-testid="space-back" style={{ paddingLeft: 0 }}>
          {t('common.back')}
        </Button>
        <Typography.Title level={4} ellipsis style={{ margin: 0, flex: 1, minWidth: 0 }}>
          {t('viewsData.space.title')}
        </Typography.Title>
        <LangSwitch />
      </div>
      <div style={{ padding: pad }}>
        <Card styles={{ body: { padding: pad === 24 ? 16 : 12 } }}>
          <ProIntl>
            <SpaceBrowser gridHeight="calc(100vh - 230px)" />
          </ProIntl>
        </Card>
      </div>
    </Layout>
  );
}
