import { describe, expect, it } from 'vitest';
import { isCedulaValid, isEcuadorIdValid, isRucValid } from './ecuador-id';

describe("Ecuador's identity numbers", () => {
  it('checks a cédula by province, third digit and modulo-10 check digit', () => {
    expect(isCedulaValid('1710034065')).toBe(true);
    expect(isCedulaValid('0926687856')).toBe(true);
    expect(isCedulaValid('1710034066')).toBe(false);
    expect(isCedulaValid('2510034065')).toBe(false);
    expect(isCedulaValid('171003406')).toBe(false);
  });

  it('checks a RUC of a person, a company and a public body', () => {
    expect(isRucValid('1710034065001')).toBe(true);
    expect(isRucValid('1790011674001')).toBe(true);
    expect(isRucValid('1760001550001')).toBe(true);
    expect(isRucValid('1790011675001')).toBe(false);
    expect(isRucValid('1710034065000')).toBe(false);
  });

  it('takes either', () => {
    expect(isEcuadorIdValid('1710034065')).toBe(true);
    expect(isEcuadorIdValid('0992339411001')).toBe(true);
    expect(isEcuadorIdValid('abc')).toBe(false);
  });
});
