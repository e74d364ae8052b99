import { describe, expect, it } from 'vitest';
import { redactUrl } from './logger';

describe('redactUrl', () => {
  it('hides preview tokens in logged addresses and keeps the rest', () => {
    expect(redactUrl('/preview/article/3?token=123.abc&x=1')).toBe('/preview/article/3?token=…&x=1');
    expect(redactUrl('/en-us/preview/file/9?lang=en&token=9.zz')).toBe('/en-us/preview/file/9?lang=en&token=…');
    expect(redactUrl('/news/list?page=2')).toBe('/news/list?page=2');
    expect(redactUrl(undefined)).toBeUndefined();
  });

  it('hides reset links, OAuth codes and addresses too', () => {
    expect(redactUrl('/password/reset?email=a%40b.org&token=zz&type=individual')).toBe(
      '/password/reset?email=…&token=…&type=individual',
    );
    expect(redactUrl('/line/callback?code=abc&state=def')).toBe('/line/callback?code=…&state=…');
  });

  it('hides the secret of a door link, which is in its path, and the door’s search words', () => {
    const token = 'a'.repeat(43);
    expect(redactUrl(`/door/${token}`)).toBe('/door/…');
    expect(redactUrl(`/en-us/door/${token}?x=1`)).toBe('/en-us/door/…?x=1');
    expect(redactUrl(`https://portal.example.org/door/${token}`)).toBe('https://portal.example.org/door/…');
    expect(redactUrl('/door?event=3')).toBe('/door?event=3');
    expect(redactUrl('/api/amsw0307/search?q=%E7%8E%8B&sessionId=2')).toBe('/api/amsw0307/search?q=…&sessionId=2');
  });
});

describe('redactUrl on the staff console', () => {
  it('leaves no national ID of a people search in the logged line', () => {
    const logged = redactUrl('/staff/people?q=A123456789&kind=member');
    expect(logged).toBe('/staff/people?q=…&kind=member');
    expect(logged).not.toContain('A123456789');
    expect(redactUrl('/en-us/staff/people?kind=member&q=A123456789')).toBe('/en-us/staff/people?kind=member&q=…');
    expect(redactUrl('/api/amsw1101/people?q=A123456789')).toBe('/api/amsw1101/people?q=…');
  });

  it('hides the words of every console search (names and e-mails of orders and audit) and keeps the filters', () => {
    expect(redactUrl('/zh-tw/staff/money/orders?q=%E7%8E%8B%E5%B0%8F%E6%98%8E&status=paid')).toBe(
      '/zh-tw/staff/money/orders?q=…&status=paid',
    );
    expect(redactUrl('/api/amsw1101/audit?q=someone%40example.org&action=role')).toBe(
      '/api/amsw1101/audit?q=…&action=role',
    );
    expect(redactUrl('/api/amsw1101/money/orders?keyword=Chen&search=x')).toBe(
      '/api/amsw1101/money/orders?keyword=…&search=…',
    );
    expect(redactUrl('/staff?q=A123456789')).toBe('/staff?q=…');
    // Public searches are not the console's: their words are kept for the site's owners.
    expect(redactUrl('/news/list?keyword=annual')).toBe('/news/list?keyword=annual');
    expect(redactUrl('/staffing?q=x')).toBe('/staffing?q=x');
  });
});
