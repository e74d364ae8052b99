import { idFrom } from '../../../lib/schemas/common';
import { inArray } from 'drizzle-orm';
import { isOpen } from '../../../lib/applications/state-machine';
import type { Locale } from '../../../lib/locales';
import type { MemberClassView } from '../../../lib/schemas/membership';
import type { Actor } from '../../auth/sessions';
import { files } from '../../db/schema';
import { isAppError } from '../../app-error';
import { runtime } from '../../runtime';
import { listApplicationsOf } from './applications';
import { checkDocuments, isOpenForJoining } from './join';
import { classView } from './read-applications';
import { currentStatus, getMemberClass } from './rules';

export type JoinPage =
  | { kind: 'notOpen' }
  | { kind: 'signIn' }
  | { kind: 'member' }
  | { kind: 'inProgress'; applicationId: number }
  | { kind: 'ready'; cls: MemberClassView; accountId: number };

/** What the join pages show a reader for a class: the form, or why not (not open, sign in first, a member already, an application in progress). */
export async function joinPage(actor: Actor | null, memberClassId: number | null, locale: Locale): Promise<JoinPage> {
  const cls = memberClassId === null ? null : await getMemberClass(memberClassId);
  if (!cls || !isOpenForJoining(cls)) return { kind: 'notOpen' };
  if (!actor || actor.account.userType !== 'individual') return { kind: 'signIn' };
  if (actor.account.membership && (await currentStatus(actor.account.membership)) !== 'ended')
    return { kind: 'member' };
  const { db } = (await runtime()).database;
  const open = (await listApplicationsOf(db, actor.accountId)).find((a) => isOpen(a.state));
  if (open) return { kind: 'inProgress', applicationId: open.id };
  return { kind: 'ready', cls: classView(cls, locale), accountId: actor.accountId };
}

/** The documents named in the address (`doc_<key>=<fileId>`), as the applicant's own uploads with their names, or null when any is not. */
export async function chosenDocuments(
  page: Extract<JoinPage, { kind: 'ready' }>,
  search: URLSearchParams,
): Promise<{ key: string; fileId: number; name: string; label: string }[] | null> {
  const chosen = page.cls.documents.flatMap((d) => {
    const raw = search.get(`doc_${d.key}`);
    const fileId = idFrom(raw);
    return fileId === null ? [] : [{ key: d.key, fileId, label: d.name }];
  });
  const { db } = (await runtime()).database;
  const cls = (await getMemberClass(page.cls.memberClassId))!;
  try {
    await checkDocuments(db, { kind: 'individual', id: page.accountId }, cls.documents, chosen, null);
  } catch (error) {
    if (isAppError(error)) return null;
    throw error;
  }
  if (chosen.length === 0) return [];
  const names = await db
    .select({ id: files.id, name: files.name })
    .from(files)
    .where(
      inArray(
        files.id,
        chosen.map((c) => c.fileId),
      ),
    );
  return chosen.map((c) => ({ ...c, name: names.find((n) => n.id === c.fileId)?.name ?? '' }));
}
