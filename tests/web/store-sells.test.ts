import { describe, expect, it } from 'vitest';
import { attachmentIds, kindOf, sellsBody, sellsValues, updatesOn } from '../../web/src/workspace/account/sells';
import { isFiltered, readQuery, toFilter, writeQuery } from '../../web/src/workspace/store/store-query';
import { buyState } from '../../web/src/workspace/store/buy-state';

describe('what a listing sells', () => {
  it('reads a stored kind leniently', () => {
    expect([0, 1, 2, 3, null, undefined, 7, 'x'].map(kindOf)).toEqual([0, 1, 2, 3, 0, 0, 0, 0]);
  });
  it("sends the chosen kind's fields, files as their ids, and never clears the files other buyers fetch", () => {
    const files = [
      { id: 4, name: 'a.md', size: 10 },
      { id: 9, name: null, size: null },
    ];
    const all = { workflowId: 5, groupId: 6, attachments: files, updatesIncluded: false, runPrice: 2 };
    expect(sellsBody({ relateType: 1, ...all })).toEqual({ relateType: 1, workflowId: 5, groupId: null, updatesIncluded: false, runPrice: 2 });
    expect(sellsBody({ relateType: 2, ...all })).toEqual({ relateType: 2, workflowId: null, groupId: 6, updatesIncluded: true, runPrice: null });
    expect(sellsBody({ relateType: 3, ...all })).toEqual({
      relateType: 3,
      workflowId: null,
      groupId: null,
      attachments: [4, 9],
      updatesIncluded: true,
      runPrice: null,
    });
    expect(sellsBody({ relateType: 0, ...all })).toEqual({ relateType: 0, workflowId: null, groupId: null, updatesIncluded: true, runPrice: null });
  });
  it('fills the form from a stored listing (a new one sells nothing, updates on)', () => {
    expect(sellsValues(null)).toEqual({ relateType: 0, workflowId: null, groupId: null, attachments: [], updatesIncluded: true, runPrice: null });
    expect(sellsValues({ relateType: 3, attachments: [4, 'x', 9], updatesIncluded: 0, runPrice: '1.5000' })).toMatchObject({
      relateType: 3,
      attachments: [
        { id: 4, name: null, size: null },
        { id: 9, name: null, size: null },
      ],
      updatesIncluded: false,
      runPrice: 1.5,
    });
    expect(attachmentIds('nope')).toEqual([]);
    expect([true, 1, false, 0, null, undefined].map(updatesOn)).toEqual([true, true, false, false, true, true]);
  });
});

describe('the store filter by what is sold', () => {
  it('reads, writes and sends relateType', () => {
    expect(readQuery(new URLSearchParams('sells=1')).sells).toBe(1);
    expect(readQuery(new URLSearchParams('sells=0')).sells).toBeUndefined();
    expect(readQuery(new URLSearchParams('sells=9')).sells).toBeUndefined();
    expect(writeQuery({ q: '', kw: '', sells: 3, sort: 'sortNum' }).toString()).toBe('sells=3');
    expect(toFilter({ q: '', kw: '', sells: 2, sort: 'sortNum' })).toEqual({ relateType: 2 });
    expect(isFiltered({ q: '', kw: '', sells: 1, sort: 'sortNum' })).toBe(true);
  });
});

describe('the buy box of something bought', () => {
  const base = { signedIn: true, isOwner: false, bought: null, free: false, specs: [], quantity: 1 };
  it('offers "Open" to a member holding an active purchase, before asking isPlaced', () => {
    expect(buyState({ ...base, purchased: true })).toBe('open');
    expect(buyState({ ...base, purchased: false })).toBe('checking');
    expect(buyState({ ...base, isOwner: true, purchased: true })).toBe('own');
    expect(buyState({ ...base, signedIn: false, purchased: true })).toBe('signIn');
  });
});
