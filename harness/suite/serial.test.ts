/**
 * The serial-explanation search on a register (writes and reads of one value): the textbook
 * case of linearizability, where which histories are explained is known.
 */
import { describe, expect, test } from 'vitest';
import { answeredBefore, explainSerially, overlapped, type SerialModel, type Timed } from './serial.js';

type Op = Timed & ({ kind: 'write'; value: number } | { kind: 'read'; saw: number });

const write = (value: number, start: number, end: number): Op => ({ kind: 'write', value, start, end });
const read = (saw: number, start: number, end: number): Op => ({ kind: 'read', saw, start, end });

const register: SerialModel<number, Op> = {
  step: (value, op) => {
    if (op.kind === 'write') return { next: [op.value] };
    return op.saw === value
      ? { next: [value] }
      : { misfit: { rule: 'READ-LATEST', expected: `${value}`, observed: `${op.saw}` } };
  },
};

describe('explainSerially', () => {
  test('requests one after another are explained only in the order they were sent', () => {
    expect(explainSerially([write(1, 0, 10), read(1, 20, 30)], 0, register)).toMatchObject({
      explained: true,
      order: [0, 1],
    });
    const stale = explainSerially([write(1, 0, 10), read(0, 20, 30)], 0, register);
    expect(stale).toMatchObject({ explained: false, order: [0], at: 1, misfit: { rule: 'READ-LATEST' } });
  });

  test('a read in flight with a write may see the value before or after it', () => {
    expect(explainSerially([write(1, 0, 50), read(0, 10, 20)], 0, register).explained).toBe(true);
    expect(explainSerially([write(1, 0, 50), read(1, 10, 20)], 0, register).explained).toBe(true);
  });

  test('two reads in flight with one write cannot see the new value and then the old one', () => {
    // The second read left after the first had answered the new value: no order gives it the old one.
    const history = [write(1, 0, 100), read(1, 10, 20), read(0, 30, 40)];
    const verdict = explainSerially(history, 0, register);
    expect(verdict.explained).toBe(false);
    if (!verdict.explained) expect(verdict.misfit.rule).toBe('READ-LATEST');
  });

  test('two overlapping writes leave either value, and every explaining order is collected', () => {
    const verdict = explainSerially([write(1, 0, 50), write(2, 10, 60)], 0, register);
    expect(verdict.explained && verdict.finals.sort()).toEqual([1, 2]);
  });

  test('states that may come later on their own are tried before every request', () => {
    // The value may grow by itself up to 3 (an outcome that shows later).
    const drifting: SerialModel<number, Op> = { ...register, later: (v) => (v < 3 ? [v + 1] : []) };
    expect(explainSerially([read(2, 0, 10), read(3, 20, 30)], 0, drifting).explained).toBe(true);
    expect(explainSerially([read(3, 0, 10), read(2, 20, 30)], 0, drifting).explained).toBe(false);
  });

  test('the closest miss is the longest explained prefix', () => {
    const verdict = explainSerially([write(1, 0, 10), read(1, 20, 30), write(2, 40, 50), read(1, 60, 70)], 0, register);
    expect(verdict).toMatchObject({ explained: false, order: [0, 1, 2], at: 3 });
  });
});

describe('timing', () => {
  test('a request answered before another was sent comes first; within the margin they overlap', () => {
    expect(answeredBefore({ start: 0, end: 10 }, { start: 12, end: 20 })).toBe(true);
    expect(answeredBefore({ start: 0, end: 10 }, { start: 11, end: 20 })).toBe(false);
    expect(
      overlapped([
        { start: 0, end: 10 },
        { start: 20, end: 30 },
      ]),
    ).toBe(false);
    expect(
      overlapped([
        { start: 0, end: 10 },
        { start: 20, end: 30 },
        { start: 25, end: 26 },
      ]),
    ).toBe(true);
  });
});
