/** What a run costs before it starts, why a start was refused, and the texts runs share. */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../web/src/lib/http';
import { appDescription, avatarUrl, canAfford, isAsyncApp, isMeteredApp, runCost, type PublicApp } from '../../web/src/workspace/apps/app-cost';
import { answerText, appName, costLabel, failureText, savedTimeText } from '../../web/src/workspace/apps/app-format';
import { receiptRunOf } from '../../web/src/workspace/apps/run-stream-model';
import { refusalOf } from '../../web/src/workspace/apps/run-refusal';
import { runCostUnits } from '../../server/modules/ai/charge';

/** A t() that shows the key and its values, so the tests read which text was chosen. */
const t = ((key: string, values?: Record<string, unknown>) => (values ? `${key} ${JSON.stringify(values)}` : key)) as never;

const app = (p: Partial<PublicApp>): PublicApp => ({ id: 1, name: 'Writer', isAsync: 0, tokens: 2, ...p });

describe('the cost of a run', () => {
  it('is the app’s tokens times both efficiency coefficients, rounded up to a ten-thousandth', () => {
    expect(runCost({ tokens: 2 })).toBe(2);
    expect(runCost({ tokens: '1.5', efficiencyCoefficient: 1.1 }, 1)).toBe(1.65);
    expect(runCost({ tokens: 1, efficiencyCoefficient: 0.5 }, 0.5)).toBe(0.25);
    expect(runCost({ tokens: 1 }, 1 / 3)).toBe(0.3334);
    expect(runCost({ tokens: 0 })).toBe(0);
    expect(runCost({ tokens: 'x' })).toBe(0);
  });

  it('reads absent coefficients as 1 and negative ones as 0', () => {
    expect(runCost({ tokens: 3, efficiencyCoefficient: null }, undefined)).toBe(3);
    expect(runCost({ tokens: 3, efficiencyCoefficient: '' }, '')).toBe(3);
    expect(runCost({ tokens: 3 }, -2)).toBe(0);
  });

  it('is the figure the server charges', () => {
    const cases: Array<[unknown, unknown, unknown]> = [
      [2, 1, 1],
      ['1.5', 1.1, 1],
      [1, 1, 1 / 3],
      [7.25, 0.7, 1.3],
      [0.0001, 0.5, 1],
      [12, null, 0.9],
    ];
    for (const [tokens, appCoefficient, memberCoefficient] of cases) {
      expect(runCost({ tokens: tokens as number, efficiencyCoefficient: appCoefficient as number }, memberCoefficient)).toBe(
        runCostUnits(tokens, appCoefficient, memberCoefficient) / 10_000,
      );
    }
  });

  it('is affordable when the balance covers it; an unknown balance is left to the server', () => {
    expect(canAfford(2, 2)).toBe(true);
    expect(canAfford(2, '1.9999')).toBe(false);
    expect(canAfford(0.3, '0.3000')).toBe(true);
    expect(canAfford(5, null)).toBe(true);
    expect(canAfford(5, 'n/a')).toBe(true);
  });
});

describe('apps as the catalogue gives them', () => {
  it('tell sync from async', () => {
    expect(isAsyncApp(app({ isAsync: 1 }))).toBe(true);
    expect(isAsyncApp(app({ isAsync: 0 }))).toBe(false);
  });

  it('describe themselves by config.description, else the remark', () => {
    expect(appDescription(app({ config: { description: ' Writes posts ' }, remark: 'r' }))).toBe('Writes posts');
    expect(appDescription(app({ remark: ' r ' }))).toBe('r');
    expect(appDescription(app({}))).toBe('');
  });

  it('show an avatar only from http(s) or a path on the site', () => {
    expect(avatarUrl('https://cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png');
    expect(avatarUrl('/upload/a.png')).toBe('/upload/a.png');
    for (const bad of ['javascript:alert(1)', '//evil.example/a.png', 'data:image/png;base64,AA', '', '  ', 42, null]) expect(avatarUrl(bad)).toBeNull();
  });

  it('are named by the catalogue, else by their id', () => {
    expect(appName(t, app({ name: 'Writer' }), 1)).toBe('Writer');
    expect(appName(t, undefined, 12)).toBe('wsApps.chat.appName {"id":12}');
    expect(appName(t, undefined, null)).toBe('wsApps.chat.someApp');
  });
});

describe('a refused start', () => {
  const err = (code: number, status: number, message = 'm', data?: unknown) => new ApiError({ code, status, message, data });

  it('is told by kind, with the server’s own message', () => {
    expect(refusalOf(err(1001, 400, 'Not enough tokens: this run costs 5, your balance is 2'))).toEqual({
      kind: 'refused',
      message: 'Not enough tokens: this run costs 5, your balance is 2',
    });
    expect(refusalOf(err(1003, 503)).kind).toBe('unavailable');
    expect(refusalOf(err(1001, 429)).kind).toBe('tooFast');
    expect(refusalOf(err(1001, 404)).kind).toBe('gone');
    expect(refusalOf(err(0, 0, 'timeout')).kind).toBe('network');
    expect(refusalOf(err(1001, 502, 'engine down, refunded'))).toEqual({ kind: 'refused', message: 'engine down, refunded' });
    expect(refusalOf(new Error('boom'))).toEqual({ kind: 'other', message: 'boom' });
  });

  it('lists the fields of a validation error', () => {
    const r = refusalOf(err(1002, 400, 'invalid', [{ field: 'input.topic', rule: 'required', message: 'Required' }]));
    expect(r).toEqual({ kind: 'invalid', message: 'invalid', fields: [{ field: 'input.topic', message: 'Required' }] });
  });
});

describe('texts runs share', () => {
  it('say why a run failed from its error code, a generic reason for unknown codes', () => {
    expect(failureText(t, { runId: 1, error: 'timeout' })).toBe('wsApps.failure.timeout');
    expect(failureText(t, { runId: 1, error: 'rate_limited' })).toBe('wsApps.failure.rate_limited');
    expect(failureText(t, { runId: 1, error: 'something new' })).toBe('wsApps.failure.other');
    expect(failureText(t, 'not an object')).toBe('wsApps.failure.other');
  });

  it('write saved time in minutes, or hours and minutes', () => {
    expect(savedTimeText(t, 25.4)).toBe('wsApps.time.minutes {"minutes":25}');
    expect(savedTimeText(t, 185)).toBe('wsApps.time.hours {"hours":3,"minutes":5}');
    expect(savedTimeText(t, -3)).toBe('wsApps.time.minutes {"minutes":0}');
  });

  it('show an answer’s text, a workflow output’s text field, or its JSON', () => {
    expect(answerText('Hello')).toEqual({ text: 'Hello', raw: false });
    expect(answerText({ output: 'Done' })).toEqual({ text: 'Done', raw: false });
    expect(answerText({ text: 'T', output: 'O' })).toEqual({ text: 'T', raw: false });
    expect(answerText({ rows: [1] })).toEqual({ text: '{\n  "rows": [\n    1\n  ]\n}', raw: true });
    expect(answerText(null)).toEqual({ text: '', raw: false });
  });
});

describe('an app priced by use', () => {
  it('is pricing 1 only, and its tag says so rather than a fixed cost', () => {
    expect(isMeteredApp({ pricing: 1 })).toBe(true);
    expect([0, null, undefined, 2].map((pricing) => isMeteredApp({ pricing }))).toEqual([false, false, false, false]);
    expect(costLabel(t, 'en', app({ pricing: 1 }), 1)).toBe('wsApps.card.byUse');
    expect(costLabel(t, 'en', app({ tokens: 2 }), 1)).toBe('wsApps.card.cost {"cost":"2"}');
    expect(costLabel(t, 'en', app({ tokens: 0 }), 1)).toBe('wsApps.card.free');
  });
});

describe('the receipt link of a run message', () => {
  it('names the run of an answer or an error the reader paid, or an AI member’s reply', () => {
    expect(receiptRunOf({ type: 21, relateId: 7 }, true, false)).toBe(7);
    expect(receiptRunOf({ type: 22, relateId: '8' }, true, false)).toBe(8);
    expect(receiptRunOf({ type: 21, relateId: 9 }, false, true)).toBe(9);
  });

  it('is absent for another member’s app run, a request, or a message naming no run', () => {
    expect(receiptRunOf({ type: 21, relateId: 7 }, false, false)).toBe(0);
    expect(receiptRunOf({ type: 20, relateId: 7 }, true, false)).toBe(0);
    expect(receiptRunOf({ type: 22 }, false, true)).toBe(0);
    expect(receiptRunOf({ type: 0, relateId: 7 }, true, false)).toBe(0);
  });
});
