import { describe, expect, it } from 'vitest';
import { linkAllowed, pictureAllowed } from './rich-text';

describe('the links the rich-text editor makes', () => {
  it('are web, mail and phone addresses and pages of this site', () => {
    for (const href of [
      'https://example.org/a',
      'http://example.org',
      'mailto:office@example.org',
      'tel:+886223510000',
      '/about/board',
      ' /news/list ',
    ]) {
      expect(linkAllowed(href), href).toBe(true);
    }
  });

  it('are never scripts, other schemes, other hosts without a scheme, or bare words', () => {
    for (const href of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,x',
      'ftp://example.org',
      '//evil.example',
      'example.org',
      'about',
      '',
      'https://',
      'mailto:',
    ]) {
      expect(linkAllowed(href), href).toBe(false);
    }
  });
});

describe('the pictures the rich-text editor holds', () => {
  it('are the society’s files by their address on this site, nothing from elsewhere', () => {
    expect(pictureAllowed('/api/amsw1002?fileId=12')).toBe(true);
    for (const src of [
      'https://tracker.example/p.gif',
      '//tracker.example/p.gif',
      '/api/amsw1002?fileId=1&x=2',
      'data:image/png;base64,AA',
    ])
      expect(pictureAllowed(src), src).toBe(false);
  });
});
