/**
 * `/demo/test/route/:id/:name?` ("Demo with a dynamic route"): shows the route's params (`id`, the
 * optional `name`) and the query string, with links to other ids and names (a name in another
 * script included, to show the decoding); following one renders the page with the new params.
 */
import { Card, Descriptions, Typography } from 'antd';
import { Link, useLocation, useParams } from 'react-router-dom';
import { useI18n } from '../../i18n';
import WorkspaceLayout from '../WorkspaceLayout';
import { DEMO_LINKS, demoLabel, demoPath } from '../social/demo-links';
import '../social/social.css';
import '../../i18n/workspace-texts';

function DemoBody() {
  const { t } = useI18n();
  const { id = '', name } = useParams();
  const { search } = useLocation();
  const query = [...new URLSearchParams(search).entries()];

  return (
    <div className="soc-page" data-testid="demo-route">
      <Card size="small" title={t('wsSocial.demo.title')}>
        <Typography.Paragraph type="secondary">{t('wsSocial.demo.intro')}</Typography.Paragraph>
        <Descriptions bordered size="small" column={1}>
          <Descriptions.Item label={t('wsSocial.demo.id')}>
            <span className="soc-mono" data-testid="demo-id">
              {id}
            </span>
          </Descriptions.Item>
          <Descriptions.Item label={t('wsSocial.demo.name')}>
            <span className="soc-mono" data-testid="demo-name">
              {name ?? t('wsSocial.demo.noName')}
            </span>
          </Descriptions.Item>
          <Descriptions.Item label={t('wsSocial.demo.query')}>
            <span className="soc-mono" data-testid="demo-query">
              {query.length ? query.map(([k, v]) => `${k} = ${v}`).join(', ') : t('wsSocial.demo.noQuery')}
            </span>
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card size="small" title={t('wsSocial.demo.try')}>
        <div className="soc-chips">
          {DEMO_LINKS.map((l) => (
            <Link key={demoPath(l)} to={demoPath(l)} className="soc-mono" data-testid="demo-link">
              {demoLabel(l)}
            </Link>
          ))}
        </div>
      </Card>
    </div>
  );
}

export default function DemoRoute() {
  return (
    <WorkspaceLayout>
      <DemoBody />
    </WorkspaceLayout>
  );
}
