/**
 * What every operators' command shares (`npm run admin`, `settings`, `society`, `import`,
 * `export`, `backup`, `restore`, `move-to-postgres`): the configuration read as the server reads
 * it, the configured database opened as the server opens it (those that work in it), and one way
 * to end.
 */
import { ConfigError, loadConfig, loadEnvFile, type Config } from '../config';
import { DataDirLockedError } from '../db/client';
import { createLogger } from '../logger';
import { installRuntime, type Runtime } from '../runtime';
import { startRuntime } from '../start';

/** A command's own refusal (bad usage, bad input): printed as it is, exit code 1. */
export class CommandError extends Error {}

/**
 * What every command starts with: `.env` read as the server reads it, the configuration checked,
 * and a logger that prints warnings only (the command prints its own outcome).
 */
export function commandConfig(): Config {
  loadEnvFile();
  const config = loadConfig();
  createLogger('warn');
  return config;
}

/** The one FILE a command takes (`npm run backup -- FILE`), or its usage as a refusal. */
export function fileArgument(argv: string[], usage: string): string {
  const [file, ...rest] = argv;
  if (!file || file.startsWith('-') || rest.length > 0) throw new CommandError(usage);
  return file;
}

/**
 * Reads `.env`, opens the configured database as the server does (migrations, base data, the demo
 * when `SEED_DEMO` is on and it is empty; no mail worker: mail waits in the outbox for the server),
 * runs `work` with the runtime installed, and closes it. On the embedded database the data
 * folder's lock refuses this while the server runs, and says so.
 */
export async function withRuntime<T>(name: string, work: (rt: Runtime) => Promise<T>): Promise<T> {
  const rt = await startRuntime(commandConfig(), name);
  installRuntime(rt);
  try {
    return await work(rt);
  } finally {
    await rt.outbox?.stop();
    await rt.mailer.close();
    await rt.database.close();
  }
}

/**
 * Runs a command's `main` and ends the process: a refusal (`CommandError`, a configuration problem,
 * the database in use, or what `describe` recognises) prints its message alone and exits 1; anything
 * else prints its stack and exits 1.
 */
export function runCommand(main: () => Promise<void>, describe: (error: unknown) => string | null = () => null): void {
  main().catch((error: unknown) => {
    const described = describe(error);
    const message =
      described ??
      (error instanceof CommandError || error instanceof ConfigError || error instanceof DataDirLockedError
        ? error.message
        : String(error instanceof Error ? error.stack : error));
    if (message) process.stderr.write(`${message}\n`);
    process.exit(1);
  });
}
