import { AsyncLocalStorage } from 'node:async_hooks';

/** The statements one request has sent to the database so far. */
export interface StatementCounter {
  statements: number;
}

const scope = new AsyncLocalStorage<StatementCounter>();

/**
 * Runs a request's work with a counter of its database statements (the front does, for every
 * request it hands to Astro; the count goes into the request's log line and keeps the budget of
 * docs/architecture.md honest).
 */
export function withStatementCounter<T>(counter: StatementCounter, work: () => T): T {
  return scope.run(counter, work);
}

/** Drizzle's logger hook: one more statement for the request under way, if any. */
export const statementCountingLogger = {
  logQuery(): void {
    const counter = scope.getStore();
    if (counter) counter.statements += 1;
  },
};
