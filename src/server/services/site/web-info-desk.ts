/**
 * The editors' web info (DESIGN.md §19, Content): the society's name and short name and what the
 * footer of every page shows (address, telephone, fax, e-mail, office hours, copyright, links).
 * The same row the society file writes (`npm run society -- apply`); a change here is what its
 * export then shows. One transaction with its audit entry, reaching every serving process at once.
 */
import { eq } from 'drizzle-orm';
import { ErrorCode } from '../../../lib/error-codes';
import type { I18nText } from '../../../lib/i18n-text';
import type { DeskWebInfo, WebInfoSaveInput } from '../../../lib/schemas/web-info-desk';
import type { Actor } from '../../auth/sessions';
import { webInfo, type FooterInfo } from '../../db/schema';
import { AppError } from '../../app-error';
import { runtime } from '../../runtime';
import { recordAudit } from '../accounts/audit';
import { changeContent } from '../content/changes';
import { assertFresh, changes, texts } from '../content/desk-changes';

type WebInfoRow = typeof webInfo.$inferSelect;

const zh = (text: I18nText | undefined) => text?.['zh-tw'] ?? '';
const en = (text: I18nText | undefined) => text?.['en-us'] ?? '';

function deskView(row: WebInfoRow): DeskWebInfo {
  const f = row.footerInfo;
  return {
    nameZh: zh(row.name),
    nameEn: en(row.name),
    shortNameZh: zh(row.shortName),
    shortNameEn: en(row.shortName),
    addressZh: zh(f.address),
    addressEn: en(f.address),
    phone: f.phone,
    fax: f.fax,
    email: f.email,
    officeHoursZh: zh(f.officeHours),
    officeHoursEn: en(f.officeHours),
    copyrightZh: zh(f.copyright),
    copyrightEn: en(f.copyright),
    links: f.links.map((l) => ({ labelZh: zh(l.label), labelEn: en(l.label), url: l.url })),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The stored web info for the form (-6 before the portal has any). */
export async function getDeskWebInfo(): Promise<DeskWebInfo> {
  const { db } = (await runtime()).database;
  const [row] = await db.select().from(webInfo).where(eq(webInfo.id, 1)).limit(1);
  if (!row) throw new AppError(ErrorCode.NO_DATA);
  return deskView(row);
}

/** A text in both languages (English may be empty), stored as the society file stores it. */
const both = (zhText: string, enText: string): I18nText => ({ 'zh-tw': zhText, 'en-us': enText });

/**
 * Saves the name and footer (`content.webInfo.update`, with the fields before and after); a form
 * read before a later change is refused (-10, `webInfoChanged`).
 */
export async function saveWebInfo(staff: Actor, input: WebInfoSaveInput, ip: string): Promise<DeskWebInfo> {
  const now = new Date();
  const row = await changeContent(async (tx) => {
    const [current] = await tx.select().from(webInfo).where(eq(webInfo.id, 1)).for('update').limit(1);
    if (!current) throw new AppError(ErrorCode.NO_DATA);
    assertFresh(current.updatedAt, input.updatedAt, 'webInfoChanged');
    const footerInfo: FooterInfo = {
      address: both(input.addressZh, input.addressEn),
      phone: input.phone,
      fax: input.fax,
      email: input.email,
      officeHours: both(input.officeHoursZh, input.officeHoursEn),
      copyright: both(input.copyrightZh, input.copyrightEn),
      links: input.links.map((l) => ({ label: texts(l.labelZh, l.labelEn), url: l.url })),
    };
    const name = both(input.nameZh, input.nameEn);
    const shortName = both(input.shortNameZh, input.shortNameEn);
    const edit = changes(
      { name: current.name, shortName: current.shortName, ...current.footerInfo },
      { name, shortName, ...footerInfo },
    );
    if (!edit.changed) return current;
    const [updated] = await tx
      .update(webInfo)
      .set({ name, shortName, footerInfo, updatedAt: now })
      .where(eq(webInfo.id, 1))
      .returning();
    await recordAudit(tx, {
      actor: { userType: 'individual', accountId: staff.accountId },
      action: 'content.webInfo.update',
      ip,
      target: { type: 'web_info', id: 1 },
      before: edit.before,
      after: edit.after,
    });
    return updated!;
  });
  return deskView(row);
}
