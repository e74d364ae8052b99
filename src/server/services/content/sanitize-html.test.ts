import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './sanitize-html';

describe('sanitizeRichText', () => {
  it('keeps formatting, lists, tables and links', () => {
    const html =
      '<h2>議程</h2><p>Hello <strong>members</strong> <a href="https://example.org">link</a></p><ul><li>a</li></ul><table><tr><th scope="col">x</th></tr></table>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('removes scripts, event handlers, styles, frames and javascript: links', () => {
    const out = sanitizeRichText(
      '<p onclick="alert(1)" style="color:red">t</p><script>alert(1)</script><iframe src="https://x"></iframe>' +
        '<a href="javascript:alert(1)">x</a><img src="x" onerror="alert(1)"><svg onload="alert(1)"></svg><style>p{}</style>',
    );
    expect(out).not.toMatch(/script|onclick|onerror|onload|style|iframe|javascript|svg/i);
    expect(out).toContain('<p>t</p>');
  });

  it('makes images lazy and new-tab links safe', () => {
    expect(sanitizeRichText('<img src="/api/amsw1002?fileId=3" alt="a" width="10" height="5">')).toBe(
      '<img src="/api/amsw1002?fileId=3" alt="a" width="10" height="5" loading="lazy" decoding="async" />',
    );
    expect(sanitizeRichText('<a href="https://x.org" target="_blank">x</a>')).toBe(
      '<a href="https://x.org" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });

  it('keeps only images of the site itself', () => {
    expect(sanitizeRichText('<img src="https://tracker.example/p.gif" alt="x">')).not.toContain('tracker.example');
    expect(sanitizeRichText('<img src="//tracker.example/p.gif" alt="x">')).not.toContain('tracker.example');
    expect(sanitizeRichText('<img src="/api/amsw1002?fileId=3" alt="x">')).toContain('src="/api/amsw1002?fileId=3"');
  });

  it('answers an empty string for nothing', () => {
    expect(sanitizeRichText(null)).toBe('');
    expect(sanitizeRichText(undefined)).toBe('');
  });
});
