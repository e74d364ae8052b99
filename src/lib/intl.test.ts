import { describe, expect, it } from 'vitest';
import { dateTimeFormat, numberFormat } from './intl';

describe('Intl formatters', () => {
  it('are made once per locale and options, and format as new ones would', () => {
    const options = { timeZone: 'Asia/Taipei', year: 'numeric', month: '2-digit', day: '2-digit' } as const;
    const first = dateTimeFormat('zh-TW', options);
    expect(dateTimeFormat('zh-TW', { ...options })).toBe(first);
    expect(dateTimeFormat('en-US', options)).not.toBe(first);
    const date = new Date('2026-11-22T16:30:00Z');
    expect(first.format(date)).toBe(new Intl.DateTimeFormat('zh-TW', options).format(date));
    expect(numberFormat('en-US').format(1234.5)).toBe('1,234.5');
  });
});
