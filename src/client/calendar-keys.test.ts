import { describe, expect, it } from 'vitest';
import { targetDay } from './calendar-keys';

// November 2026: 30 days, the 1st is a Sunday (weekday 0).
describe('targetDay', () => {
  it('moves a day with the left and right arrows, and a week with up and down', () => {
    expect(targetDay(10, 'ArrowRight', 30, 2)).toBe(11);
    expect(targetDay(10, 'ArrowLeft', 30, 2)).toBe(9);
    expect(targetDay(10, 'ArrowDown', 30, 2)).toBe(17);
    expect(targetDay(10, 'ArrowUp', 30, 2)).toBe(3);
  });

  it('goes to the start and end of the week with Home and End, within the month', () => {
    expect(targetDay(10, 'Home', 30, 2)).toBe(8);
    expect(targetDay(10, 'End', 30, 2)).toBe(14);
    expect(targetDay(30, 'End', 30, 1)).toBe(30);
    expect(targetDay(2, 'Home', 31, 6)).toBe(1);
  });

  it('stays put at the edges of the month and ignores other keys', () => {
    expect(targetDay(1, 'ArrowLeft', 30, 0)).toBeNull();
    expect(targetDay(30, 'ArrowRight', 30, 1)).toBeNull();
    expect(targetDay(3, 'ArrowUp', 30, 2)).toBeNull();
    expect(targetDay(28, 'ArrowDown', 30, 6)).toBeNull();
    expect(targetDay(10, 'Enter', 30, 2)).toBeNull();
  });
});
