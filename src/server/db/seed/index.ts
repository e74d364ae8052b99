import { createHash, randomUUID } from 'node:crypto';
import type { Db } from '../client';
import type { FileStorage } from '../../integrations/storage';
import { asc, inArray } from 'drizzle-orm';
import { STAFF_ROLES } from '../../../lib/roles';
import {
  accountRoles,
  accounts,
  organisations,
  posts,
  secondFactors,
  reviewerExpertise,
  topics,
  files,
  indexPartItems,
  indexParts,
} from '../schema';
import { hashPassword } from '../../auth/passwords';
import { encrypt, keyedHash, type Secrets } from '../../auth/secrets';
import { applySociety } from '../../services/society/society';
import { bannerSvg, cardSvg, partnerSvg } from './images';
import { demoSociety } from './demo-society';
import { DEMO, DEMO_SECOND_FACTOR_SECRET, DEMO_STAFF, type DemoPart } from './demo';
import { seedArticles } from './articles';
import type { SeedContext, Tx } from './context';
import { seedEvents } from './events';
import { seedRegistrations } from './registrations';
import { seedJournals } from './journals';
import { seedPages } from './pages';
import { seedMembership } from './membership';
import { seedCredits } from './credits';
import { seedPapers } from './papers';
import { seedLibrary } from './library';

/**
 * Fills an empty database (base data only) with a believable bilingual society: the demo society
 * file applied as `npm run society -- apply` applies one, then its people, content and history.
 * Runs in one transaction: a failure leaves the database empty, and the next start tries again.
 */
export async function seedDemo(db: Db, storage: FileStorage, secrets: Secrets, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const addFile: SeedContext['addFile'] = async (name, contentType, bytes, size) => {
      const extension = name.includes('.') ? name.slice(name.lastIndexOf('.')) : '';
      const storageKey = `${randomUUID()}${extension}`;
      await storage.put(storageKey, bytes);
      const [row] = await tx
        .insert(files)
        .values({
          name,
          contentType,
          size: bytes.byteLength,
          sha256: createHash('sha256').update(bytes).digest('hex'),
          storageKey,
          width: size?.width ?? null,
          height: size?.height ?? null,
        })
        .returning({ id: files.id });
      return row!.id;
    };
    const addSvg: SeedContext['addSvg'] = (name, svg, width, height) =>
      addFile(name, 'image/svg+xml', new TextEncoder().encode(svg), { width, height });
    const context: SeedContext = { tx, now, addFile, addSvg };

    const { society, assets } = demoSociety();
    await applySociety(tx, society, assets, { storage, by: 'demo seed', now });

    await seedArticles(context);
    await seedEvents(context);
    await seedJournals(context);
    await seedPages(context);
    const accountIds = await seedAccounts(tx, secrets);
    await seedMembership(tx, accountIds, now);
    await seedStaff(tx, accountIds, secrets);
    await seedCredits(context, accountIds);
    await seedRegistrations(context, accountIds, accountIds.get('admin@example.org')!);
    // What the demo's paper reviewers review: the editor's suggestions rank them by it.
    await tx.insert(reviewerExpertise).values([
      {
        accountId: accountIds.get('reviewer@example.org')!,
        topics: ['education', 'original'],
        keywords: ['assessment', 'simulation'],
      },
      {
        accountId: accountIds.get('status-reviewer@example.org')!,
        topics: ['clinical', 'quality', 'case'],
        keywords: ['patient safety'],
      },
    ]);
    await tx.insert(posts).values(
      DEMO.posts.map(({ opensInDays, closesInDays, ...post }, i) => ({
        ...post,
        opensAt: new Date(now.getTime() + opensInDays * 86_400_000),
        closesAt: new Date(now.getTime() + closesInDays * 86_400_000),
        sort: i,
      })),
    );
    await seedPapers(context, accountIds);

    // The home blocks come from the demo's society file; their entries are the seed's.
    const blocks = await tx.select().from(indexParts);
    for (const part of DEMO.homeParts as DemoPart[]) {
      const row = blocks.find((b) => b.type === part.type && b.title['zh-tw'] === part.title['zh-tw']);
      if (!row) throw new Error(`society/demo/society.yaml has no home block ${part.type} ${part.title['zh-tw']}`);
      let itemSort = 0;
      for (const item of part.items) {
        const image = item.image;
        const imageFileId =
          image.kind === 'banner'
            ? await addSvg(`${image.name}.svg`, bannerSvg(image.hue), 1600, 600)
            : image.kind === 'card'
              ? await addSvg(`${image.name}.svg`, cardSvg(image.hue, image.icon), 800, 500)
              : await addSvg(`${image.name}.svg`, partnerSvg(image.hue, image.initials), 400, 160);
        await tx.insert(indexPartItems).values({
          indexPartId: row!.id,
          title: item.title,
          description: item.description ?? null,
          imageFileId,
          imageAlt: item.imageAlt,
          linkUrl: item.linkUrl,
          openInNewTab: item.linkUrl.startsWith('http'),
          sort: (itemSort += 10),
        });
      }
    }
    // Last, so the demo's other rows keep their ids: the archive of older news, events and papers.
    await seedLibrary(context);
  });
}

/**
 * The demo's staff roles beyond the members' (DEMO_STAFF), and the published authenticator of
 * every account holding a staff role, with no recovery codes.
 */
async function seedStaff(tx: Tx, accountIds: Map<string, number>, secrets: Secrets): Promise<void> {
  for (const { email, roles } of DEMO_STAFF)
    for (const role of roles)
      await tx.insert(accountRoles).values({ accountId: accountIds.get(email)!, role, grantedBy: 'demo seed' });
  const staff = await tx
    .selectDistinct({ accountId: accountRoles.accountId })
    .from(accountRoles)
    .where(inArray(accountRoles.role, [...STAFF_ROLES]));
  if (staff.length === 0) return;
  await tx.insert(secondFactors).values(
    staff.map(({ accountId }) => ({
      accountId,
      secretEncrypted: encrypt(secrets.secondFactorKey, DEMO_SECOND_FACTOR_SECRET),
      confirmedAt: new Date(),
    })),
  );
}

/** Individual and organisation accounts; answers the individuals' ids by e-mail. */
async function seedAccounts(tx: Tx, secrets: Secrets): Promise<Map<string, number>> {
  const topicRows = await tx.select({ id: topics.id }).from(topics).orderBy(asc(topics.sort));
  const ids = new Map<string, number>();
  for (const { password, personId, ...account } of DEMO.accounts) {
    const [row] = await tx
      .insert(accounts)
      .values({
        ...account,
        passwordHash: password === null ? null : await hashPassword(password),
        personIdEncrypted: encrypt(secrets.personIdKey, personId),
        personIdHash: keyedHash(secrets.personIdHashKey, personId),
        emailVerifiedAt: new Date(),
      })
      .returning({ id: accounts.id });
    ids.set(account.email, row!.id);
  }
  for (const { password, ...organisation } of DEMO.organisations) {
    await tx.insert(organisations).values({
      ...organisation,
      passwordHash: await hashPassword(password),
      topicIds: topicRows.slice(0, 2).map((r) => r.id),
      emailVerifiedAt: new Date(),
    });
  }
  return ids;
}
