import { Button } from 'antd';
import { useSendCode } from './use-send-code';

/**
 * "Send code" with the 60 s wait before the next one, in antd's forms (registration, reset). Disabled
 * while the e-mail is not well-formed (000 §5 shows no message for it).
 */
export default function SendCodeButton({
  enabled,
  send,
  testId,
  initialWait = 0,
}: {
  enabled: boolean;
  send: () => Promise<unknown>;
  testId?: string;
  /** Seconds to wait at first (a code was just sent elsewhere). */
  initialWait?: number;
}) {
  const code = useSendCode(send, initialWait);
  return (
    <Button onClick={() => void code.click()} disabled={!enabled || code.left > 0} loading={code.busy} data-testid={testId} style={{ minWidth: 120 }}>
      {code.text}
    </Button>
  );
}
