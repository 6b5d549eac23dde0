import { describe, expect, it } from 'vitest';
import { loadTurns } from '../../web/src/workspace/board/load-turns';

describe('loadTurns', () => {
  it('applies only the newest load, whatever order the answers come in', () => {
    const turns = loadTurns();
    const older = turns.begin();
    const newer = turns.begin();
    newer.end();
    expect(newer.current()).toBe(true);
    older.end();
    expect(older.current()).toBe(false);
  });

  it('makes loads in flight stale when a change is shown, and says one was in flight', () => {
    const turns = loadTurns();
    const load = turns.begin();
    expect(turns.supersede()).toBe(true);
    expect(load.current()).toBe(false);
    load.end();
    expect(turns.supersede()).toBe(false);
    const after = turns.begin();
    expect(after.current()).toBe(true);
  });

  it('counts a load once however often it ends', () => {
    const turns = loadTurns();
    const a = turns.begin();
    const b = turns.begin();
    a.end();
    a.end();
    expect(turns.supersede()).toBe(true);
    b.end();
    expect(turns.supersede()).toBe(false);
  });
});
