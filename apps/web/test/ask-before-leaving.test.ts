import { describe, expect, it } from 'vitest';
import { askBeforeLeaving } from '../src/connection/ask-before-leaving.ts';
import { type ClientAction, type Connection, EMPTY_STATE } from '../src/connection/types.ts';

function recording(): Connection & { sent: ClientAction[] } {
  const sent: ClientAction[] = [];
  return { kind: 'practice', state: EMPTY_STATE, sent, subscribe: () => () => {}, send: (a) => void sent.push(a), close: () => {} };
}

describe('askBeforeLeaving', () => {
  it('asks instead of leaving a game under way, and leaves once told to', () => {
    const conn = recording();
    let asked = 0;
    const guarded = askBeforeLeaving(
      conn,
      () => true,
      () => asked++,
    );
    guarded.send({ type: 'leaveTable' });
    expect(asked).toBe(1);
    expect(conn.sent).toEqual([]);
    guarded.send({ type: 'nextHand' });
    guarded.leave();
    expect(conn.sent).toEqual([{ type: 'nextHand' }, { type: 'leaveTable' }]);
  });

  it('leaves at once when no game is under way', () => {
    const conn = recording();
    let asked = 0;
    askBeforeLeaving(
      conn,
      () => false,
      () => asked++,
    ).send({ type: 'leaveTable' });
    expect(asked).toBe(0);
    expect(conn.sent).toEqual([{ type: 'leaveTable' }]);
  });
});
