import { describe, expect, it } from 'vitest';
import { initials, safeUrl, safeWebUrl, telHref } from './safe-url';

describe('safeUrl', () => {
  it('keeps web, mail and phone addresses and site paths', () => {
    expect(safeUrl('https://www.ntuh.gov.tw/')).toBe('https://www.ntuh.gov.tw/');
    expect(safeUrl('mailto:service@example.org')).toBe('mailto:service@example.org');
    expect(safeUrl('tel:0223123456')).toBe('tel:0223123456');
    expect(safeUrl(' /member/center ')).toBe('/member/center');
  });

  it('refuses script, data and protocol-relative addresses', () => {
    expect(safeUrl('javascript:alert(1)')).toBeNull();
    expect(safeUrl(' JaVaScRiPt:alert(1)')).toBeNull();
    expect(safeUrl('data:text/html,<script>alert(1)</script>')).toBeNull();
    expect(safeUrl('//evil.example/x')).toBeNull();
    expect(safeUrl('/\\evil.example')).toBeNull();
    expect(safeUrl('https://x.example/"onmouseover="alert(1)')).toBeNull();
    expect(safeUrl('')).toBeNull();
    expect(safeUrl(undefined)).toBeNull();
  });
});

describe('telHref', () => {
  it('keeps only digits and a plus sign', () => {
    expect(telHref('02-2312-3456')).toBe('tel:0223123456');
    expect(telHref('+886 2 2312 3456')).toBe('tel:+886223123456');
  });

  it('keeps an extension out of the number, as the ;ext= of the number written for the world', () => {
    expect(telHref('02-2351 0000 ext. 12')).toBe('tel:+886223510000;ext=12');
    expect(telHref('(02) 2351-0000 分機 305')).toBe('tel:+886223510000;ext=305');
    expect(telHref('+886-2-2351-0000 #7')).toBe('tel:+886223510000;ext=7');
    expect(telHref('02-2351-0000 x12')).toBe('tel:+886223510000;ext=12');
  });
});

describe('initials', () => {
  it('takes the family name of a Chinese name and two initials of a Western one', () => {
    expect(initials('陳文雄')).toBe('陳');
    expect(initials('Chen Wen-Hsiung')).toBe('CW');
    expect(initials('lee')).toBe('L');
    expect(initials('  ')).toBe('');
  });
});

describe('safeWebUrl', () => {
  it('keeps only absolute web addresses', () => {
    expect(safeWebUrl('https://example.org/register')).toBe('https://example.org/register');
    expect(safeWebUrl('javascript:alert(1)')).toBeNull();
    expect(safeWebUrl('/member/center')).toBeNull();
    expect(safeWebUrl('mailto:a@b.org')).toBeNull();
    expect(safeWebUrl(null)).toBeNull();
  });
});
