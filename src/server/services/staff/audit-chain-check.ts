/**
 * Checking the audit log's chain (docs/decisions/033-audit-chain.md): on demand (the console's audit
 * page, `npm run audit-verify`) and by the daily job, which stores its result for the audit page to
 * show and mails the admins, each in their language, once per break.
 */
import { eq } from 'drizzle-orm';
import { getT } from '../../../i18n';
import type { Locale } from '../../../lib/locales';
import { localePath } from '../../../lib/paths';
import { checkAuditChain, type ChainCheck } from '../../db/audit-chain';
import { auditChainHead } from '../../db/schema';
import { COPY, layout } from '../../integrations/mail/templates';
import { enqueueMails } from '../../integrations/mail/outbox';
import { runtime } from '../../runtime';
import { mailSite } from '../mail/mail-site';
import { roleHoldersToMail } from '../roles/role-holders';

/** Walks the whole chain now, with this process's key. */
export async function verifyAuditChain(): Promise<ChainCheck> {
  const rt = await runtime();
  return checkAuditChain(rt.database.db, rt.secrets.auditChainKey);
}

/** A check's outcome as one sentence in `locale`: verified up to row N, or the break. */
export function describeChainCheck(check: ChainCheck, locale: Locale): string {
  const t = getT(locale);
  if (check.break)
    return t('staff:audit.chain.broken', {
      id: check.break.id,
      kind: t(`staff:audit.chain.kinds.${check.break.kind}`),
      count: check.verified,
    });
  if (check.lastId === null) return t('staff:audit.chain.empty');
  return t('staff:audit.chain.verified', { id: check.lastId, count: check.verified });
}

/** The daily check's last result, as the audit page shows it (null: it has not run). */
export interface StoredChainCheck extends ChainCheck {
  checkedAt: Date;
}

/** How a break is named once, so the same break is mailed once however many days it stays. */
const breakKey = (check: ChainCheck) => (check.break ? `${check.break.id}:${check.break.kind}` : null);

/**
 * The daily job: walks the chain, stores the result in the chain's head, and when it breaks mails
 * every admin (holders of `admin` whose account is open), each in their language, through the
 * outbox, in the same transaction: a break is mailed once (a new break, or the same one after the
 * chain verified again, is mailed again).
 */
export async function runAuditChainCheck(now = new Date()): Promise<ChainCheck> {
  const check = await verifyAuditChain();
  const { db } = (await runtime()).database;
  const key = breakKey(check);
  const admins = key ? await roleHoldersToMail(['admin']) : [];
  const site = key ? await mailSite() : null;
  await db.transaction(async (tx) => {
    const [head] = await tx
      .select({ reported: auditChainHead.reportedBreak })
      .from(auditChainHead)
      .where(eq(auditChainHead.id, 1))
      .for('update');
    await tx
      .update(auditChainHead)
      .set({ checkedAt: now, checked: check, reportedBreak: key })
      .where(eq(auditChainHead.id, 1));
    if (!key || !site || head?.reported === key || admins.length === 0) return;
    await enqueueMails(
      tx,
      admins.map((admin) => {
        const { locale } = admin;
        const t = getT(locale);
        return {
          to: admin.email,
          locale,
          ...layout({
            siteName: site.siteName[locale],
            locale,
            title: t('staff:audit.chain.mailTitle'),
            paragraphs: [
              COPY[locale].helloName(admin.name),
              t('staff:audit.chain.mailBody'),
              describeChainCheck(check, locale),
            ],
            action: { label: t('staff:audit.chain.mailAction'), url: site.origin + localePath('/staff/audit', locale) },
            footer: COPY[locale].footer(site.siteName[locale]),
          }),
        };
      }),
      { kind: 'audit.chainBroken', eraseAfter: new Date(now.getTime() + 30 * 24 * 3600 * 1000) },
    );
  });
  return check;
}
