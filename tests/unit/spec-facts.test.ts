/** Each default, length and enum that spec 001 §3, §5 and §9 state, checked against the normalized declarations. */
import { describe, expect, it } from 'vitest';
import { loadModel } from '../../server/core/entity/load';
import { baseFacts } from '../fixtures/spec-facts.base';
import { otherFacts } from '../fixtures/spec-facts.other';

const model = await loadModel();
const facts = [...baseFacts, ...otherFacts];

describe('spec facts', () => {
  it('covers the facts of every module', () => {
    expect(facts.length).toBeGreaterThan(40);
    expect(new Set(facts.map((f) => f.entity.split('/')[0]))).toEqual(new Set(['base', 'demo', 'goods', 'plugin', 'recycle', 'space', 'task']));
  });

  it.each(facts.map((f) => [`${f.entity}.${f.field} (${f.source})`, f] as const))('%s holds', (_name, fact) => {
    const e = model.byKey.get(fact.entity);
    expect(e, `entity ${fact.entity}`).toBeDefined();
    const f = e!.byName.get(fact.field);
    expect(f, `field ${fact.entity}.${fact.field}`).toBeDefined();
    if ('default' in fact) expect(f!.default).toEqual(fact.default);
    if (fact.length !== undefined) expect(f!.length).toBe(fact.length);
    if (fact.enum) expect(f!.enum?.map((o) => o.value)).toEqual(fact.enum);
  });
});
