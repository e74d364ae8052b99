import { describe, expect, it } from 'vitest';
import { supervisedQueues } from './staff-sections';

describe('who supervises which review queue', () => {
  it('keeps each staff role to its own queues, and gives the admin every one', () => {
    expect(supervisedQueues(['office'])).toEqual(['membership', 'memberStatus']);
    expect(supervisedQueues(['ceOfficer'])).toEqual(['credit', 'contiEdu']);
    expect(supervisedQueues(['editorInChief'])).toEqual(['paper']);
    expect(supervisedQueues(['admin'])).toEqual(['membership', 'memberStatus', 'credit', 'contiEdu', 'paper']);
  });

  it('gives reviewers, finance and the content editor no queue to supervise', () => {
    expect(supervisedQueues(['reviewer:paper', 'reviewer:membership', 'finance', 'editor'])).toEqual([]);
  });
});
