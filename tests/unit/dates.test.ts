import { chinaDate, formatDate, formatDateTime, formatDeadline } from '../../domain/dates';

/** 16:30 UTC on 24 November is 00:30 on 25 November in China: the day a certificate issued then bears. */
const NEAR_MIDNIGHT = '2026-11-24T16:30:00Z';
/** A 23:59 China-time deadline. */
const DUE = '2026-11-24T15:59:00Z';

describe('dates are China dates, shown in China time whatever the zone of the reader or server', () => {
  test('an instant just after midnight in China is the next day there', () => {
    expect(chinaDate(NEAR_MIDNIGHT)).toBe('2026-11-25');
    expect(chinaDate(new Date(NEAR_MIDNIGHT))).toBe('2026-11-25');
    expect(chinaDate('2026-11-25')).toBe('2026-11-25');
  });

  test.each([
    ['zh-CN', '2026年11月25日'],
    ['en-US', 'Nov 25, 2026'],
    ['ja-JP', '2026/11/25'],
  ])('%s: the issue date reads 25 November, as the certificate does', (lang, text) => {
    expect(formatDate(NEAR_MIDNIGHT, lang)).toBe(text);
    // A calendar date (validity) is that day in every zone.
    expect(formatDate('2026-11-25', lang)).toBe(text);
  });

  test('the certificate (long style) and the pages name the same day', () => {
    expect(formatDate(NEAR_MIDNIGHT, 'en-GB', 'long')).toBe('25 November 2026');
    expect(formatDate(NEAR_MIDNIGHT, 'zh-CN', 'long')).toBe('2026年11月25日');
    expect(formatDate(NEAR_MIDNIGHT, 'ja-JP', 'long')).toBe('2026年11月25日');
  });

  test.each([
    ['zh-CN', '2026年11月24日 23:59（北京时间）'],
    ['en-US', 'Nov 24, 2026, 23:59 (China time)'],
    ['ja-JP', '2026/11/24 23:59（中国時間）'],
  ])('%s: a 23:59 deadline reads 23:59 with the zone named, not 3:59 PM', (lang, text) => {
    expect(formatDeadline(DUE, lang)).toBe(text);
    expect(formatDateTime(DUE, lang)).toBe(text.replace(/ ?[(（].*$/, ''));
  });

  test('nothing to show is a dash; an unreadable value is shown as it is', () => {
    expect(formatDate(null, 'en-US')).toBe('—');
    expect(formatDeadline(undefined, 'en-US')).toBe('—');
    expect(formatDate('soon', 'en-US')).toBe('soon');
  });
});
