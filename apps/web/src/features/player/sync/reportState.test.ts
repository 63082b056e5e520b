import { describe, expect, it } from 'vitest';
import { answered, holdsBack, IDLE, queue, sent, stateSeen } from './reportState.ts';

describe("A controller's report state (R31, R93, R106)", () => {
  it('R31: holds every room state back while a report is out, then the states older than its commit', () => {
    const out = sent(IDLE, undefined);
    expect(holdsBack(out, 99)).toBe(true);
    const committed = answered(out, 7);
    expect(committed).toEqual({ kind: 'awaiting', version: 7 });
    expect(holdsBack(committed, 6)).toBe(true);
    expect(holdsBack(committed, 7)).toBe(false);
    expect(stateSeen(committed, 6)).toBe(committed);
    expect(stateSeen(committed, 7)).toEqual(IDLE);
  });

  it('R31: a report refused while an earlier commit is awaited leaves that commit awaited', () => {
    const out = sent(answered(sent(IDLE, undefined), 7), 7);
    expect(answered(out, 'refused')).toEqual({ kind: 'awaiting', version: 7 });
    expect(answered(sent(IDLE, 5), 'refused')).toEqual(IDLE);
  });

  it('R31: what comes up while a report is out is one report, a change if any of it is (R93)', () => {
    const out = sent(IDLE, 5);
    expect(queue(out, 5).queued).toBe('reanchor');
    expect(queue(queue(out, 5), undefined).queued).toBe('change');
    expect(queue(queue(out, undefined), 6).queued).toBe('change');
  });

  it('R106: an unheard re-anchor is owed against the version it was made on; with a change queued, as a change', () => {
    expect(answered(sent(IDLE, 5), 'unheard')).toEqual({ kind: 'unheard', basis: 5, awaiting: null });
    expect(answered(queue(sent(IDLE, 5), undefined), 'unheard')).toMatchObject({ kind: 'unheard', basis: undefined });
    expect(answered(sent(IDLE, undefined), 'unheard')).toMatchObject({ kind: 'unheard', basis: undefined });
  });

  it('R31: an unheard report keeps an earlier commit awaited until its state comes', () => {
    const unheard = answered(sent({ kind: 'awaiting', version: 7 }, undefined), 'unheard');
    expect(unheard).toEqual({ kind: 'unheard', basis: undefined, awaiting: 7 });
    expect(holdsBack(unheard, 6)).toBe(true);
    expect(stateSeen(unheard, 7)).toEqual({ kind: 'unheard', basis: undefined, awaiting: null });
    expect(holdsBack(stateSeen(unheard, 7), 7)).toBe(false);
  });
});
