import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { getT } from '../../../i18n';
import { auditActionName, auditTargetText, auditValuesText } from '../../../lib/audit-text';

const zh = getT('zh-tw');
const en = getT('en-us');

/** Actions whose names the code builds (`import.${kind.name}`, `remittance.${result}`, `content.journalNumber.${action}`). */
const BUILT = ['import.members', 'import.credits', 'remittance.confirmed', 'remittance.rejected'].concat(
  ['create', 'update', 'publish', 'unpublish'].map((a) => `content.journalNumber.${a}`),
);

/** Every action the portal writes to the log (`action: 'content.article.update'` in its code, and the built ones). */
function recordedActions(): string[] {
  const root = path.resolve(import.meta.dirname, '../..');
  const found = new Set<string>(BUILT);
  for (const file of readdirSync(root, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
    const code = readFileSync(path.join(root, file), 'utf8');
    for (const m of code.matchAll(/action: '([a-zA-Z]+\.[a-zA-Z.]+)'/g)) found.add(m[1]!);
  }
  return [...found].sort();
}

describe('the audit log in the reader’s language', () => {
  it('names every action the portal records, in both languages', () => {
    const actions = recordedActions();
    expect(actions.length).toBeGreaterThan(60);
    for (const action of actions) {
      for (const t of [zh, en]) {
        const name = auditActionName(t, action);
        expect(name, action).not.toBe(action);
        expect(name, action).not.toMatch(/[a-z][A-Z]|\./);
      }
    }
    expect(auditActionName(zh, 'content.article.update')).toBe('修改文章');
    expect(auditActionName(en, 'role.grant')).toBe('Role granted');
    expect(auditActionName(zh, 'signIn')).toBe('登入');
    // An action without a name of its own is named by its group.
    expect(auditActionName(en, 'society.memberClass')).toBe('Society settings');
  });

  it('spells out values: field names, yes and no, role names, lists and nested values', () => {
    expect(auditValuesText(zh, { remember: false })).toBe('記住登入: 否');
    expect(auditValuesText(en, { remember: true, afterSignUp: true })).toBe('Remember me: Yes; After sign-up: Yes');
    expect(auditValuesText(en, { role: 'reviewer:membership' })).toBe(
      `Role: ${en('staff:roleNames.reviewer-membership')}`,
    );
    expect(auditValuesText(zh, { accountId: 2 })).toBe('帳號編號: 2');
    const sequences = auditValuesText(en, { sequences: [{ name: 'member', from: 0, to: 12 }] });
    expect(sequences).toBe('Number sequences: (Name: member, From: 0, To: 12)');
    expect(sequences).not.toMatch(/[{}[\]"]/);
    expect(auditValuesText(en, null)).toBe('');
    // Coded words by their names, an empty list as none.
    expect(auditValuesText(en, { found: [7], words: 'text', organisations: [] })).toBe(
      'Accounts found: 7; Searched by: Name, e-mail or number; Organisations found: None',
    );
    expect(auditValuesText(zh, { method: 'totp' })).toBe('方式: 驗證 App');
    // A person's fields as the correction names them, as keys and as the fields a change touched.
    expect(auditValuesText(en, { mobile: '0933123456', fields: ['email', 'nameZh'] })).toBe(
      `${en('account:fields.mobile')}: 0933123456; Fields: ${en('staff:people.correct.email')}, ${en('staff:people.correct.nameZh')}`,
    );
  });

  it('names what an entry is about', () => {
    expect(auditTargetText(zh, 'article', '12')).toBe('文章 12');
    expect(auditTargetText(en, 'importRun', 3)).toBe('Import 3');
    expect(auditTargetText(en, null, null)).toBe('');
  });
});
