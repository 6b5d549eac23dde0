import { describe, expect, it } from 'vitest';
import {
  DEFAULT_DESKTOP_ID,
  canMove,
  desktopOf,
  dropOn,
  groupsOn,
  moveBy,
  moveGroup,
  nextSort,
  ownIds,
  pickDesktop,
  toDesktops,
  type DesktopItem,
} from '../../web/src/workspace/board/desktop-order';

const desk = (id: number, member: number[] = [], sort = 0): DesktopItem => ({ id, name: `d${id}`, member, sort });
const LIST: DesktopItem[] = [desk(DEFAULT_DESKTOP_ID, [1, 2], -1), desk(10, [3], 0), desk(11, [4, 5], 1), desk(12, [], 2)];
const ids = (l: readonly DesktopItem[]) => l.map((d) => d.id);

describe('toDesktops', () => {
  it('reads desktop/list rows and drops odd group ids', () => {
    expect(
      toDesktops([
        { id: '999', name: 'Default', member: [1, '2', 'x'], sort: -1 },
        { id: 4, name: null, member: null },
      ]),
    ).toEqual([
      { id: 999, name: 'Default', member: [1, 2], sort: -1 },
      { id: 4, name: '', member: [], sort: 0 },
    ]);
  });
});

describe('moveBy', () => {
  it('moves an own desktop one place and renumbers the sorts, the default staying first', () => {
    const next = moveBy(LIST, 11, -1);
    expect(ids(next)).toEqual([999, 11, 10, 12]);
    expect(next.map((d) => d.sort)).toEqual([-1, 0, 1, 2]);
    expect(ownIds(next)).toEqual([11, 10, 12]);
  });

  it('never moves past the default desktop or the end, and answers the same list then', () => {
    expect(moveBy(LIST, 10, -1)).toBe(LIST);
    expect(moveBy(LIST, 12, 1)).toBe(LIST);
    expect(ids(moveBy(LIST, 10, -5))).toEqual(ids(LIST));
    expect(ids(moveBy(LIST, 10, 9))).toEqual([999, 11, 12, 10]);
  });

  it('does not move the default desktop or an unknown one', () => {
    expect(moveBy(LIST, DEFAULT_DESKTOP_ID, 1)).toBe(LIST);
    expect(moveBy(LIST, 77, 1)).toBe(LIST);
  });

  it('leaves the input list untouched', () => {
    const copy = JSON.parse(JSON.stringify(LIST));
    moveBy(LIST, 12, -2);
    expect(LIST).toEqual(copy);
  });
});

describe('canMove', () => {
  it('tells whether the menu can offer move left / right', () => {
    expect(canMove(LIST, 10, -1)).toBe(false);
    expect(canMove(LIST, 10, 1)).toBe(true);
    expect(canMove(LIST, 12, 1)).toBe(false);
    expect(canMove(LIST, 11, -1)).toBe(true);
  });
});

describe('dropOn', () => {
  it('takes the place of the desktop dropped on, in either direction', () => {
    expect(ids(dropOn(LIST, 12, 10))).toEqual([999, 12, 10, 11]);
    expect(ids(dropOn(LIST, 10, 12))).toEqual([999, 11, 12, 10]);
    expect(ids(dropOn(LIST, 10, 11))).toEqual([999, 11, 10, 12]);
  });

  it('dropping on the default desktop puts it first among the own ones', () => {
    expect(ids(dropOn(LIST, 12, DEFAULT_DESKTOP_ID))).toEqual([999, 12, 10, 11]);
  });

  it('ignores dropping on itself, dragging the default desktop and unknown ids', () => {
    expect(dropOn(LIST, 11, 11)).toBe(LIST);
    expect(dropOn(LIST, DEFAULT_DESKTOP_ID, 11)).toBe(LIST);
    expect(dropOn(LIST, 11, 77)).toBe(LIST);
  });
});

describe('nextSort', () => {
  it('places a new desktop after every own one', () => {
    expect(nextSort(LIST)).toBe(3);
    expect(nextSort([desk(DEFAULT_DESKTOP_ID, [], -1)])).toBe(0);
    expect(nextSort([desk(DEFAULT_DESKTOP_ID, [], -1), desk(3, [], 0), desk(4, [], 0)])).toBe(1);
  });
});

describe('pickDesktop', () => {
  it('shows the wanted desktop when it exists, else the default one', () => {
    expect(pickDesktop(LIST, 11)).toBe(11);
    expect(pickDesktop(LIST, 404)).toBe(DEFAULT_DESKTOP_ID);
    expect(pickDesktop(LIST, null)).toBe(DEFAULT_DESKTOP_ID);
  });
});

describe('groups on desktops', () => {
  it('finds the desktop a group shows on', () => {
    expect(desktopOf(LIST, 4)).toBe(11);
    expect(desktopOf(LIST, 1)).toBe(DEFAULT_DESKTOP_ID);
    expect(desktopOf(LIST, 99)).toBe(DEFAULT_DESKTOP_ID);
  });

  it('moves a group to the end of another desktop and off the others, as groupToDesktop does', () => {
    const next = moveGroup(LIST, 3, 11);
    expect(next.find((d) => d.id === 10)!.member).toEqual([]);
    expect(next.find((d) => d.id === 11)!.member).toEqual([4, 5, 3]);
    const back = moveGroup(next, 3, DEFAULT_DESKTOP_ID);
    expect(back[0].member).toEqual([1, 2, 3]);
    expect(back.find((d) => d.id === 11)!.member).toEqual([4, 5]);
  });

  it("lists a desktop's groups in the desktop's order, skipping ids it has no details of", () => {
    const groups = [
      { id: 5, n: 'e' },
      { id: 4, n: 'd' },
      { id: 1, n: 'a' },
    ];
    expect(groupsOn(LIST, 11, groups).map((g) => g.n)).toEqual(['d', 'e']);
    expect(groupsOn(LIST, DEFAULT_DESKTOP_ID, groups).map((g) => g.n)).toEqual(['a']);
    expect(groupsOn(LIST, 404, groups)).toEqual([]);
  });
});
