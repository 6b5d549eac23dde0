import { describe, expect, it } from 'vitest';
import { avatarColor, gridOf, gridSize, initials, memberName, memberPicture } from '../../web/src/workspace/board/board-grid';

describe('gridSize', () => {
  it('keeps a board dimension in 1..12, 2 when missing', () => {
    expect(gridSize(3)).toBe(3);
    expect(gridSize('4')).toBe(4);
    expect(gridSize(0)).toBe(1);
    expect(gridSize(40)).toBe(12);
    expect(gridSize(undefined)).toBe(2);
    expect(gridSize('')).toBe(2);
    expect(gridSize('x')).toBe(2);
  });
});

describe('gridOf', () => {
  it('fills the grid row by row and leaves the rest of the cells empty', () => {
    const g = gridOf(['a', 'b', 'c'], 2, 2);
    expect(g.cells).toEqual(['a', 'b', 'c', null]);
    expect(g.extra).toBe(0);
    expect([g.rows, g.cols]).toEqual([2, 2]);
  });

  it('shows the first rows*cols members and counts the rest as +N', () => {
    const g = gridOf([1, 2, 3, 4, 5, 6, 7], 2, 3);
    expect(g.cells).toEqual([1, 2, 3, 4, 5, 6]);
    expect(g.extra).toBe(1);
  });

  it('counts members the list does not hold yet from memberCount', () => {
    expect(gridOf([1, 2], 1, 2, 5).extra).toBe(3);
    expect(gridOf([1, 2, 3], 1, 2, 1).extra).toBe(1);
  });

  it('uses a 2 x 2 grid for odd sizes', () => {
    const g = gridOf([], null, 'x');
    expect(g.cells).toHaveLength(4);
    expect(g.cells.every((c) => c === null)).toBe(true);
  });
});

describe('member display', () => {
  it('prefers the group-specific name, then the nickName, then the user id', () => {
    expect(memberName({ name: ' Boss ', nickName: 'Ann', userId: 2 })).toBe('Boss');
    expect(memberName({ name: null, nickName: 'Ann', userId: 2 })).toBe('Ann');
    expect(memberName({ name: '', nickName: '  ', userId: 2 })).toBe('#2');
  });

  it('prefers the group-specific avatar, then headImg', () => {
    expect(memberPicture({ avatar: '/a.png', headImg: '/h.png' })).toBe('/a.png');
    expect(memberPicture({ avatar: null, headImg: '/h.png' })).toBe('/h.png');
    expect(memberPicture({ avatar: '', headImg: null })).toBeUndefined();
  });

  it('makes initials from two words, one word or a CJK name', () => {
    expect(initials('Ann Lee')).toBe('AL');
    expect(initials('bob')).toBe('BO');
    expect(initials('board-Scholar')).toBe('BS');
    expect(initials('张三')).toBe('张');
    expect(initials('   ')).toBe('?');
  });

  it('gives one user the same colour every time and neighbours different ones', () => {
    expect(avatarColor(7)).toBe(avatarColor(7));
    expect(avatarColor(7)).not.toBe(avatarColor(8));
  });
});
