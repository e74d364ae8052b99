import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import type { RunningServer } from '../setup/start-server';
import { PDF } from './membership-helpers';
import type { signedInOn } from './own-server';

/**
 * The portal killed (`kill -9`) while it writes, on either engine: the writes are credit claims,
 * each of which writes in one transaction the application, its document, its first row of
 * history, its item on the credit reviewers' queue and the applicant's mail, so a claim written
 * in part would show. Each claim's evidence is uploaded first (bytes on disk, then the file's row).
 */

export const MEMBER = ['member@example.org', 'Member2026demo'] as const;

type Member = Awaited<ReturnType<typeof signedInOn>>;

export interface Acknowledged {
  /** Claims the portal answered as sent (code 0): their id and number. */
  claims: { applicationId: number; number: string }[];
  /** Uploads the portal answered as stored. */
  files: number[];
}

/** The certification the demo member claims points for (its claims go to the credit reviewers). */
export async function specialistCertification(member: Member): Promise<number> {
  const list = await member.call<{ certificationList: { certificationId: number; name: string }[] }>('/api/amsw0602');
  return list.data.certificationList.find((c) => c.name === '本會專科醫師證書')!.certificationId;
}

/** Uploads a document and sends a claim with it, recording each once acknowledged; throws on any other answer. */
export async function sendClaim(member: Member, certificationId: number, acknowledged: Acknowledged, n: number) {
  const form = new FormData();
  form.set('purpose', 'applicationDocument');
  form.set('file', new File([PDF], `evidence-${n}.pdf`));
  const stored = await member.call<{ fileId: number }>('/api/amsw1001/upload', { method: 'POST', body: form });
  if (stored.code !== 0) throw new Error(`upload: ${JSON.stringify(stored)}`);
  acknowledged.files.push(stored.data.fileId);
  const sent = await member.post<{ applicationId: number; number: string }>('/api/amsw0602/claim', {
    certificationId,
    method: 'paper',
    category: 'research',
    creditClass: 'A',
    title: `Written before the kill ${n}`,
    provider: 'Journal of Clinical Practice',
    earnedOn: '2026-03-01',
    points: 2,
    description: '',
    documents: [{ key: 'evidence1', fileId: stored.data.fileId }],
  });
  if (sent.code !== 0) throw new Error(`claim: ${JSON.stringify(sent)}`);
  acknowledged.claims.push({ applicationId: sent.data.applicationId, number: sent.data.number });
}

/**
 * Sends claims from four loops at once until at least `atLeast` are acknowledged and a moment
 * more, then kills `pid` with SIGKILL while they still go on, and waits for the loops to end
 * (each at its first request without an answer). Answers what was acknowledged.
 */
export async function killDuringClaims(
  server: RunningServer,
  member: Member,
  certificationId: number,
  kill: () => void,
  atLeast = 8,
): Promise<Acknowledged> {
  const acknowledged: Acknowledged = { claims: [], files: [] };
  let n = 0;
  let killed = false;
  const loops = Array.from({ length: 4 }, async () => {
    for (;;) {
      try {
        await sendClaim(member, certificationId, acknowledged, n++);
      } catch (error) {
        // After the kill, requests find no one; before it, every claim must succeed.
        if (killed) return;
        throw error;
      }
    }
  });
  const deadline = Date.now() + 30_000;
  while (acknowledged.claims.length < atLeast) {
    if (Date.now() > deadline)
      throw new Error(`only ${acknowledged.claims.length} claims in 30 s:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await new Promise((resolve) => setTimeout(resolve, 300));
  killed = true;
  kill();
  await Promise.all(loops);
  return acknowledged;
}

/** Runs one SQL statement on the portal's database (a direct connection, or the embedded folder opened after the stop). */
export type Query = <T>(text: string) => Promise<T[]>;

/**
 * Everything acknowledged is there, and nothing is there in part: each claim sent since `since`
 * has its one document, one submit in its history, one open item on the credit queue and its
 * mail; each uploaded file's row has its bytes under `dataDir/files`; the application numbers'
 * counter is past every number used (the next claim gets a new one).
 */
export async function expectWholeClaims(query: Query, dataDir: string, acknowledged: Acknowledged, since: Date) {
  const at = `'${since.toISOString()}'::timestamptz`;
  const claims = await query<{
    id: number;
    number: string;
    state: string;
    history: number;
    submits: number;
    documents: number;
    reviews: number;
  }>(`
    SELECT a.id, a.number, a.state,
      (SELECT count(*)::int FROM application_history h WHERE h.application_id = a.id) AS history,
      (SELECT count(*)::int FROM application_history h WHERE h.application_id = a.id AND h.event = 'submit') AS submits,
      (SELECT count(*)::int FROM application_files f JOIN files ON files.id = f.file_id WHERE f.application_id = a.id) AS documents,
      (SELECT count(*)::int FROM review_items r WHERE r.queue = 'credit' AND r.subject_id = a.id AND r.status = 'open') AS reviews
    FROM applications a WHERE a.type = 'creditClaim' AND a.created_at >= ${at} ORDER BY a.id`);

  // Every acknowledged claim is there, under the number it was answered with.
  const byId = new Map(claims.map((c) => [c.id, c]));
  expect(acknowledged.claims.filter((c) => byId.get(c.applicationId)?.number !== c.number)).toEqual([]);
  // None is there in part.
  expect(
    claims.filter(
      (c) => c.state !== 'submitted' || c.history !== 1 || c.submits !== 1 || c.documents !== 1 || c.reviews !== 1,
    ),
  ).toEqual([]);
  const [mails] = await query<{ n: number }>(
    `SELECT count(*)::int AS n FROM mail_outbox WHERE kind = 'application.received' AND created_at >= ${at}`,
  );
  expect(mails!.n).toBe(claims.length);

  // Every acknowledged upload is there, and every file row has its bytes.
  const files = await query<{ id: number; storage_key: string; sha256: string }>(
    `SELECT id, storage_key, sha256 FROM files WHERE purpose = 'applicationDocument' AND created_at >= ${at}`,
  );
  const fileIds = new Set(files.map((f) => f.id));
  expect(acknowledged.files.filter((id) => !fileIds.has(id))).toEqual([]);
  const digest = (key: string) => {
    try {
      return createHash('sha256')
        .update(readFileSync(path.join(dataDir, 'files', key)))
        .digest('hex');
    } catch {
      return 'missing';
    }
  };
  expect(files.filter((f) => digest(f.storage_key) !== f.sha256).map((f) => f.storage_key)).toEqual([]);

  // The counter behind the numbers (A2026-000123: `application:2026`) is past the last one used,
  // so no number is handed out twice.
  const last = claims.at(-1)!.number;
  const [counter] = await query<{ value: number }>(
    `SELECT value FROM number_sequences WHERE name = 'application:${last.slice(1, 5)}'`,
  );
  expect(counter!.value).toBeGreaterThanOrEqual(Math.max(...claims.map((c) => Number(c.number.split('-')[1]))));
  return { claims: claims.length };
}
