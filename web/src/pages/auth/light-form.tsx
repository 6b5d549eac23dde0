/**
 * The sign-in page's form parts, drawn without antd (main.tsx draws that page before antd is loaded):
 * a field with its icon and message, buttons, and the form state with its checks. They look like
 * antd's large inputs and buttons (auth.css, `lf-` classes) and follow its habits: a field's message
 * shows once the field was changed or a submit was tried, and a submit with a broken field calls
 * nothing.
 */
import { useCallback, useId, useState, type ButtonHTMLAttributes, type InputHTMLAttributes, type ReactNode } from 'react';
import { useI18n } from '../../i18n';
import { EyeIcon, EyeOffIcon, Spinner } from './icons';
import type { Check } from './rules';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'prefix' | 'onChange' | 'value'> {
  icon: ReactNode;
  value: string;
  onChange: (value: string) => void;
  /** The message under the field; '' marks it red without one; undefined: nothing wrong. */
  error?: string;
  /** A password: hidden, with a button that shows it. */
  secret?: boolean;
  /** Drawn beside the box, in the same row (the captcha's picture, the send-code button). */
  beside?: ReactNode;
  testId?: string;
}

export function Field({ icon, value, onChange, error, secret = false, beside, testId, type, ...input }: FieldProps) {
  const { t } = useI18n();
  const [shown, setShown] = useState(false);
  const messageId = useId();
  const box = (
    <span className={error === undefined ? 'lf-box' : 'lf-box lf-invalid'}>
      <span className="lf-icon">{icon}</span>
      <input
        {...input}
        type={secret && !shown ? 'password' : (type ?? 'text')}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error !== undefined || undefined}
        aria-describedby={error ? messageId : undefined}
        data-testid={testId}
      />
      {secret && (
        <button
          type="button"
          className="lf-eye"
          aria-label={t(shown ? 'auth.hidePassword' : 'auth.showPassword')}
          aria-pressed={shown}
          onClick={() => setShown((s) => !s)}
        >
          {shown ? <EyeIcon /> : <EyeOffIcon />}
        </button>
      )}
    </span>
  );
  return (
    <div className="lf-item">
      {beside ? (
        <div className="lf-row">
          {box}
          {beside}
        </div>
      ) : (
        box
      )}
      {error ? (
        <div id={messageId} className="lf-error" role="alert">
          {error}
        </div>
      ) : null}
    </div>
  );
}

interface BtnProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  primary?: boolean;
  block?: boolean;
  /** Working: a turning ring instead of the icon, and clicks do nothing. */
  busy?: boolean;
  icon?: ReactNode;
}

export function Btn({ primary = false, block = false, busy = false, icon, className, children, onClick, ...rest }: BtnProps) {
  const classes = ['lf-btn', primary ? 'lf-primary' : '', block ? 'lf-block' : '', busy ? 'lf-busy' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <button type="button" {...rest} className={classes} aria-busy={busy || undefined} onClick={busy ? (e) => e.preventDefault() : onClick}>
      {busy ? <Spinner /> : icon}
      {children !== undefined && <span>{children}</span>}
    </button>
  );
}

/**
 * A form's values and checks. `field(name)` gives a Field its value, change and message; `valid(names)`
 * shows the messages of those fields and says whether they all pass (the fields asked for at submit:
 * the captcha only while it is shown).
 */
export function useLightForm<K extends string>(checks: Partial<Record<K, Check>>, initial: Record<K, string>) {
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<ReadonlySet<K>>(() => new Set());
  const set = useCallback((name: K, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setTouched((s) => (s.has(name) ? s : new Set([...s, name])));
  }, []);
  const errorOf = (name: K) => (touched.has(name) ? checks[name]?.(values[name]) : undefined);
  const field = (name: K) => ({ value: values[name], onChange: (v: string) => set(name, v), error: errorOf(name) });
  const valid = (names: readonly K[]) => {
    setTouched((s) => new Set([...s, ...names]));
    return names.every((n) => checks[n]?.(values[n]) === undefined);
  };
  /** Sets a value without showing its check (the captcha emptied after a failed try). */
  const reset = useCallback((name: K, value = '') => {
    setValues((v) => ({ ...v, [name]: value }));
    setTouched((s) => {
      if (!s.has(name)) return s;
      const next = new Set(s);
      next.delete(name);
      return next;
    });
  }, []);
  return { values, field, valid, reset };
}
