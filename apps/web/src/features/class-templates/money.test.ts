import { describe, expect, it } from 'vitest';
import { currencyDigits, formatDuration, formatPrice, majorToMinor, minorToMajor } from './money.ts';

describe('price in minor and major units', () => {
  it('knows how many digits each currency has', () => {
    expect(currencyDigits('USD')).toBe(2);
    expect(currencyDigits('JPY')).toBe(0);
    expect(currencyDigits('KWD')).toBe(3);
    expect(currencyDigits('not a currency')).toBe(2);
  });

  it('shows minor units as major units', () => {
    expect(minorToMajor(1250, 'USD')).toBe(12.5);
    expect(minorToMajor(1200, 'JPY')).toBe(1200);
    expect(minorToMajor(1500, 'KWD')).toBe(1.5);
    expect(minorToMajor(0, 'EUR')).toBe(0);
  });

  it('sends major units as whole minor units, rounding float noise', () => {
    expect(majorToMinor(12.5, 'USD')).toBe(1250);
    expect(majorToMinor(0.29, 'USD')).toBe(29);
    expect(majorToMinor('19.99', 'EUR')).toBe(1999);
    expect(majorToMinor(1200, 'JPY')).toBe(1200);
    expect(majorToMinor(1.005, 'KWD')).toBe(1005);
  });

  it('keeps an empty field empty (free)', () => {
    expect(majorToMinor('', 'USD')).toBe('');
  });

  it('round-trips', () => {
    for (const minor of [0, 1, 99, 1999, 100_000_000]) expect(majorToMinor(minorToMajor(minor, 'USD'), 'USD')).toBe(minor);
  });

  it('formats prices and durations', () => {
    expect(formatPrice(1250, 'USD')).toBe('$12.50');
    expect(formatPrice(1200, 'JPY')).toBe('¥1,200');
    expect(formatPrice(0, 'USD')).toBe('Free');
    expect(formatDuration(45)).toBe('45 min');
    expect(formatDuration(60)).toBe('1 h');
    expect(formatDuration(90)).toBe('1 h 30 min');
  });
});
