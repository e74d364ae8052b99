import { describe, expect, it } from 'vitest';
import { AppError } from '../../app-error';
import { assertFresh, changes, deskText, moveInOrder, publishMoment } from './desk-changes';

describe('moveInOrder', () => {
  const rows = [
    { id: 7, sort: 10 },
    { id: 3, sort: 20 },
    { id: 9, sort: 30 },
  ];

  it('swaps an entry with the one above or below, answering only the entries whose place changes', () => {
    expect(moveInOrder(rows, 9, 'up')).toEqual([
      { id: 9, sort: 20 },
      { id: 3, sort: 30 },
    ]);
    expect(moveInOrder(rows, 7, 'down')).toEqual([
      { id: 3, sort: 10 },
      { id: 7, sort: 20 },
    ]);
  });

  it('changes nothing at either end, and answers null for an entry not in the list', () => {
    expect(moveInOrder(rows, 7, 'up')).toEqual([]);
    expect(moveInOrder(rows, 9, 'down')).toEqual([]);
    expect(moveInOrder(rows, 4, 'up')).toBeNull();
  });

  it('numbers a list kept with gaps and ties again from 10', () => {
    const messy = [
      { id: 1, sort: 0 },
      { id: 2, sort: 0 },
      { id: 3, sort: 55 },
    ];
    expect(moveInOrder(messy, 3, 'up')).toEqual([
      { id: 1, sort: 10 },
      { id: 3, sort: 20 },
      { id: 2, sort: 30 },
    ]);
  });
});

describe('assertFresh and changes', () => {
  it('refuses a form read before the last change, or one that does not say when it was read', () => {
    const at = new Date('2026-11-27T04:00:00.123Z');
    expect(() => assertFresh(at, '2026-11-27T12:00:00.123+08:00')).not.toThrow();
    expect(() => assertFresh(at, '2026-11-27T04:00:00.000Z')).toThrow(AppError);
    expect(() => assertFresh(at, undefined)).toThrow(AppError);
  });

  it('keeps only the fields that differ', () => {
    expect(changes({ a: 1, b: { x: 1 } }, { a: 1, b: { x: 2 } })).toEqual({
      before: { b: { x: 1 } },
      after: { b: { x: 2 } },
      changed: true,
    });
    expect(changes({ a: 1 }, { a: 1 }).changed).toBe(false);
  });
});

describe('publishMoment', () => {
  // 07:00 in Taipei on 3 December; the article went out at 06:17 Taipei on 2 December (22:17 UTC the day before).
  const now = new Date('2026-12-02T23:00:00Z');
  const kept = new Date('2026-12-01T22:17:00Z');

  it('keeps the moment already kept when the form sends its own Taipei day, or none', () => {
    expect(publishMoment('2026-12-02', now, kept)).toEqual(kept);
    expect(publishMoment('', now, kept)).toEqual(kept);
  });

  it('takes the start of another Taipei day, or now for today', () => {
    expect(publishMoment('2026-12-01', now, kept)).toEqual(new Date('2026-11-30T16:00:00Z'));
    expect(publishMoment('2026-12-03', now, kept)).toEqual(now);
    expect(publishMoment('2026-12-05', now, null)).toEqual(new Date('2026-12-04T16:00:00Z'));
    expect(publishMoment('', now)).toEqual(now);
  });
});

describe('deskText', () => {
  it('gives a stored text as the form fields of both languages, empty where a language is not given', () => {
    expect(deskText('title', { 'zh-tw': '年會', 'en-us': 'Congress' })).toEqual({
      titleZh: '年會',
      titleEn: 'Congress',
    });
    expect(deskText('summary', { 'zh-tw': '摘要' })).toEqual({ summaryZh: '摘要', summaryEn: '' });
    expect(deskText('coverAlt', null)).toEqual({ coverAltZh: '', coverAltEn: '' });
  });
});
