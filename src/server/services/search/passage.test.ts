import { queryMatcher } from '../../../lib/search/tokenize';
import { describe, expect, it } from 'vitest';
import { passage } from './passage';

const shown = (parts: Array<{ text: string; mark: boolean }>) =>
  parts.map((p) => (p.mark ? `[${p.text}]` : p.text)).join('');

describe('a result’s passage', () => {
  const english =
    'Preparation for the examination begins a week before. Residents review anatomy, practise probe handling ' +
    'and read the society’s abdominal ultrasound guideline with their supervisors, who assess each recording ' +
    'against the checklist published in the appendix of this document.';

  it('marks the match and never starts or ends inside a word', () => {
    // Texts shifted a character at a time, so the passage's natural cut falls at every place of a word.
    for (let shift = 0; shift < 12; shift++) {
      const source = english
        .replace('the society’s', `the ${'x'.repeat(shift + 1)} society’s`)
        .replace('with', `${'y'.repeat(shift + 1)} with`);
      const text = shown(passage(source, queryMatcher('ultrasound')(source)));
      expect(text).toContain('[ultrasound]');
      expect(text.startsWith('…')).toBe(true);
      expect(text.endsWith('…')).toBe(true);
      // Between the ellipses: a stretch of the text from a word's start to a word's end.
      const inner = text.slice(1, -1).replace(/[[\]]/g, '');
      const at = source.indexOf(inner);
      expect(at, text).toBeGreaterThan(0);
      expect(source[at - 1], text).toBe(' ');
      expect(source[at + inner.length], text).toBe(' ');
    }
  });

  it('cuts Chinese anywhere between characters and keeps the match whole', () => {
    const text = '本指引'.repeat(20) + '說明腹部超音波檢查的準備' + '與判讀'.repeat(40);
    const shownText = shown(passage(text, queryMatcher('超音波')(text)));
    expect(shownText).toContain('[超音波]');
    expect(Array.from(shownText.replace(/[…[\]]/g, '')).length).toBeLessThanOrEqual(140);
  });

  it('shows the opening of a short text whole, with no ellipsis', () => {
    expect(
      shown(
        passage(
          'Ultrasound guideline for residents.',
          queryMatcher('guidelines')('Ultrasound guideline for residents.'),
        ),
      ),
    ).toBe('Ultrasound [guideline] for residents.');
  });
});
