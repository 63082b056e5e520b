import { describe, expect, it } from 'vitest';
import { modeOfState, safeReturnTo, stateForMode } from './login-state.ts';

describe('safeReturnTo', () => {
  it.each([
    ['/', '/'],
    ['/room/abc', '/room/abc'],
    ['/room/abc?x=1#top', '/room/abc?x=1#top'],
    ['/a/../room', '/room'],
  ])('keeps the same-origin path %s', (input, expected) => {
    expect(safeReturnTo(input)).toBe(expected);
  });

  it.each([
    ['https://evil.example/'],
    ['//evil.example/'],
    ['/\\evil.example'],
    ['/\t/evil.example'],
    ['/.//evil.example'],
    ['javascript:alert(1)'],
    ['room/abc'],
    [''],
    [`/${'a'.repeat(2048)}`],
  ])('turns %j into /', (input) => {
    expect(safeReturnTo(input)).toBe('/');
  });

  it('turns a missing or non-string value into /', () => {
    expect(safeReturnTo(undefined)).toBe('/');
    expect(safeReturnTo(['/a', '/b'])).toBe('/');
  });
});

describe('state carries the mode', () => {
  it('so a callback without its cookie still answers in the right form', () => {
    expect(modeOfState(stateForMode('popup', 'abc'))).toBe('popup');
    expect(modeOfState(stateForMode('redirect', 'abc'))).toBe('redirect');
    expect(modeOfState('forged')).toBe('redirect');
    expect(modeOfState(undefined)).toBe('redirect');
  });
});
