import { afterAll, beforeAll } from 'vitest';
import { loadConfig } from './config';
import { installRuntime, type Runtime } from './runtime';
import { startRuntime } from './start';

/**
 * For unit tests of services and auth: a runtime on a throw-away embedded database without the
 * demo, installed before the file's tests and closed after them. Read it with the getter.
 */
export function useMemoryRuntime(env: Record<string, string> = {}): () => Runtime {
  let rt: Runtime | undefined;
  beforeAll(async () => {
    rt = await startRuntime(
      loadConfig({ DATA_DIR: 'memory', SEED_DEMO: 'false', LOG_LEVEL: 'silent', ...env }),
      'test',
    );
    installRuntime(rt);
  }, 60_000);
  afterAll(async () => {
    await rt?.mailer.close();
    await rt?.database.close();
  });
  return () => {
    if (!rt) throw new Error('The runtime is only there inside tests');
    return rt;
  };
}
