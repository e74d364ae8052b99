import { and, desc, eq } from 'drizzle-orm';
import { pointsOf } from '../../../lib/credits/rules';
import { sameFacts, type TranscriptFacts, type TranscriptRequirement } from '../../../lib/documents/facts';
import { ErrorCode } from '../../../lib/error-codes';
import { taipeiDate } from '../../../lib/calendar-date';
import type { Locale } from '../../../lib/locales';
import type { Actor } from '../../auth/sessions';
import { issuedDocuments, memberCertificates } from '../../db/schema';
import { AppError } from '../../app-error';
import { runtime } from '../../runtime';
import { type DocumentFile, documentFile } from '../documents/own-documents';
import { type IssuedDocument, issueOnce, societyName } from '../documents/issue-documents';
import { nextNumber } from '../numbering';
import { type OwnCertification, readOwnCertification } from './standing';

/** A transcript's number: the year it was issued and the year's sequence (`T2026-000042`). */
const TRANSCRIPT_NUMBER = 'T{yyyy}-{seq:6}';

/** What a transcript of the member's certificate states today (everything but the day itself). */
function transcriptFacts(
  own: OwnCertification & { certificate: NonNullable<OwnCertification['certificate']> },
  holder: TranscriptFacts['holder'],
  society: TranscriptFacts['society'],
): TranscriptFacts {
  const { kind, certificate, lines } = own;
  const standing = own.standing!;
  const categories = new Map(kind.rules.categories.map((c) => [c.key, c.name]));
  const requirements: TranscriptRequirement[] = [
    { kind: 'total', have: pointsOf(standing.total.have), need: pointsOf(standing.total.need) },
    ...standing.classes.map((c) => ({
      kind: 'class' as const,
      creditClass: c.creditClass,
      have: pointsOf(c.have),
      need: pointsOf(c.need),
    })),
    ...standing.groups.map((g) => ({
      kind: 'group' as const,
      name: kind.rules.groups.find((r) => r.key === g.key)!.name,
      have: pointsOf(g.have),
      min: pointsOf(g.min),
      cap: g.cap === null ? null : pointsOf(g.cap),
    })),
    ...standing.methods.map((m) => ({
      kind: 'method' as const,
      method: m.method,
      have: pointsOf(m.have),
      cap: pointsOf(m.cap),
    })),
  ];
  const counts = new Map(standing.entries.map((e) => [e.id, e]));
  return {
    society,
    holder,
    certification: kind.name,
    issuer: kind.issuer,
    certificate: { number: certificate.number, startsOn: certificate.startsOn, endsOn: certificate.endsOn },
    requirements,
    met: standing.met,
    entries: lines
      .filter((l) => counts.get(l.entry.id)?.reason !== 'outsidePeriod' && l.entry.status === 'posted')
      .map((l) => ({
        earnedOn: l.entry.earnedOn,
        title: l.title,
        provider: l.provider,
        category: categories.get(l.entry.category) ?? { 'zh-tw': l.entry.category },
        method: l.entry.method,
        creditClass: l.entry.creditClass,
        points: pointsOf(l.entry.points),
        counted: pointsOf(counts.get(l.entry.id)?.counted ?? 0),
      })),
  };
}

/**
 * The member's credit transcript for a certification: the latest one issued for their current
 * certificate while the ledger still gives the same standing, else a new one (numbered in the
 * year's sequence). Earlier transcripts stay valid: each states the standing on its day. Without a
 * certificate of the kind there is no transcript (-6); an unknown kind -6.
 */
export async function ownTranscript(actor: Actor, kindId: number): Promise<IssuedDocument> {
  const account = actor.account;
  if (account.userType !== 'individual') throw new AppError(ErrorCode.NO_PERMISSION);
  const own = await readOwnCertification(actor.accountId, kindId, taipeiDate());
  const certificate = own.certificate;
  if (!certificate) throw new AppError(ErrorCode.NO_DATA, null, { key: 'transcriptNone' });
  const facts = transcriptFacts(
    { ...own, certificate },
    { nameZh: account.nameZh, nameEn: account.nameEn },
    await societyName(),
  );
  if (account.membership) facts.memberNo = account.membership.memberNo;
  const { db } = (await runtime()).database;
  // Under the certificate's lock, so two first downloads at once issue one transcript.
  return db.transaction(async (tx) => {
    await tx
      .select({ id: memberCertificates.id })
      .from(memberCertificates)
      .where(eq(memberCertificates.id, certificate.id))
      .for('update');
    const [latest] = await tx
      .select()
      .from(issuedDocuments)
      .where(and(eq(issuedDocuments.kind, 'transcript'), eq(issuedDocuments.subjectId, certificate.id)))
      .orderBy(desc(issuedDocuments.id))
      .limit(1);
    if (latest && !latest.revokedAt && sameFacts(latest.facts, facts)) return latest;
    const number = await nextNumber(tx, 'transcript', TRANSCRIPT_NUMBER, { year: Number(taipeiDate().slice(0, 4)) });
    return issueOnce(tx, { kind: 'transcript', number, accountId: actor.accountId, subjectId: certificate.id, facts });
  });
}

/** The member's credit transcript for a certification as a PDF in the reader's language. */
export async function downloadTranscript(actor: Actor, kindId: number, locale: Locale): Promise<DocumentFile> {
  return documentFile(await ownTranscript(actor, kindId), locale);
}
