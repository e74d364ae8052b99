import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import type { FileStorage } from '../../integrations/storage';
import {
  accounts,
  articleCategories,
  articles,
  organisations,
  posts,
  topics,
  eventCategories,
  events,
  files,
  indexPartItems,
  indexParts,
  languages,
  systemSettings,
  webInfo,
} from '../schema';
import { hashPassword } from '../../auth/passwords';
import { encrypt, keyedHash, type Secrets } from '../../auth/secrets';
import { bannerSvg, cardSvg, faviconSvg, logoSvg, partnerSvg } from './images';
import { DEMO, type DemoPart } from './demo';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** True when the society has not been set up yet (no web info row). */
export async function isEmpty(db: Db): Promise<boolean> {
  const rows = await db.select({ n: sql<number>`count(*)::int` }).from(webInfo);
  return (rows[0]?.n ?? 0) === 0;
}

/**
 * Fills an empty database with a believable bilingual society. Runs in one transaction: a
 * failure leaves the database empty, and the next start tries again.
 */
export async function seedDemo(db: Db, storage: FileStorage, secrets: Secrets, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const addSvg = async (name: string, svg: string, width: number, height: number) => {
      const bytes = new TextEncoder().encode(svg);
      const storageKey = `${randomUUID()}.svg`;
      await storage.put(storageKey, bytes);
      const [row] = await tx
        .insert(files)
        .values({
          name,
          contentType: 'image/svg+xml',
          size: bytes.byteLength,
          sha256: createHash('sha256').update(bytes).digest('hex'),
          storageKey,
          width,
          height,
        })
        .returning({ id: files.id });
      return row!.id;
    };

    const color = DEMO.color;
    const faviconFileId = await addSvg('favicon.svg', faviconSvg(color), 32, 32);
    const darkLogoFileId = await addSvg('logo-dark.svg', logoSvg(color), 96, 96);
    await tx.insert(webInfo).values({
      id: 1,
      name: DEMO.name,
      seoContent: DEMO.seoContent,
      faviconFileId,
      darkLogoFileId,
      color,
      footerInfo: DEMO.footer,
    });
    await tx.insert(languages).values(DEMO.languages);
    await tx.insert(systemSettings).values({ id: 1, ...DEMO.settings });

    await seedContent(tx, now);
    await seedAccounts(tx, secrets);
    await tx.insert(posts).values(
      DEMO.posts.map(({ opensInDays, closesInDays, ...post }, i) => ({
        ...post,
        opensAt: new Date(now.getTime() + opensInDays * 86_400_000),
        closesAt: new Date(now.getTime() + closesInDays * 86_400_000),
        sort: i,
      })),
    );

    let sort = 0;
    for (const part of DEMO.homeParts as DemoPart[]) {
      const [row] = await tx
        .insert(indexParts)
        .values({ type: part.type, title: part.title, sort: (sort += 10), itemLimit: part.itemLimit ?? 6 })
        .returning({ id: indexParts.id });
      let itemSort = 0;
      for (const item of part.items ?? []) {
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
  });
}

async function seedAccounts(tx: Tx, secrets: Secrets): Promise<void> {
  const topicRows = await tx
    .insert(topics)
    .values(DEMO.topics.map((topic, i) => ({ ...topic, sort: i })))
    .returning({ id: topics.id });
  for (const { password, personId, ...account } of DEMO.accounts) {
    await tx.insert(accounts).values({
      ...account,
      passwordHash: await hashPassword(password),
      personIdEncrypted: encrypt(secrets.personIdKey, personId),
      personIdHash: keyedHash(secrets.personIdHashKey, personId),
      emailVerifiedAt: new Date(),
    });
  }
  for (const { password, ...organisation } of DEMO.organisations) {
    await tx.insert(organisations).values({
      ...organisation,
      passwordHash: await hashPassword(password),
      topicIds: topicRows.slice(0, 2).map((r) => r.id),
      emailVerifiedAt: new Date(),
    });
  }
}

async function seedContent(tx: Tx, now: Date): Promise<void> {
  const day = 24 * 60 * 60 * 1000;
  const categoryIds = new Map<string, number>();
  for (const [i, category] of DEMO.articleCategories.entries()) {
    const [row] = await tx
      .insert(articleCategories)
      .values({ slug: category.slug, name: category.name, sort: i })
      .returning({ id: articleCategories.id });
    categoryIds.set(category.slug, row!.id);
  }
  await tx.insert(articles).values(
    DEMO.news.map((item, i) => ({
      categoryId: categoryIds.get(item.category)!,
      title: item.title,
      summary: item.summary,
      pinned: item.pinned ?? false,
      publishedAt: new Date(now.getTime() - (i * 4 + 1) * day),
    })),
  );
  const [eventCategory] = await tx
    .insert(eventCategories)
    .values(DEMO.eventCategories.map((name, i) => ({ name, sort: i })))
    .returning({ id: eventCategories.id });
  await tx.insert(events).values(
    DEMO.events.map((item) => {
      const startsAt = new Date(now.getTime() + item.inDays * day);
      startsAt.setUTCHours(1, 0, 0, 0); // 09:00 in Taipei
      return {
        categoryId: eventCategory!.id,
        title: item.title,
        summary: item.summary,
        place: item.place,
        startsAt,
        endsAt: new Date(startsAt.getTime() + item.hours * 60 * 60 * 1000),
        publishedAt: new Date(now.getTime() - 30 * day),
      };
    }),
  );
}
