/**
 * A text box with its submit button, for a short text a member writes and sends: a comment, a
 * seller's remark. It keeps the text, counts it against `maxLength`, offers the button only when
 * `canSubmit(trimmed text)` holds, shows it loading while `onSubmit` runs and takes no second press
 * meanwhile. `onSubmit` gets the trimmed text and answers the text to show afterwards (`''` to clear
 * the box); when it throws, the text stays as typed (the http client has shown why).
 *
 *   <TextSubmit maxLength={1000} canSubmit={(s) => s !== ''} label={t('…')} submitLabel={t('…')}
 *     onSubmit={async (s) => { await send(s); return ''; }} inputTestId="comment-input" submitTestId="comment-send" />
 */
import { useRef, useState } from 'react';
import { Button, Input } from 'antd';
import './text-submit.css';

interface Props {
  /** The text the box starts with (a remark saved before); empty by default. */
  initial?: string;
  maxLength: number;
  canSubmit: (text: string) => boolean;
  onSubmit: (text: string) => Promise<string>;
  /** The box's accessible name. */
  label: string;
  /** Shown in the empty box; the label by default. */
  placeholder?: string;
  submitLabel: string;
  /** The button's side: start (under the box, left) or end (right). */
  align?: 'start' | 'end';
  primary?: boolean;
  className?: string;
  inputTestId: string;
  submitTestId: string;
}

export default function TextSubmit(p: Props) {
  const [text, setText] = useState(p.initial ?? '');
  const [busy, setBusy] = useState(false);
  const running = useRef(false);
  const trimmed = text.trim();

  const submit = async () => {
    if (running.current || !p.canSubmit(trimmed)) return;
    running.current = true;
    setBusy(true);
    try {
      setText(await p.onSubmit(trimmed));
    } catch {
      /* shown by the http client; the text stays to try again */
    } finally {
      running.current = false;
      setBusy(false);
    }
  };

  const classes = ['ui-text-submit', p.align === 'end' ? 'ui-text-submit-end' : '', p.className ?? ''].filter(Boolean).join(' ');
  return (
    <div className={classes}>
      <Input.TextArea
        value={text}
        onChange={(e) => setText(e.target.value)}
        maxLength={p.maxLength}
        showCount
        autoSize={{ minRows: 2, maxRows: 6 }}
        placeholder={p.placeholder ?? p.label}
        aria-label={p.label}
        data-testid={p.inputTestId}
      />
      <Button
        type={p.primary ? 'primary' : 'default'}
        loading={busy}
        disabled={!p.canSubmit(trimmed)}
        onClick={() => void submit()}
        data-testid={p.submitTestId}
      >
        {p.submitLabel}
      </Button>
    </div>
  );
}
