import { describe, expect, it } from 'vitest';
import { createRepeatGate, errorKind } from './log-repeats';

describe('the repeat gate of error logs', () => {
  it('logs a kind once per window and says how many were left out', () => {
    let clock = 0;
    const gate = createRepeatGate({ windowMs: 60_000, now: () => clock });
    expect(gate('a')).toEqual({ log: true, repeated: 0 });
    for (let i = 0; i < 899; i++) expect(gate('a')).toEqual({ log: false });
    expect(gate('b')).toEqual({ log: true, repeated: 0 }); // another kind is its own
    clock += 60_000;
    expect(gate('a')).toEqual({ log: true, repeated: 899 });
    expect(gate('a')).toEqual({ log: false });
  });

  it('remembers a bounded number of kinds', () => {
    const gate = createRepeatGate({ maxKinds: 2, now: () => 0 });
    gate('a');
    gate('b');
    gate('c'); // 'a' is forgotten
    expect(gate('a')).toEqual({ log: true, repeated: 0 });
    expect(gate('c')).toEqual({ log: false });
  });

  it("gives pg-boss's per-worker errors one kind, and tells different errors apart", () => {
    const worker = (id: string, message = 'Connection terminated unexpectedly') => new Error(`${message} (Queue: orders, Worker: ${id})`);
    expect(errorKind(worker('a722e439-304d-4f2b-996e-ae806c369f51'))).toBe(errorKind(worker('9c9b8596-da14-441e-b4ec-9c567d615097')));
    expect(errorKind(worker('a722e439-304d-4f2b-996e-ae806c369f51'))).not.toBe(errorKind(worker('a722e439-304d-4f2b-996e-ae806c369f51', 'read ECONNRESET')));
    expect(errorKind(Object.assign(new Error('x'), { code: 'ECONNREFUSED' }))).not.toBe(errorKind(Object.assign(new Error('x'), { code: 'ETIMEDOUT' })));
    expect(errorKind('plain text')).toBe('|plain text');
    expect(errorKind(null)).toBe('|null');
  });
});
