import { useState } from 'react';
import { Button } from 'antd';
import { DiscordFilled, GoogleOutlined } from '@ant-design/icons';
import { useI18n } from '../../i18n';
import { calls, type OAuthProvider } from './session-calls';

/** The providers in `providers` (those the server has configured): oauth1 gives the provider's address and the browser goes there. */
export default function OAuthButtons({ providers }: { providers: readonly OAuthProvider[] }) {
  const { t } = useI18n();
  const [busy, setBusy] = useState<OAuthProvider | null>(null);
  const start = async (provider: OAuthProvider) => {
    setBusy(provider);
    try {
      const { url } = await calls.oauthStart(provider);
      window.location.assign(url);
    } catch {
      setBusy(null);
    }
  };
  return (
    <div className="auth-oauth">
      {providers.includes('google') && (
        <Button icon={<GoogleOutlined />} loading={busy === 'google'} disabled={busy !== null} onClick={() => void start('google')} data-testid="login-google">
          {t('auth.google')}
        </Button>
      )}
      {providers.includes('discord') && (
        <Button
          icon={<DiscordFilled style={{ color: '#5865F2' }} />}
          loading={busy === 'discord'}
          disabled={busy !== null}
          onClick={() => void start('discord')}
          data-testid="login-discord"
        >
          {t('auth.discord')}
        </Button>
      )}
    </div>
  );
}
