import { describe, expect, it } from 'vitest';
import { cleanTags, profileBody, profileValues, TAGS_MAX } from '../../web/src/workspace/teams/profile-form';

describe('creator profile tags', () => {
  it('trims, drops empties and repeats (any case), and keeps at most TAGS_MAX', () => {
    expect(cleanTags([' writing ', '', 'Writing', 'automation', 3, null])).toEqual(['writing', 'automation']);
    const many = Array.from({ length: 15 }, (_, i) => `t${i}`);
    expect(cleanTags(many)).toHaveLength(TAGS_MAX);
    expect(cleanTags('a,b')).toEqual([]);
    expect(cleanTags(['x'.repeat(40)])[0]).toHaveLength(24);
  });
});

describe('creator profile form', () => {
  it('starts from the user row, keeping only the known share links', () => {
    const v = profileValues({ nickName: 'Ann', cover: '', tags: ['a'], shareLink: { link: 'https://a.b', twitter: '', other: 'x' } });
    expect(v).toEqual({ nickName: 'Ann', cover: undefined, tags: ['a'], shareLink: { link: 'https://a.b' } });
    expect(profileValues(null)).toEqual({ nickName: '', cover: undefined, tags: [], shareLink: {} });
  });

  it('sends trimmed values, drops empty links and keeps links it does not edit', () => {
    const body = profileBody(
      { nickName: ' Ann ', cover: ' ', tags: ['a', 'A'], shareLink: { link: ' https://a.b ', twitter: '  ' } },
      { twitter: '@old', custom: 'https://keep.me' },
    );
    expect(body).toEqual({ nickName: 'Ann', cover: null, tags: ['a'], shareLink: { custom: 'https://keep.me', link: 'https://a.b' } });
  });
});
