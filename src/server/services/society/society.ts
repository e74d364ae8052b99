/**
 * The society as one file (DESIGN.md §18), read from and written to the database: `readSociety`
 * gives the stored society in the file's form (what `npm run society -- export` writes), and
 * `applySociety` makes the database match a checked file in the caller's transaction, writing one
 * audit row per change. The plan itself (what differs) is pure: `lib/society/plan.ts`.
 */
import { createHash, randomUUID } from 'node:crypto';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { I18nText } from '../../../lib/i18n-text';
import { creditRuleSetSchema } from '../../../lib/schemas/credits';
import {
  CONTENT_KEYS,
  planSociety,
  type InUse,
  type SocietyChange,
  type SocietyState,
} from '../../../lib/society/plan';
import {
  momentOf,
  momentText,
  STARTING_CONTENT,
  type SocietyCertification,
  type SocietyClass,
  type SocietyFile,
  type SocietyTopic,
} from '../../../lib/society/society-file';
import { brandColor } from '../../../lib/theme';
import type { Executor } from '../../db/client';
import {
  articleCategories,
  certificationKinds,
  eventCategories,
  files,
  indexParts,
  memberClasses,
  membershipSettings,
  systemSettings,
  topics,
  webInfo,
} from '../../db/schema';
import type { FileStorage } from '../../integrations/storage';
import { type AuditActor, recordAudit, SYSTEM } from '../accounts/audit';

/** A logo or icon's bytes, as the society file names them. */
export interface SocietyAsset {
  name: string;
  contentType: string;
  bytes: Uint8Array;
}

export interface SocietyAssets {
  logo: SocietyAsset | null;
  favicon: SocietyAsset | null;
}

/** A stored picture of the society: its row's facts, for the export to read its bytes. */
export interface StoredAsset {
  id: number;
  name: string;
  contentType: string;
  sha256: string;
  storageKey: string;
}

export interface StoredSociety {
  /** The society in the file's form; `logo` and `favicon` are the stored files' names. */
  society: SocietyFile;
  state: SocietyState;
  assets: { logo: StoredAsset | null; favicon: StoredAsset | null };
  inUse: InUse;
  /** Whether a society file has been applied (else the portal runs on its base data). */
  setUp: boolean;
}

const text = (value: I18nText | null | undefined): { 'zh-tw': string; 'en-us': string } => ({
  'zh-tw': value?.['zh-tw'] ?? '',
  'en-us': value?.['en-us'] ?? '',
});

export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Codes of the stored classes, topics and certifications that something refers to. */
async function readInUse(tx: Executor): Promise<InUse> {
  const rows = await tx.execute<{ kind: string; code: string }>(sql`
    SELECT 'class' AS kind, c.code FROM member_classes c
     WHERE EXISTS (SELECT 1 FROM memberships m WHERE m.class_id = c.id)
        OR EXISTS (SELECT 1 FROM membership_terms t WHERE t.class_id = c.id)
        OR EXISTS (SELECT 1 FROM applications a WHERE a.class_id = c.id)
    UNION ALL
    SELECT 'topic', t.code FROM topics t
     WHERE EXISTS (SELECT 1 FROM organisations o WHERE o.topic_ids @> to_jsonb(t.id))
    UNION ALL
    SELECT 'certification', k.code FROM certification_kinds k
     WHERE EXISTS (SELECT 1 FROM member_certificates m WHERE m.kind_id = k.id)
        OR EXISTS (SELECT 1 FROM credit_entries e WHERE e.kind_id = k.id)
        OR EXISTS (SELECT 1 FROM courses c WHERE c.kind_id = k.id)
        OR EXISTS (SELECT 1 FROM applications a WHERE a.type IN ('course', 'claim') AND (a.form ->> 'kindId')::int = k.id)`);
  const of = (kind: string) => new Set(rows.rows.filter((r) => r.kind === kind).map((r) => r.code));
  return { classes: of('class'), topics: of('topic'), certifications: of('certification') };
}

function rulesInOrder(rules: unknown): SocietyCertification['rules'] {
  const parsed = creditRuleSetSchema.safeParse(rules);
  return parsed.success ? parsed.data : (rules as SocietyCertification['rules']);
}

/** The society as stored, in the file's form. */
export async function readSociety(tx: Executor): Promise<StoredSociety> {
  const [info] = await tx.select().from(webInfo).where(eq(webInfo.id, 1));
  const [settings] = await tx.select().from(systemSettings).where(eq(systemSettings.id, 1));
  const [membership] = await tx.select().from(membershipSettings).where(eq(membershipSettings.id, 1));
  if (!info || !settings || !membership) throw new Error('The base data is missing: start the portal once first');
  const classRows = await tx.select().from(memberClasses).orderBy(asc(memberClasses.sort), asc(memberClasses.id));
  const topicRows = await tx.select().from(topics).orderBy(asc(topics.sort), asc(topics.id));
  const kindRows = await tx
    .select()
    .from(certificationKinds)
    .orderBy(asc(certificationKinds.sort), asc(certificationKinds.id));
  const articleRows = await tx
    .select()
    .from(articleCategories)
    .orderBy(asc(articleCategories.sort), asc(articleCategories.id));
  const eventRows = await tx.select().from(eventCategories).orderBy(asc(eventCategories.sort), asc(eventCategories.id));
  const blockRows = await tx.select().from(indexParts).orderBy(asc(indexParts.sort), asc(indexParts.id));
  const fileIds = [info.darkLogoFileId, info.faviconFileId].filter((id): id is number => id !== null);
  const fileRows = fileIds.length
    ? await tx
        .select({
          id: files.id,
          name: files.name,
          contentType: files.contentType,
          sha256: files.sha256,
          storageKey: files.storageKey,
        })
        .from(files)
        .where(inArray(files.id, fileIds))
    : [];
  const asset = (id: number | null) => fileRows.find((f) => f.id === id) ?? null;
  const codeOf = new Map(classRows.map((c) => [c.id, c.code]));
  const footer = info.footerInfo;

  const society: SocietyFile = {
    name: text(info.name),
    shortName: text(info.shortName),
    description: text(info.seoContent),
    logo: asset(info.darkLogoFileId)?.name ?? null,
    favicon: asset(info.faviconFileId)?.name ?? null,
    color: brandColor(info.color),
    contact: {
      address: text(footer.address),
      phone: footer.phone ?? '',
      fax: footer.fax ?? '',
      email: footer.email ?? '',
      officeHours: text(footer.officeHours),
    },
    copyright: text(footer.copyright),
    footerLinks: (footer.links ?? []).map((l) => ({ label: text(l.label), url: l.url })),
    remittance: text(settings.amsRemittanceInfo),
    settings: {
      postServiceUrl: settings.postServiceUrl,
      newebpayTradeLimit: settings.newebpayTradeLimit,
      webEmailValidMinute: settings.webEmailValidMinute,
      loginBlockMinute: settings.loginBlockMinute,
      loginNotice: text(settings.loginNotice),
    },
    membership: {
      graceDays: membership.graceDays,
      renewalWindowDays: membership.renewalWindowDays,
      lateJoinFrom: membership.lateJoinFrom,
      memberNoPattern: membership.memberNoPattern,
      replaceFee: membership.replaceFee,
      paymentDays: membership.paymentDays,
      returnedDays: membership.returnedDays,
      reviewDays: membership.reviewDays,
      pauseMaxMonths: membership.pauseMaxMonths,
      remindBeforeDays: membership.remindBeforeDays,
      remindInGraceDays: membership.remindInGraceDays,
    },
    classes: classRows.map((c): SocietyClass => ({
      code: c.code,
      name: text(c.name),
      description: text(c.description),
      eligibility: text(c.eligibility),
      terms: text(c.terms),
      documents: c.documents.map((d) => ({ key: d.key, name: text(d.name), required: d.required })),
      entranceFee: c.entranceFee,
      duesPerTerm: c.duesPerTerm,
      term: c.termKind,
      termMonths: c.termMonths,
      life: c.life,
      reviewed: c.reviewed,
      joinOpens: c.opensAt ? momentText(c.opensAt) : null,
      changeTo: c.upgradeTo.map((id) => codeOf.get(id)).filter((code): code is string => code !== undefined),
      active: c.active,
    })),
    topics: topicRows.map((t): SocietyTopic => ({
      code: t.code,
      name: text(t.name),
      description: t.description ? text(t.description) : null,
      active: t.active,
    })),
    certifications: kindRows.map((k): SocietyCertification => ({
      code: k.code,
      name: text(k.name),
      issuer: text(k.issuer),
      description: text(k.description),
      published: k.publishedAt ? momentText(k.publishedAt) : null,
      // In the schema's order (the database keeps JSON keys in its own); checked as every read does.
      rules: rulesInOrder(k.rules),
    })),
    articleCategories: articleRows.map((c) => ({
      code: c.slug,
      name: text(c.name),
      description: c.description ? text(c.description) : null,
    })),
    eventCategories: eventRows.map((c) => ({ name: text(c.name) })),
    homeBlocks: blockRows.map((b) => ({ type: b.type, title: text(b.title), itemLimit: b.itemLimit })),
  };
  const setUp = info.setUpAt !== null;
  const bare = !articleRows.length && !eventRows.length && !blockRows.length;
  return {
    // A portal not set up yet exports a template: its starting content is the defaults.
    society: !setUp && bare ? { ...society, ...STARTING_CONTENT } : society,
    state: {
      ...society,
      logo: asset(info.darkLogoFileId)?.sha256 ?? null,
      favicon: asset(info.faviconFileId)?.sha256 ?? null,
    },
    assets: { logo: asset(info.darkLogoFileId), favicon: asset(info.faviconFileId) },
    inUse: await readInUse(tx),
    setUp,
  };
}

/** The file's society with its pictures as digests, to compare with the stored one. */
export function stateOf(society: SocietyFile, assets: SocietyAssets): SocietyState {
  return {
    ...society,
    logo: assets.logo ? sha256(assets.logo.bytes) : null,
    favicon: assets.favicon ? sha256(assets.favicon.bytes) : null,
  };
}

/** What applying the file would change (nothing is written). */
export async function planSocietyChanges(
  tx: Executor,
  society: SocietyFile,
  assets: SocietyAssets,
): Promise<{ changes: SocietyChange[]; setUp: boolean }> {
  const stored = await readSociety(tx);
  return { changes: planSociety(stored.state, stateOf(society, assets), stored.inUse), setUp: stored.setUp };
}

export interface ApplyOptions {
  storage: FileStorage;
  /** Who applies it, for the audit log (`society command (root)`, `demo seed`, a staff member's e-mail). */
  by: string;
  /** The account that applies it from the staff console (else the portal itself: a command). */
  actor?: AuditActor;
  ip?: string;
  now?: Date;
}

/**
 * Makes the stored society match the file, in the caller's transaction (so a failure leaves it as
 * it was). Answers the changes made, each written to the audit log; none when it matched already.
 */
export async function applySociety(
  tx: Executor,
  society: SocietyFile,
  assets: SocietyAssets,
  options: ApplyOptions,
): Promise<SocietyChange[]> {
  const now = options.now ?? new Date();
  // One apply at a time: a second waits here, then plans against what the first wrote.
  await tx.execute(sql`SELECT id FROM web_info WHERE id = 1 FOR UPDATE`);
  const stored = await readSociety(tx);
  const changes = planSociety(stored.state, stateOf(society, assets), stored.inUse);
  if (changes.length === 0 && stored.setUp) return [];
  const touched = (prefix: string) => changes.some((c) => c.path === prefix || c.path.startsWith(`${prefix}.`));

  const storeAsset = async (asset: SocietyAsset | null, current: StoredAsset | null): Promise<number | null> => {
    if (!asset) return null;
    const digest = sha256(asset.bytes);
    if (current && current.sha256 === digest) return current.id;
    const extension = asset.name.includes('.') ? asset.name.slice(asset.name.lastIndexOf('.')).toLowerCase() : '';
    const storageKey = `${randomUUID()}${/^\.[a-z0-9]{1,5}$/.test(extension) ? extension : ''}`;
    await options.storage.put(storageKey, asset.bytes);
    const [row] = await tx
      .insert(files)
      .values({
        name: asset.name,
        contentType: asset.contentType,
        size: asset.bytes.byteLength,
        sha256: digest,
        storageKey,
      })
      .returning({ id: files.id });
    return row!.id;
  };

  await tx
    .update(webInfo)
    .set({
      name: society.name,
      shortName: society.shortName,
      seoContent: society.description,
      color: society.color.toUpperCase(),
      darkLogoFileId: await storeAsset(assets.logo, stored.assets.logo),
      faviconFileId: await storeAsset(assets.favicon, stored.assets.favicon),
      footerInfo: {
        address: society.contact.address,
        phone: society.contact.phone,
        fax: society.contact.fax,
        email: society.contact.email,
        officeHours: society.contact.officeHours,
        copyright: society.copyright,
        links: society.footerLinks,
      },
      setUpAt: sql`coalesce(${webInfo.setUpAt}, ${now.toISOString()}::timestamptz)`,
      updatedAt: now,
    })
    .where(eq(webInfo.id, 1));
  if (touched('settings') || touched('remittance'))
    await tx
      .update(systemSettings)
      .set({ ...society.settings, amsRemittanceInfo: society.remittance, updatedAt: now })
      .where(eq(systemSettings.id, 1));
  if (touched('membership'))
    await tx
      .update(membershipSettings)
      .set({ ...society.membership, updatedAt: now })
      .where(eq(membershipSettings.id, 1));
  if (touched('classes')) await writeClasses(tx, society.classes, changes);
  if (touched('topics')) await writeTopics(tx, society.topics, changes);
  if (touched('certifications')) await writeCertifications(tx, society.certifications, changes, now);
  await addStartingContent(tx, society, changes, now);

  const entries = changes.length ? changes : [{ path: '', kind: 'set' as const }];
  await recordAudit(
    tx,
    entries.map((change) => ({
      actor: options.actor ?? SYSTEM,
      ...(options.ip === undefined ? {} : { ip: options.ip }),
      action: change.path === '' ? 'society.setUp' : `society.${change.kind}`,
      target: change.path === '' ? undefined : { type: 'society', id: change.path },
      before: change.before === undefined ? null : { value: change.before },
      after: change.after === undefined ? null : { value: change.after },
      detail: { by: options.by, path: change.path, before: change.before ?? null, after: change.after ?? null },
    })),
  );
  return changes;
}

/** Items of a list the file leaves out: deleted, or kept after the file's own (closed or unpublished). */
function leftOut(changes: SocietyChange[], section: string) {
  const removed = new Set<string>();
  const retired = new Set<string>();
  for (const change of changes) {
    const [head, code, field] = change.path.split('.');
    if (head !== section || !code || field !== undefined) continue;
    if (change.kind === 'remove') removed.add(code);
    else if (change.kind === 'close' || change.kind === 'unpublish') retired.add(code);
  }
  return { removed, retired };
}

async function writeClasses(tx: Executor, classes: SocietyClass[], changes: SocietyChange[]) {
  const { removed, retired } = leftOut(changes, 'classes');
  const ids = new Map(
    (await tx.select({ id: memberClasses.id, code: memberClasses.code }).from(memberClasses)).map((r) => [
      r.code,
      r.id,
    ]),
  );
  const values = (cls: SocietyClass, sort: number) => ({
    code: cls.code,
    name: cls.name,
    description: cls.description,
    eligibility: cls.eligibility,
    terms: cls.terms,
    documents: cls.documents,
    entranceFee: cls.entranceFee,
    duesPerTerm: cls.duesPerTerm,
    termKind: cls.term,
    termMonths: cls.termMonths,
    life: cls.life,
    reviewed: cls.reviewed,
    opensAt: cls.joinOpens === null ? null : momentOf(cls.joinOpens),
    sort,
    active: cls.active,
  });
  for (const [i, cls] of classes.entries()) {
    const id = ids.get(cls.code);
    if (id === undefined) {
      const [row] = await tx
        .insert(memberClasses)
        .values(values(cls, i * 10))
        .returning({ id: memberClasses.id });
      ids.set(cls.code, row!.id);
    } else
      await tx
        .update(memberClasses)
        .set(values(cls, i * 10))
        .where(eq(memberClasses.id, id));
  }
  // Classes may name each other, so the moves are written once every class has its id.
  for (const cls of classes)
    await tx
      .update(memberClasses)
      .set({ upgradeTo: cls.changeTo.map((code) => ids.get(code)!) })
      .where(eq(memberClasses.id, ids.get(cls.code)!));
  for (const code of retired)
    await tx
      .update(memberClasses)
      .set({ active: false, opensAt: null, sort: sql`${memberClasses.sort} + 100000` })
      .where(eq(memberClasses.id, ids.get(code)!));
  if (removed.size) {
    const gone = [...removed].map((code) => ids.get(code)!);
    await tx.delete(memberClasses).where(inArray(memberClasses.id, gone));
    // No other class may still name a deleted one.
    await tx.execute(sql`
      UPDATE member_classes SET upgrade_to = (
        SELECT coalesce(jsonb_agg(e), '[]'::jsonb) FROM jsonb_array_elements(upgrade_to) e
         WHERE NOT (e::int = ANY(${`{${gone.join(',')}}`}::int[])))`);
  }
}

async function writeTopics(tx: Executor, list: SocietyTopic[], changes: SocietyChange[]) {
  const { removed, retired } = leftOut(changes, 'topics');
  const ids = new Map((await tx.select({ id: topics.id, code: topics.code }).from(topics)).map((r) => [r.code, r.id]));
  for (const [i, topic] of list.entries()) {
    const values = {
      code: topic.code,
      name: topic.name,
      description: topic.description,
      active: topic.active,
      sort: i * 10,
    };
    const id = ids.get(topic.code);
    if (id === undefined) await tx.insert(topics).values(values);
    else await tx.update(topics).set(values).where(eq(topics.id, id));
  }
  for (const code of retired)
    await tx
      .update(topics)
      .set({ active: false, sort: sql`${topics.sort} + 100000` })
      .where(eq(topics.id, ids.get(code)!));
  if (removed.size)
    await tx.delete(topics).where(
      inArray(
        topics.id,
        [...removed].map((code) => ids.get(code)!),
      ),
    );
}

async function writeCertifications(tx: Executor, list: SocietyCertification[], changes: SocietyChange[], now: Date) {
  const { removed, retired } = leftOut(changes, 'certifications');
  const ids = new Map(
    (await tx.select({ id: certificationKinds.id, code: certificationKinds.code }).from(certificationKinds)).map(
      (r) => [r.code, r.id],
    ),
  );
  for (const [i, kind] of list.entries()) {
    const values = {
      code: kind.code,
      name: kind.name,
      issuer: kind.issuer,
      description: kind.description,
      rules: kind.rules,
      publishedAt: kind.published === null ? null : momentOf(kind.published),
      sort: i * 10,
      updatedAt: now,
    };
    const id = ids.get(kind.code);
    if (id === undefined) await tx.insert(certificationKinds).values(values);
    else await tx.update(certificationKinds).set(values).where(eq(certificationKinds.id, id));
  }
  for (const code of retired)
    await tx
      .update(certificationKinds)
      .set({ publishedAt: null, sort: sql`${certificationKinds.sort} + 100000`, updatedAt: now })
      .where(eq(certificationKinds.id, ids.get(code)!));
  if (removed.size)
    await tx.delete(certificationKinds).where(
      inArray(
        certificationKinds.id,
        [...removed].map((code) => ids.get(code)!),
      ),
    );
}

/** The article and event categories and home blocks the plan adds, after the stored ones. */
async function addStartingContent(tx: Executor, society: SocietyFile, changes: SocietyChange[], now: Date) {
  const added = <T>(section: keyof typeof CONTENT_KEYS, items: T[]) =>
    items.filter((item) =>
      changes.some(
        (c) =>
          c.kind === 'add' && c.path === `${section}.${(CONTENT_KEYS[section] as (item: unknown) => string)(item)}`,
      ),
    );
  /** Inserts `rows` (through `insert`) after `table`'s stored ones: in the file's order, ten apart. */
  const append = async <R extends object>(
    table: typeof articleCategories | typeof eventCategories | typeof indexParts,
    rows: R[],
    insert: (values: (R & { sort: number; updatedAt: Date })[]) => Promise<unknown>,
  ) => {
    if (!rows.length) return;
    const [stored] = await tx.select({ top: sql<number>`coalesce(max(${table.sort}), 0)` }).from(table);
    const from = Number(stored?.top ?? 0) + 10;
    await insert(rows.map((row, i) => ({ ...row, sort: from + i * 10, updatedAt: now })));
  };
  const articles = added('articleCategories', society.articleCategories);
  await append(
    articleCategories,
    articles.map((c) => ({ slug: c.code, name: c.name, description: c.description })),
    (values) => tx.insert(articleCategories).values(values),
  );
  const events = added('eventCategories', society.eventCategories).map((c) => ({ name: c.name }));
  await append(eventCategories, events, (values) => tx.insert(eventCategories).values(values));
  const blocks = added('homeBlocks', society.homeBlocks);
  await append(
    indexParts,
    blocks.map((b) => ({ type: b.type, title: b.title, itemLimit: b.itemLimit })),
    (values) => tx.insert(indexParts).values(values),
  );
}
