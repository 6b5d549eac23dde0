import { describe, expect, it } from 'vitest';
import { isNoticeFor } from '../../web/src/workspace/board/members-notice';

describe("members notice for a group's member list", () => {
  it('concerns the group it names, by number or by string', () => {
    expect(isNoticeFor({ groupId: 7 }, 7)).toBe(true);
    expect(isNoticeFor({ groupId: '7' }, 7)).toBe(true);
  });

  it('leaves other groups, missing ids and a list with no group alone', () => {
    expect(isNoticeFor({ groupId: 8 }, 7)).toBe(false);
    expect(isNoticeFor({}, 7)).toBe(false);
    expect(isNoticeFor(null, 7)).toBe(false);
    expect(isNoticeFor({ groupId: 7 }, null)).toBe(false);
  });
});
