/**
 * What an applied create change set made: the entity is live (table, routes, permission keys and
 * menu, no restart), its API prefix, a button to its console screen and one to its fields and change
 * sets (where it can change again). The screen's address is the one the console gives the new menu
 * (app/menu-target.ts), read from the menus reloaded after the create; `/admin` + router when the
 * menu is not (yet) among them.
 */
import { Button, Descriptions, Result, Space, Typography } from 'antd';
import { CodeOutlined, ExportOutlined, HistoryOutlined, PlusOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { useAuth } from '../app/auth';
import { CONSOLE_BASE, menuPath } from '../app/menu-target';
import { useI18n } from '../i18n';
import type { Created } from './ai-code-store';

/** The console address of the screen of `router` (`/demo/note` -> `/admin/demo/note`). */
export function screenPath(menus: ReturnType<typeof useAuth>['menus'], router: string): string {
  const menu = menus.find((m) => m.type === 1 && m.router === router);
  return menu ? menuPath(menu) : `${CONSOLE_BASE}${router}`;
}

export default function CreateResult(props: { result: Created; onShowCode: () => void; onAnother: () => void; onEntity: () => void }) {
  const { result, onShowCode, onAnother, onEntity } = props;
  const { t } = useI18n();
  const { menus } = useAuth();
  const navigate = useNavigate();
  const to = screenPath(menus, result.router);
  return (
    <div data-testid="code-result">
      <Result
        status="success"
        title={t('helper.result.title', { key: result.key })}
        subTitle={t('helper.result.subtitle')}
        extra={
          <Space wrap style={{ justifyContent: 'center' }}>
            <Button
              type="primary"
              icon={<ExportOutlined />}
              href={to}
              onClick={(e) => {
                e.preventDefault();
                navigate(to);
              }}
              data-testid="code-open-screen"
            >
              {t('helper.result.open')}
            </Button>
            <Button icon={<CodeOutlined />} onClick={onShowCode} data-testid="code-result-source">
              {t('helper.result.code')}
            </Button>
            <Button icon={<HistoryOutlined />} onClick={onEntity} data-testid="code-result-entity">
              {t('changes.entity.fieldsAndHistory')}
            </Button>
            <Button icon={<PlusOutlined />} onClick={onAnother} data-testid="code-another">
              {t('helper.result.another')}
            </Button>
          </Space>
        }
      >
        <Descriptions size="small" column={1} bordered styles={{ label: { width: 120 } }}>
          <Descriptions.Item label={t('helper.result.api')}>
            <Typography.Text code>{result.prefix || '-' /* i18n-ok: no prefix known */}</Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('helper.result.screen')}>
            <Typography.Link
              href={to}
              onClick={(e) => {
                e.preventDefault();
                navigate(to);
              }}
            >
              {to}
            </Typography.Link>
          </Descriptions.Item>
        </Descriptions>
      </Result>
    </div>
  );
}
