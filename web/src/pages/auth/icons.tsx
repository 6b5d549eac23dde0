/**
 * Line icons of the sign-in page, drawn here so the page needs neither antd nor its icon set: 1em
 * square, the text's colour, 1.8 px strokes on a 24 px grid.
 */
import type { ReactNode, SVGProps } from 'react';

function Icon({ children, ...rest }: SVGProps<SVGSVGElement> & { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      {children}
    </svg>
  );
}

export const UserIcon = () => (
  <Icon>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" />
  </Icon>
);

export const LockIcon = () => (
  <Icon>
    <rect x="5" y="10.5" width="14" height="10" rx="2" />
    <path d="M8 10.5V7.5a4 4 0 0 1 8 0v3" />
    <path d="M12 14.5v2.5" />
  </Icon>
);

export const ShieldIcon = () => (
  <Icon>
    <path d="M12 3l7 3v5.5c0 4.3-3 8-7 9.5-4-1.5-7-5.2-7-9.5V6z" />
    <path d="M9 12l2 2 4-4" />
  </Icon>
);

export const MailIcon = () => (
  <Icon>
    <rect x="3" y="5.5" width="18" height="13" rx="2" />
    <path d="M3.5 7l8.5 6 8.5-6" />
  </Icon>
);

export const ReloadIcon = () => (
  <Icon>
    <path d="M20 12a8 8 0 1 1-2.3-5.7" />
    <path d="M20 4v4.5h-4.5" />
  </Icon>
);

export const EyeIcon = () => (
  <Icon>
    <path d="M2.5 12S6 5.5 12 5.5 21.5 12 21.5 12 18 18.5 12 18.5 2.5 12 2.5 12z" />
    <circle cx="12" cy="12" r="3" />
  </Icon>
);

export const EyeOffIcon = () => (
  <Icon>
    <path d="M4 4l16 16" />
    <path d="M10 5.7c.6-.1 1.3-.2 2-.2 6 0 9.5 6.5 9.5 6.5a16 16 0 0 1-3 3.8M6.6 6.9C3.9 8.7 2.5 12 2.5 12S6 18.5 12 18.5c1.6 0 3-.4 4.2-1" />
    <path d="M9.9 9.9a3 3 0 0 0 4.2 4.2" />
  </Icon>
);

export const LanguageIcon = () => (
  <Icon>
    <path d="M3 5h10M8 3v2M5 5c.8 3.5 3.2 6.2 6.5 7.5M11 5c-.8 3.8-3.6 7-7.5 8.5" />
    <path d="M12.5 21l4-10 4 10M14 17.5h5" />
  </Icon>
);

export const PaletteIcon = () => (
  <Icon>
    <path d="M12 3a9 9 0 1 0 0 18c1.1 0 1.8-.8 1.8-1.7 0-.5-.2-.9-.5-1.2-.3-.3-.5-.7-.5-1.2 0-.9.8-1.7 1.7-1.7H17a4 4 0 0 0 4-4C21 6.6 17 3 12 3z" />
    <circle cx="7.5" cy="11" r="1.2" fill="currentColor" stroke="none" />
    <circle cx="10.5" cy="7" r="1.2" fill="currentColor" stroke="none" />
    <circle cx="15.5" cy="7.5" r="1.2" fill="currentColor" stroke="none" />
  </Icon>
);

export const CheckIcon = () => (
  <Icon strokeWidth={2.4}>
    <path d="M5 12.5l4.5 4.5L19 7.5" />
  </Icon>
);

/** Google's mark as a four-colour ring. */
export const GoogleIcon = () => (
  <Icon strokeWidth={3} strokeLinecap="butt">
    <path d="M19.6 10.5H12v3.2h4.4" stroke="#4285F4" />
    <path d="M19.6 10.5A8 8 0 0 1 16.9 18.4" stroke="#4285F4" />
    <path d="M16.9 18.4A8 8 0 0 1 5.3 16.3" stroke="#34A853" />
    <path d="M5.3 16.3A8 8 0 0 1 5.3 7.7" stroke="#FBBC05" />
    <path d="M5.3 7.7A8 8 0 0 1 17.5 6.2" stroke="#EA4335" />
  </Icon>
);

/** Discord's colour: a rounded head with two eyes. */
export const DiscordIcon = () => (
  <Icon stroke="#5865F2" fill="#5865F2" strokeWidth={1}>
    <path d="M6.5 6.5C8 5.8 9.5 5.4 11 5.3l.4.8h1.2l.4-.8c1.5.1 3 .5 4.5 1.2 1.8 2.8 2.6 5.9 2.4 9.3-1.5 1.1-3.1 1.9-4.8 2.3l-.9-1.5c-1.5.3-3.1.3-4.6 0L8.7 18c-1.7-.4-3.3-1.2-4.8-2.3-.2-3.4.6-6.5 2.6-9.2z" />
    <circle cx="9.3" cy="12.3" r="1.5" fill="#fff" stroke="none" />
    <circle cx="14.7" cy="12.3" r="1.5" fill="#fff" stroke="none" />
  </Icon>
);

/** A turning ring: a button's or a captcha's wait. */
export const Spinner = () => <span className="lf-spin" aria-hidden="true" />;
