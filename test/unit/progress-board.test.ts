// The progress board's bounds (issue 18): ids per user, expiry, one user never sees another's.
import { describe, expect, it } from 'vitest';
import { PROGRESS_KEEP_MS, PROGRESS_PER_USER, ProgressBoard } from '../../server/progress.js';

describe('ProgressBoard', () => {
  it(`keeps at most ${PROGRESS_PER_USER} ids per user: starting one more drops that user's oldest`, async () => {
    const board = new ProgressBoard();
    const ids = Array.from({ length: PROGRESS_PER_USER + 1 }, (_, i) => `id-of-the-user-${i}`);
    board.start(2, 'another-users-id-0');
    for (const id of ids) board.start(1, id);
    expect(await board.get(1, ids[0]!)).toBeUndefined();
    for (const id of ids.slice(1)) expect(await board.get(1, id)).toBeDefined();
    expect(await board.get(2, 'another-users-id-0')).toBeDefined();
    expect(await board.get(2, ids[1]!)).toBeUndefined();
  });

  it('drops an entry ten minutes after its last change', async () => {
    let now = 0;
    const board = new ProgressBoard(() => now);
    const entry = board.start(1, 'an-id-long-enough');
    now = PROGRESS_KEEP_MS - 1;
    board.touch(entry, { phase: 'writing', done: 5, total: 10 });
    now += PROGRESS_KEEP_MS - 1;
    expect(await board.get(1, 'an-id-long-enough')).toEqual({ phase: 'writing', done: 5, total: 10, finished: false, failed: false });
    now += 2;
    expect(await board.get(1, 'an-id-long-enough')).toBeUndefined();
  });
});
