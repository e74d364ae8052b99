import pino, { type Logger } from 'pino';

let current: Logger | undefined;

export function createLogger(level: string): Logger {
  current = pino({ level, base: undefined, timestamp: pino.stdTimeFunctions.isoTime });
  return current;
}

/** The process logger; one JSON line per event. */
export function logger(): Logger {
  current ??= createLogger(process.env.LOG_LEVEL ?? 'info');
  return current;
}

/** The address as logged: secrets in the query (preview tokens) are replaced, so logs grant nothing. */
export function redactUrl(url: string | undefined): string | undefined {
  return url?.replace(/([?&]token=)[^&#]*/gi, '$1…');
}
