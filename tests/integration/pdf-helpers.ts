import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { baseUrl } from './helpers';

const folder = mkdtempSync(path.join(tmpdir(), 'portal-documents-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** The text of a PDF as poppler's pdftotext reads it (layout kept, so table rows stay on one line). */
export function pdfText(bytes: Uint8Array): string {
  const file = path.join(folder, `${Math.random().toString(36).slice(2)}.pdf`);
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

/** A document download: the answer, its bytes, and their first five characters (`%PDF-` for a PDF). */
export async function download(pathAndQuery: string, auth: Record<string, string>, lang = 'zh-tw') {
  const res = await fetch(`${baseUrl()}${pathAndQuery}`, { headers: { ...auth, Lang: lang } });
  const bytes = new Uint8Array(await res.arrayBuffer());
  return { res, bytes, head: new TextDecoder().decode(bytes.slice(0, 5)) };
}

/** The envelope of a download that answered JSON instead of a PDF. */
export const envelopeOf = (bytes: Uint8Array) => JSON.parse(new TextDecoder().decode(bytes)) as { code: number };

/** The verification code a PDF prints (two groups of five, from the unambiguous alphabet). */
export const codeIn = (text: string) => /[3-9A-Y]{5}-[3-9A-Y]{5}/.exec(text)?.[0] ?? '';
