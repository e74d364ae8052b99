import { test as base, expect, type ConsoleMessage, type Page } from '@playwright/test';

/**
 * The `test` every e2e spec uses: a test fails when any page of its browser context logs a
 * console error or throws an uncaught error, unless the spec allows that exact console error
 * with `test.use({ allowedConsoleErrors: [...] })`. Uncaught page errors are never allowed.
 */

export interface AllowedConsoleError {
  /** Matched against the console message's text. */
  text: RegExp;
  /** When given, also matched against the URL the message came from (for a failed resource: its address). */
  url?: RegExp;
}

interface Options {
  allowedConsoleErrors: AllowedConsoleError[];
}

interface Fixtures {
  /** Console errors and uncaught errors seen so far in this test (checked after it). */
  browserErrors: string[];
  /** The client address the server sees for this test's browser (see below). */
  clientAddress: string;
}

let contexts = 0;

function describe(message: ConsoleMessage): string {
  const { url, lineNumber } = message.location();
  return `console.error: ${message.text()}${url ? ` (${url}${lineNumber ? `:${lineNumber}` : ''})` : ''}`;
}

export const test = base.extend<Fixtures & Options>({
  allowedConsoleErrors: [[], { option: true }],

  // Each test's browser comes from an address of its own (the test server trusts the loopback
  // proxy), as each reader comes from theirs: the per-address limits (sign-in failures raise the
  // captcha's work from 20, refuse the address from 100) count one test's failures, not those of
  // every test before it in the run, which all came from 127.0.0.1.
  clientAddress: [
    async ({ context }, use, testInfo) => {
      contexts += 1;
      const address = `198.20.${testInfo.workerIndex % 250}.${contexts % 250}`;
      await context.setExtraHTTPHeaders({ 'X-Forwarded-For': address });
      await use(address);
    },
    { auto: true },
  ],

  browserErrors: [
    async ({ context, allowedConsoleErrors }, use) => {
      const errors: string[] = [];
      const onConsole = (message: ConsoleMessage) => {
        if (message.type() !== 'error') return;
        const { url } = message.location();
        const allowed = allowedConsoleErrors.some((a) => a.text.test(message.text()) && (!a.url || a.url.test(url)));
        if (!allowed) errors.push(describe(message));
      };
      const onPageError = (error: Error) =>
        errors.push(
          `uncaught ${error.name || 'error'}: ${error.message || '(no message)'}${error.stack ? `\n${error.stack}` : ''}`,
        );
      context.on('console', onConsole);
      // Every page of the context, including ones a test opens later.
      const watch = (page: Page) => page.on('pageerror', onPageError);
      context.pages().forEach(watch);
      context.on('page', watch);

      await use(errors);

      context.off('console', onConsole);
      context.off('page', watch);
      for (const page of context.pages()) page.off('pageerror', onPageError);
      expect(errors, 'the pages logged console errors or threw uncaught errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
