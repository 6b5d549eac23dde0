import { useState } from 'react';
import { useI18n } from '../../i18n';
import { calls, type OAuthProvider } from './session-calls';
import { Btn } from './light-form';
import { DiscordIcon, GoogleIcon } from './icons';

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
        <Btn
          icon={<GoogleIcon />}
          busy={busy === 'google'}
          disabled={busy !== null && busy !== 'google'}
          onClick={() => void start('google')}
          data-testid="login-google"
        >
          {t('auth.google')}
        </Btn>
      )}
      {providers.includes('discord') && (
        <Btn
          icon={<DiscordIcon />}
          busy={busy === 'discord'}
          disabled={busy !== null && busy !== 'discord'}
          onClick={() => void start('discord')}
          data-testid="login-discord"
        >
          {t('auth.discord')}
        </Btn>
      )}
    </div>
  );
}
