import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { getT } from '../src/i18n/index';
import { CLIENT_I18N, islandNamespaces, namespacesIn, NAMESPACES, withMessages } from './vite-island-messages.mjs';

const islands = path.resolve(import.meta.dirname, '../src/islands');
const island = (name: string) => path.join(islands, name);

describe('the translations an island loads in the browser', () => {
  it('are the namespaces its own code and what it imports name, with common', () => {
    // The sign-in form names account keys itself, and its password field shares the password texts.
    const login = islandNamespaces(island('account/LoginForm.tsx'));
    expect(login).toEqual(expect.arrayContaining(['account', 'common']));
    expect(login).not.toContain('staff');
    expect(login).not.toContain('papers');
    // The new-password pair (shared/NewPasswordFields.tsx) names its keys for the change form.
    expect(islandNamespaces(island('account/ChangePasswordForm.tsx'))).toEqual(
      expect.arrayContaining(['account', 'common', 'password']),
    );
    // The button's words a page gives the renewal island are among the keys it names.
    expect(islandNamespaces(island('membership/SubmitFlow.tsx'))).toContain('membership');
  });

  it('include the namespaces whose texts a loaded one takes', () => {
    // account's page titles say "$t(payments:finance.title)".
    expect(getT('en-us')('account:titles.remittances')).toBe(getT('en-us')('payments:finance.title'));
    const needs = islandNamespaces(island('account/LogoutButton.tsx'));
    expect(needs).toContain('account');
    expect(needs).toContain('payments');
  });

  it('see keys written whole, in quotes or a template, and only known namespaces', () => {
    const code = "t('account:fields.x'); t(`errors:${code}`); t(\"staff:a\"); 'https://x'; 'nothing:here'";
    expect([...namespacesIn(code)].sort()).toEqual(['account', 'errors', 'staff']);
    expect(NAMESPACES).toContain('common');
  });

  it('are loaded at the end of the island module, so its lines keep their numbers', () => {
    const code = "import { getT } from '@/i18n';\nexport default function A() {\n  return null;\n}\n";
    const loaded = withMessages(code, ['account', 'common']);
    expect(loaded.startsWith(code)).toBe(true);
    expect(loaded).toContain(`from ${JSON.stringify(CLIENT_I18N)}`);
    expect(loaded).toContain('await __loadIslandMessages(["account","common"]);');
  });

  it('cover every key an island names outright', () => {
    // Each island file's own literal keys are in its namespaces (a sweep of the whole directory).
    const files = readdirSync(islands, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.tsx'));
    expect(files.length).toBeGreaterThan(50);
    for (const file of files) {
      const full = path.join(islands, file);
      const code = readFileSync(full, 'utf8');
      if (!/^export default /m.test(code)) continue;
      const needs = islandNamespaces(full);
      for (const ns of namespacesIn(code)) expect(needs, file).toContain(ns);
    }
  });
});
