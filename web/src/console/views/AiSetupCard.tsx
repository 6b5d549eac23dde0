/**
 * The console's first-start card (issue 39): while no model can answer apps, an administrator who
 * may add providers is told so on the dashboard and led to the providers screen. Gone once a
 * provider with an enabled model exists (the readiness call answers from the server's registry).
 */
import { useEffect, useState } from 'react';
import { Alert, Button } from 'antd';
import { RobotOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';
import { calls } from '../../app/data';
import { useCan } from '../../app/auth';
import { useI18n } from '../../i18n';
import { CONSOLE_BASE } from '../../app/menu-target';

/** The providers screen's route, as the menus seed it (`/<module>/<entity>`). */
const PROVIDERS = `${CONSOLE_BASE}/ai/provider`;

export default function AiSetupCard() {
  const { t } = useI18n();
  const can = useCan();
  const navigate = useNavigate();
  const allowed = can('ai:provider:add');
  const [ready, setReady] = useState<boolean | null>(null);

  useEffect(() => {
    if (!allowed) return;
    let live = true;
    calls.base.app.ready().then(
      (r) => live && setReady(r.chat),
      // Unknown is not "not set up": a failed check shows nothing rather than a wrong card.
      () => live && setReady(true),
    );
    return () => {
      live = false;
    };
  }, [allowed]);

  if (!allowed || ready !== false) return null;
  return (
    <Alert
      data-testid="ai-setup-card"
      type="info"
      showIcon
      icon={<RobotOutlined />}
      style={{ marginBottom: 16 }}
      message={t('viewsSystem.dashboard.aiSetupTitle')}
      description={t('viewsSystem.dashboard.aiSetupText')}
      action={
        <Button type="primary" onClick={() => navigate(PROVIDERS)} data-testid="ai-setup-go">
          {t('viewsSystem.dashboard.aiSetupGo')}
        </Button>
      }
    />
  );
}
