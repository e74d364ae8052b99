// For tests only: checks of a rendered mail.
import { expect } from 'vitest';
import type { MailContent } from './templates';

/** What a test expects of a rendered mail: its subject, and what its text and HTML hold or leave out. */
export interface ExpectedMail {
  subject?: string;
  text?: (string | RegExp)[];
  notText?: string[];
  html?: string[];
  notHtml?: string[];
}

/** Checks a rendered mail against what a test expects of it. */
export function expectMail(mail: MailContent, want: ExpectedMail): void {
  if (want.subject !== undefined) expect(mail.subject).toBe(want.subject);
  for (const part of want.text ?? []) {
    if (typeof part === 'string') expect(mail.text).toContain(part);
    else expect(mail.text).toMatch(part);
  }
  for (const part of want.notText ?? []) expect(mail.text).not.toContain(part);
  for (const part of want.html ?? []) expect(mail.html).toContain(part);
  for (const part of want.notHtml ?? []) expect(mail.html).not.toContain(part);
}
