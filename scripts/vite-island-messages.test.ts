import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { getT, resources } from '../src/i18n/index';
import {
  CLIENT_I18N,
  completeParts,
  islandParts,
  messagesFor,
  NAMESPACES,
  partsIn,
  withMessages,
} from './vite-island-messages.mjs';

const islands = path.resolve(import.meta.dirname, '../src/islands');
const island = (name: string) => path.join(islands, name);

describe('the texts an island loads in the browser', () => {
  it('are the parts its own code and what it imports name, with common', () => {
    const login = islandParts(island('account/LoginForm.tsx'));
    expect(login).toEqual(expect.arrayContaining(['account:login', 'account:fields', 'common']));
    expect(login.some((part) => part.startsWith('staff'))).toBe(false);
    // The new-password pair (shared/NewPasswordFields.tsx) names its keys for the change form.
    expect(islandParts(island('account/ChangePasswordForm.tsx'))).toEqual(
      expect.arrayContaining(['account:passwordRules', 'password:validation', 'signup:confirmPassword']),
    );
    // The button's words a page gives the renewal island are among the keys it names.
    expect(islandParts(island('membership/SubmitFlow.tsx'))).toContain('membership:extension');
  });

  it('see an entry written whole, and take the whole namespace where it is not', () => {
    const code = "t('account:fields.x'); t(`errors:${code}`); t(\"staff:title\"); t(`papers:${a}.b`); 'nothing:here'";
    expect([...partsIn(code)].sort()).toEqual(['account:fields', 'errors', 'papers', 'staff:title']);
    expect(NAMESPACES).toContain('common');
    expect(completeParts(['errors', 'errors:-999'])).toEqual(['common', 'errors']);
  });

  it('hold each text of a part as the server has it, plural forms and nested texts included', () => {
    const messages = messagesFor('en-us', completeParts(['errors:categoryInUse', 'account:titles'])) as Record<
      string,
      Record<string, unknown>
    >;
    const en = resources['en-us'];
    expect(messages.errors).toEqual({
      categoryInUse_one: en.errors.categoryInUse_one,
      categoryInUse_other: en.errors.categoryInUse_other,
    });
    expect(messages.account).toEqual({ titles: en.account.titles });
    // "$t(payments:finance.title)" among the titles brings the payments title along.
    expect(getT('en-us')('account:titles.remittances')).toBe(getT('en-us')('payments:finance.title'));
    expect(messages.payments).toEqual({ finance: en.payments.finance });
    expect(messages.common).toEqual(en.common);
  });

  it('are loaded at the end of the island module, so its lines keep their numbers', () => {
    const code = "import { getT } from '@/i18n';\nexport default function A() {\n  return null;\n}\n";
    const loaded = withMessages(code, ['account:login', 'common']);
    expect(loaded.startsWith(code)).toBe(true);
    expect(loaded).toContain(`from ${JSON.stringify(CLIENT_I18N)}`);
    expect(loaded).toMatch(
      /await __loadIslandMessages\(\{ "zh-tw": \(\) => import\("virtual:island-messages\/texts-zh-tw-[0-9a-f]+"\), "en-us": /,
    );
  });

  it('cover every key an island names outright', () => {
    const files = readdirSync(islands, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.tsx'));
    expect(files.length).toBeGreaterThan(50);
    for (const file of files) {
      const full = path.join(islands, file);
      const code = readFileSync(full, 'utf8');
      if (!/^export default /m.test(code)) continue;
      const needs = islandParts(full);
      for (const part of partsIn(code)) {
        expect(needs.includes(part) || needs.includes(part.split(':')[0]!), `${file} ${part}`).toBe(true);
      }
    }
  });
});
