import { describe, expect, it } from 'vitest';
import { currentSessionId, minuteText, readDoorCode } from './door-code';

const token = 'Jdmj3256oSmwQp7goSU3w2e0477WiEWPPd9zoO7GCwI';

describe('readDoorCode', () => {
  it('takes the token from a ticket’s address, in either language, on any host', () => {
    expect(readDoorCode(`https://portal.example.org/ticket/${token}`)).toEqual({ token });
    expect(readDoorCode(`https://portal.example.org/en-us/ticket/${token}`)).toEqual({ token });
    expect(readDoorCode(`  http://localhost:4321/zh-tw/ticket/${token}\n`)).toEqual({ token });
    expect(readDoorCode(token)).toEqual({ token });
  });

  it('reads a registration number typed in any case', () => {
    expect(readDoorCode(' g2026-000123 ')).toEqual({ number: 'G2026-000123' });
  });

  it('reads any other text as nothing', () => {
    for (const text of [
      '',
      '   ',
      'hello there',
      `https://portal.example.org/news/${token}`,
      `https://portal.example.org/ticket/${token}/x`,
      `https://portal.example.org/a/b/ticket/${token}`,
      'https://portal.example.org/ticket/short',
      `javascript:alert(1)//ticket/${token}`,
      `ftp://portal.example.org/ticket/${token}`,
      `${token}x`,
      'G2026_000123',
    ])
      expect(readDoorCode(text), text).toBeNull();
  });
});

describe('the session a door scans now', () => {
  const sessions = [
    { sessionId: 1, day: '2026-12-03', startMinute: 540, endMinute: 720 },
    { sessionId: 2, day: '2026-12-03', startMinute: 780, endMinute: 1020 },
    { sessionId: 3, day: '2026-12-04', startMinute: 540, endMinute: 1020 },
  ];
  /** A Taipei day and time as a moment. */
  const at = (value: string) => new Date(`${value}:00+08:00`);

  it('is today’s first that has not ended, else today’s last, else the next, else the first', () => {
    expect(currentSessionId(sessions, at('2026-12-03T08:00'))).toBe(1);
    expect(currentSessionId(sessions, at('2026-12-03T12:30'))).toBe(2);
    expect(currentSessionId(sessions, at('2026-12-03T18:00'))).toBe(2);
    expect(currentSessionId(sessions, at('2026-12-02T23:00'))).toBe(1);
    expect(currentSessionId(sessions, at('2026-12-04T07:00'))).toBe(3);
    expect(currentSessionId(sessions, at('2026-12-09T07:00'))).toBe(1);
    expect(currentSessionId([], at('2026-12-09T07:00'))).toBeNull();
  });

  it('shows minutes as a clock', () => {
    expect(minuteText(545)).toBe('09:05');
    expect(minuteText(0)).toBe('00:00');
  });
});
