import { describe, expect, it } from 'vitest';
import { canRequest, friendSections, relationTo, type FriendRow } from '../../web/src/workspace/social/friend-rows';

const ME = 2;
const rows: FriendRow[] = [
  { id: 10, userId: ME, friendId: 3, status: 1, nickName: 'Bob', remark: 'Zed' },
  { id: 11, userId: ME, friendId: 4, status: 1, nickName: 'Cara', remark: null },
  { id: 12, userId: ME, friendId: 5, status: 0, nickName: 'Dan' },
  { id: 13, userId: ME, friendId: 6, status: 2, nickName: 'Eve' },
  { id: 14, userId: ME, friendId: 7, status: 3, nickName: 'Gus' },
  { id: 20, userId: 8, friendId: ME, status: 0, userNickName: 'Fay', userAvatar: '/f.png', nickName: 'Ann' },
  // Someone else's friendship that the generic list also answers (accepted rows are public).
  { id: 30, userId: 3, friendId: 4, status: 1, nickName: 'Cara' },
  // A request to me that was already refused is not waiting any more.
  { id: 31, userId: 9, friendId: ME, status: 2, userNickName: 'Hal' },
];

describe('friend sections', () => {
  const s = friendSections([...rows, rows[0]], ME);

  it('puts my accepted rows under friends, sorted by remark or name, once each', () => {
    expect(s.friends.map((f) => [f.rowId, f.personId, f.name, f.remark])).toEqual([
      [11, 4, 'Cara', ''],
      [10, 3, 'Bob', 'Zed'],
    ]);
  });

  it('shows a request to me with the requester as the person', () => {
    expect(s.incoming).toEqual([{ rowId: 20, personId: 8, name: 'Fay', avatar: '/f.png', remark: '', status: 0 }]);
  });

  it('keeps my pending and refused requests under sent, blocks under blocked', () => {
    expect(s.sent.map((e) => [e.personId, e.status])).toEqual([
      [5, 0],
      [6, 2],
    ]);
    expect(s.blocked.map((e) => e.personId)).toEqual([7]);
  });

  it('ignores rows between other people and answered requests to me', () => {
    const all = [...s.friends, ...s.incoming, ...s.sent, ...s.blocked].map((e) => e.rowId);
    expect(all).not.toContain(30);
    expect(all).not.toContain(31);
  });

  it('names a person without a nick name by their id', () => {
    expect(friendSections([{ id: 1, userId: ME, friendId: 42, status: 1 }], ME).friends[0].name).toBe('#42');
  });
});

describe('relation to a person', () => {
  const s = friendSections(rows, ME);
  it.each([
    [ME, 'self', false],
    [3, 'friend', false],
    [5, 'sent', false],
    [6, 'refused', true],
    [7, 'blocked', false],
    [8, 'incoming', true],
    [99, 'none', true],
  ] as const)('person %i is %s (may request: %s)', (id, rel, may) => {
    expect(relationTo(id, ME, s)).toBe(rel);
    expect(canRequest(relationTo(id, ME, s))).toBe(may);
  });
});
