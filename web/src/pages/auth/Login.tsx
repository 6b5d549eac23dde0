import { useCallback } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { safeRedirect } from '../../lib/router-rules';
import { useI18n } from '../../i18n';
import { signedIn } from '../../app/auth';
import { useSiteName } from '../../app/use-site';
import { useOAuthProviders } from '../../app/use-oauth-providers';
import type { TokenPair } from '../../lib/session';
import AuthLayout from './AuthLayout';
import AuthTabs from './AuthTabs';
import PasswordLoginForm from './PasswordLoginForm';
import EmailLoginForm from './EmailLoginForm';
import OAuthButtons from './OAuthButtons';
import { useOAuthReturn } from './use-oauth-return';
import { Spinner } from './icons';
import { loadFullApp } from '../../app/full-app-loader';
import { preloadPage } from '../../app/pages';
import '../../i18n/auth-texts';

/**
 * Sign in: username + password + image captcha, an e-mail code, or Google / Discord when the server
 * has them configured. `console` (the /admin/login route) offers neither OAuth nor sign-up (an
 * administrator's account is made by an administrator) and goes to the console afterwards, else to the workbench, unless the page
 * was opened with a `redirect` back to where the visitor was sent from (router rule 1; checked by
 * `safeRedirect`: a path of this site only); the router guard then applies the registration rule
 * when the nickname is missing. Drawn without antd (main.tsx); once the visitor starts filling the
 * form, the code of the page after it (antd's app and the console or the workbench) is fetched ahead.
 */
export default function Login({ console: isConsole = false }: { console?: boolean }) {
  const { t } = useI18n();
  const site = useSiteName();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const back = safeRedirect(search.get('redirect'));

  const done = useCallback(
    async (pair: TokenPair) => {
      await signedIn({ token: pair.token, expire: pair.expire, refreshToken: pair.refreshToken, refreshExpire: pair.refreshExpire });
      navigate(back ?? (isConsole ? '/admin' : '/workbench'), { replace: true });
    },
    [back, isConsole, navigate],
  );
  const working = useOAuthReturn(done);
  const ahead = useCallback(() => {
    loadFullApp().catch(() => undefined);
    preloadPage(back ?? (isConsole ? '/admin' : '/workbench'));
  }, [back, isConsole]);
  const configured = useOAuthProviders();
  const providers = isConsole ? [] : configured;

  return (
    <AuthLayout
      title={isConsole ? t('auth.consoleTitle') : t('auth.title')}
      subtitle={isConsole ? t('auth.consoleWelcome', { name: site }) : t('auth.welcome')}
      testId="login-page"
    >
      {working ? (
        <div style={{ textAlign: 'center', padding: '32px 0' }}>
          <Spinner />
          <p className="auth-muted" style={{ marginTop: 12 }}>
            {t('auth.oauthWorking')}
          </p>
        </div>
      ) : (
        <>
          <AuthTabs
            items={[
              { key: 'password', label: t('auth.tabs.password'), children: <PasswordLoginForm onSignedIn={done} onStart={ahead} /> },
              { key: 'email', label: t('auth.tabs.email'), children: <EmailLoginForm onSignedIn={done} onStart={ahead} /> },
            ]}
          />
          {providers.length > 0 && (
            <>
              <div className="auth-divider" role="separator">
                <span className="auth-muted">{t('auth.or')}</span>
              </div>
              <OAuthButtons providers={providers} />
            </>
          )}
          <div className="auth-links" style={{ marginTop: 20 }}>
            {isConsole ? (
              <span />
            ) : (
              <span>
                <span className="auth-muted">{t('auth.noAccount')} </span>
                <Link to="/register" data-testid="login-to-register">
                  {t('auth.toRegister')}
                </Link>
              </span>
            )}
            <Link to="/reset-password" data-testid="login-to-reset">
              {t('auth.forgot')}
            </Link>
          </div>
        </>
      )}
    </AuthLayout>
  );
}
