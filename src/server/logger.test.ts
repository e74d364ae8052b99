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
});
