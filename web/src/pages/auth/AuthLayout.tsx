import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { LangSwitch, ThemeSwitch } from './AuthSwitches';
import { useSiteName } from '../../app/use-site';
import './auth.css';

/**
 * The frame of the sign-in family of pages: brand bar with language and theme switches, one centred
 * card. Plain elements, no antd: the sign-in page is drawn before antd is loaded (main.tsx), and the
 * registration and reset pages share the frame under antd's providers.
 */
export default function AuthLayout({
  title,
  subtitle,
  wide = false,
  children,
  testId,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  wide?: boolean;
  children: ReactNode;
  testId?: string;
}) {
  const site = useSiteName();
  return (
    <div className="auth-page" data-testid={testId}>
      <header className="auth-top">
        <Link to="/" className="auth-brand">
          <img src="/favicon.svg" alt={site} />
          <span>{site}</span>
        </Link>
        <div className="auth-switches">
          <LangSwitch />
          <ThemeSwitch />
        </div>
      </header>
      <main className="auth-main">
        <section className={wide ? 'auth-card auth-panel auth-card-wide' : 'auth-card auth-panel'}>
          <div className="auth-head">
            <h1>{title}</h1>
            {subtitle ? <span className="auth-sub auth-muted">{subtitle}</span> : null}
          </div>
          {children}
        </section>
      </main>
      <footer className="auth-foot">
        {'© '}
        {new Date().getFullYear()} {site}
      </footer>
    </div>
  );
}
