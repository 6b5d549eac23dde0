import { afterEach, describe, expect, it, vi } from 'vitest';
import { createProgress, trickleStep, underProgress, type ProgressState } from '../../web/src/lib/progress';

afterEach(() => {
  vi.useRealTimers();
});

function fakeTimersProgress() {
  vi.useFakeTimers();
  const p = createProgress({
    timers: {
      setInterval: (fn, ms) => setInterval(fn, ms),
      clearInterval: (h) => clearInterval(h as ReturnType<typeof setInterval>),
      setTimeout: (fn, ms) => setTimeout(fn, ms),
      clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
    },
  });
  const seen: ProgressState[] = [];
  p.subscribe((s) => seen.push(s));
  return { p, seen };
}

describe('progress', () => {
  it('starts at the minimum 0.1, trickles every 200 ms and finishes when the count returns to 0', () => {
    const { p } = fakeTimersProgress();
    expect(p.state()).toEqual({ count: 0, active: false, value: 0 });
    expect(p.start('/admin/base/sys/user/page')).toBe(true);
    expect(p.state()).toEqual({ count: 1, active: true, value: 0.1 });
    vi.advanceTimersByTime(199);
    expect(p.state().value).toBe(0.1);
    vi.advanceTimersByTime(1);
    expect(p.state().value).toBeCloseTo(0.2);
    p.start('/b');
    expect(p.state().count).toBe(2);
    vi.advanceTimersByTime(200);
    expect(p.state().value).toBeCloseTo(0.24);
    p.done('/b');
    expect(p.state()).toMatchObject({ count: 1, active: true });
    p.done('/admin/base/sys/user/page');
    expect(p.state()).toEqual({ count: 0, active: false, value: 1 });
    // No trickle after finishing.
    vi.advanceTimersByTime(1000);
    expect(p.state().value).toBe(1);
    // The count never goes below zero.
    p.done('/c');
    expect(p.state().count).toBe(0);
    p.dispose();
  });

  it('never reaches 1 while trickling', () => {
    const { p } = fakeTimersProgress();
    p.start('/a');
    vi.advanceTimersByTime(200 * 1000);
    expect(p.state().value).toBeLessThan(1);
    expect(p.state().value).toBeGreaterThan(0.98);
    expect(trickleStep(0.995)).toBe(0);
    p.dispose();
  });

  it('skips paths starting with /work', () => {
    const { p, seen } = fakeTimersProgress();
    expect(p.start('/work/chat/messageList')).toBe(false);
    expect(p.start('/workbench')).toBe(false);
    expect(p.state()).toEqual({ count: 0, active: false, value: 0 });
    p.done('/work/chat/messageList');
    expect(seen).toEqual([]);
    p.start('/a');
    p.done('/work/x'); // a skipped path does not decrement
    expect(p.state().count).toBe(1);
    p.dispose();
  });

  it('counts requests by the page they are made from: none from /workbench or /workflow_store, any from the console', async () => {
    const { p } = fakeTimersProgress();
    let during: ProgressState | null = null;
    const call = (page: string) =>
      underProgress(p, page, async () => {
        during = p.state();
        return 'ok';
      });
    expect(await call('/workbench')).toBe('ok');
    expect(during).toMatchObject({ count: 0, active: false });
    await call('/workflow_store');
    expect(during).toMatchObject({ count: 0, active: false });
    await call('/admin/base/sys/user');
    expect(during).toMatchObject({ count: 1, active: true });
    expect(p.state()).toMatchObject({ count: 0, active: false, value: 1 });
    await expect(
      underProgress(p, '/admin/x', async () => {
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(p.state().count).toBe(0);
    p.dispose();
  });

  it('finish() completes the bar and resets the count (route change, window error, unhandled rejection)', () => {
    const { p } = fakeTimersProgress();
    p.start('/a');
    p.start('/b');
    p.finish();
    expect(p.state()).toEqual({ count: 0, active: false, value: 1 });
    p.start('/c');
    expect(p.state()).toEqual({ count: 1, active: true, value: 0.1 });
    p.dispose();
  });

  it('finishes one second after mount', () => {
    const { p } = fakeTimersProgress();
    p.start('/a');
    p.mounted();
    vi.advanceTimersByTime(999);
    expect(p.state().active).toBe(true);
    vi.advanceTimersByTime(1);
    expect(p.state()).toMatchObject({ count: 0, active: false, value: 1 });
    p.dispose();
  });
});
