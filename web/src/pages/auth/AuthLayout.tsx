import type { ReactNode } from 'react';
import { Space } from 'antd';
import { Link } from 'react-router-dom';
import LangSwitch from '../../components/LangSwitch';
import ThemeSwitch from '../../components/ThemeSwitch';
import { useSiteName } from '../../app/use-site';
import './auth.css';

/**
 * The frame of the sign-in family of pages: brand bar with language and theme switches, one centred
 * card. Plain elements rather than antd's Typography and Card: the first brings its editing and copying
 * parts (a text area, tooltips), the second antd's Tabs with their overflow menu, all unused here.
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
        <Space size={4}>
          <LangSwitch />
          <ThemeSwitch />
        </Space>
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
