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
