import { describe, expect, it } from 'vitest';
import { submitOnce } from '../../web/src/workspace/board/ai-submit';

/** Ports that record what the submit did; `send` waits until released. */
function ports(o: { invalid?: boolean; refuse?: unknown } = {}) {
  const seen = { sent: [] as string[], refused: [] as unknown[], busy: [] as boolean[] };
  let release = () => undefined as void;
  const sending = new Promise<void>((r) => (release = r));
  const submit = submitOnce<string, string>({
    validate: async (arg) => {
      if (o.invalid) throw { errorFields: [{ name: ['nickName'], errors: ['required'] }] };
      return arg;
    },
    send: async (v) => {
      seen.sent.push(v);
      await sending;
      if (o.refuse) throw o.refuse;
    },
    refused: (e) => void seen.refused.push(e),
    busy: (on) => void seen.busy.push(on),
  });
  return { seen, submit, release };
}

describe("the AI member dialogs' submit", () => {
  it('sends once when pressed again while the first send runs, busy until it ends', async () => {
    const { seen, submit, release } = ports();
    const first = submit('a');
    const second = submit('b');
    await second;
    expect(seen.busy).toEqual([true]);
    release();
    await first;
    expect(seen.sent).toEqual(['a']);
    expect(seen.busy).toEqual([true, false]);
    await submit('c');
    expect(seen.sent).toEqual(['a', 'c']);
  });

  it('sends nothing and settles when the form does not validate', async () => {
    const { seen, submit } = ports({ invalid: true });
    await expect(submit('a')).resolves.toBeUndefined();
    expect(seen).toEqual({ sent: [], refused: [], busy: [true, false] });
  });

  it('hands a refusal to `refused` and takes the next press', async () => {
    const refusal = new Error('config.cost must be at most 100');
    const { seen, submit, release } = ports({ refuse: refusal });
    release();
    await expect(submit('a')).resolves.toBeUndefined();
    expect(seen.refused).toEqual([refusal]);
    await submit('b');
    expect(seen.sent).toEqual(['a', 'b']);
    expect(seen.busy).toEqual([true, false, true, false]);
  });
});
