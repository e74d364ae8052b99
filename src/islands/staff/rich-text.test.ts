import { describe, expect, it } from 'vitest';
import { linkAllowed } from './rich-text';

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
