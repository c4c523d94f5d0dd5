import { describe, expect, it } from 'vitest';
import { COST_DECIMALS, formatCost, formatFigure, formatPercent, roundDecimal } from './figures';

describe('roundDecimal', () => {
  it('rounds half away from zero on the decimal digits, not the binary value', () => {
    // toFixed rounds these down: their doubles lie just below the half.
    expect((2.00005).toFixed(4)).toBe('2.0000');
    expect(roundDecimal(2.00005, 4)).toBe('2.0001');
    expect((0.00015).toFixed(4)).toBe('0.0001');
    expect(roundDecimal(0.00015, 4)).toBe('0.0002');
    expect(roundDecimal(1.00005, 4)).toBe('1.0001');
    expect(roundDecimal(-0.00015, 4)).toBe('-0.0002');
    expect(roundDecimal(2.5, 0)).toBe('3');
    expect(roundDecimal(-2.5, 0)).toBe('-3');
    expect(roundDecimal(0.00004999, 4)).toBe('0.0000');
    expect(roundDecimal(-0.00004, 4)).toBe('0.0000');
  });

  it('reads numeric text as stored, exponents and the point shift', () => {
    expect(roundDecimal('12.345650', 4)).toBe('12.3457');
    expect(roundDecimal('7', 4)).toBe('7.0000');
    expect(roundDecimal(1e-7, 4)).toBe('0.0000');
    expect(roundDecimal(5e-5, 4)).toBe('0.0001');
    expect(roundDecimal(1.5e21, 1)).toBe('1500000000000000000000.0');
    expect(roundDecimal(0.42155, 1, 2)).toBe('42.2');
    expect(roundDecimal('.5', 0)).toBe('1');
    expect(roundDecimal('abc', 2)).toBe('');
    expect(roundDecimal(Number.NaN, 2)).toBe('');
  });
});

describe('formatFigure and formatCost', () => {
  it('writes plain text for files and the locale form for the screen, from the same digits', () => {
    expect(COST_DECIMALS).toBe(4);
    expect(formatCost(1234.56785)).toBe('1234.5679');
    expect(formatCost(1234.56785, { locale: 'en-US' })).toBe('1,234.5679');
    expect(formatCost(1.00005, { locale: 'zh-CN', currency: 'CNY' })).toBe('¥1.0001');
    expect(formatCost(12.3, { locale: 'en-US', currency: 'CNY', minimumDecimals: 2 })).toBe(
      'CN¥12.30',
    );
    expect(formatCost(null)).toBe('');
    expect(formatFigure(0.125, 2)).toBe('0.13');
  });
});

describe('formatPercent', () => {
  it('writes a share as a percent with one decimal, the same digits in a file and on screen', () => {
    expect(formatPercent(0.4216)).toBe('42.2');
    expect(formatPercent(0.4216, { locale: 'zh-CN' })).toBe('42.2%');
    expect(formatPercent(1.5, { locale: 'en-US' })).toBe('150%');
    expect(formatPercent(0.00049, { locale: 'en-US' })).toBe('0%');
    expect(formatPercent(null)).toBe('');
  });
});
