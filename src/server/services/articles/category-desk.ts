/**
 * The editors' categories (DESIGN.md §19, Content), of articles and of events: names in both
 * languages, their order, and whether the site lists them. A hidden category and what is filed
 * under it leave the public site (content/visibility.ts); a category still holding articles or
 * events cannot be deleted. Each change is one transaction with its audit entry and reaches every
 * serving process at once (content/changes.ts).
 */
import { randomUUID } from 'node:crypto';
import { asc, count, eq, sql } from 'drizzle-orm';
import { ErrorCode } from '../../../lib/error-codes';
import type { I18nText } from '../../../lib/i18n-text';
import type { CategoryKind, CategorySaveInput, DeskCategory } from '../../../lib/schemas/category-desk';
import type { Actor } from '../../auth/sessions';
import type { Executor } from '../../db/client';
import { articleCategories, articles, eventCategories, events } from '../../db/schema';
import { AppError } from '../../app-error';
import { runtime } from '../../runtime';
import { recordAudit } from '../accounts/audit';
import { changeContent } from '../content/changes';
import { indexCategory } from '../search/index-content';
import { assertFresh, changes, optionalTexts, texts, deskText } from '../content/desk-changes';

/**
 * The tables of each kind. Both category tables share id, name, sort, visible and updatedAt (the
 * article one adds slug and description), and both item tables a categoryId: the queries below
 * use only those, so one shape serves both.
 */
const KINDS = {
  article: {
    table: articleCategories as unknown as typeof eventCategories,
    items: articles as unknown as typeof events,
    missing: ErrorCode.NO_ARTICLE_CLASS,
    target: 'article_category',
  },
  event: { table: eventCategories, items: events, missing: ErrorCode.NO_DATA, target: 'event_category' },
} as const;

interface CategoryRow {
  id: number;
  name: I18nText;
  description: I18nText | null;
  sort: number;
  visible: boolean;
  updatedAt: Date;
}

function deskView(kind: CategoryKind, row: CategoryRow, itemCount: number): DeskCategory {
  return {
    kind,
    categoryId: row.id,
    ...deskText('name', row.name),
    ...deskText('description', row.description),
    sort: row.sort,
    visible: row.visible,
    items: itemCount,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The category columns, with the description (null for an event category). */
function columns(kind: CategoryKind) {
  const { table } = KINDS[kind];
  return {
    id: table.id,
    name: table.name,
    description:
      kind === 'article' ? articleCategories.description : sql<I18nText | null>`null::jsonb`.as('description'),
    sort: table.sort,
    visible: table.visible,
    updatedAt: table.updatedAt,
  };
}

/** The categories of a kind with how many items each holds, in one statement. */
async function selectCategories(kind: CategoryKind, categoryId?: number) {
  const { db } = (await runtime()).database;
  const { table, items } = KINDS[kind];
  const counts = db
    .select({ categoryId: items.categoryId, n: count().as('n') })
    .from(items)
    .groupBy(items.categoryId)
    .as('item_counts');
  const rows = await db
    .select({ category: columns(kind), n: counts.n })
    .from(table)
    .leftJoin(counts, eq(counts.categoryId, table.id))
    .where(categoryId === undefined ? undefined : eq(table.id, categoryId))
    .orderBy(asc(table.sort), asc(table.id));
  return rows.map((r) => deskView(kind, r.category, r.n ?? 0));
}

/** Every category of a kind, hidden ones too, in the site's order, with how many items each holds. */
export function listDeskCategories(kind: CategoryKind = 'article'): Promise<DeskCategory[]> {
  return selectCategories(kind);
}

/** One category for the form; -16 (articles) or -6 (events) when there is none. */
export async function getDeskCategory(kind: CategoryKind, categoryId: number): Promise<DeskCategory> {
  const [category] = await selectCategories(kind, categoryId);
  if (!category) throw new AppError(KINDS[kind].missing);
  return category;
}

const audited = (row: Omit<CategoryRow, 'id' | 'updatedAt'>, kind: CategoryKind) => ({
  name: row.name,
  ...(kind === 'article' ? { description: row.description ?? null } : {}),
  sort: row.sort,
  visible: row.visible,
});

async function lockCategory(tx: Executor, kind: CategoryKind, categoryId: number): Promise<CategoryRow> {
  const { table } = KINDS[kind];
  const [row] = await tx.select(columns(kind)).from(table).where(eq(table.id, categoryId)).for('update').limit(1);
  if (!row) throw new AppError(KINDS[kind].missing);
  return row;
}

/**
 * Creates or changes a category (`content.category.create|update`, the kind in the target). A
 * change is refused (-10, `categoryChanged`) when the category changed after the form was read.
 */
export async function saveCategory(staff: Actor, input: CategorySaveInput, ip: string): Promise<DeskCategory> {
  const { kind } = input;
  const { table, target } = KINDS[kind];
  const actor = { userType: 'individual' as const, accountId: staff.accountId };
  const now = new Date();
  const fields = {
    name: texts(input.nameZh, input.nameEn),
    description: kind === 'article' ? optionalTexts(input.descriptionZh, input.descriptionEn) : null,
    sort: input.sort,
    visible: input.visible,
  };
  const { description, ...shared } = fields;
  const own = kind === 'article' ? { description } : {};
  const id = await changeContent(async (tx) => {
    if (input.categoryId === undefined) {
      const [created] =
        kind === 'article'
          ? await tx
              .insert(articleCategories)
              // The public addresses use the id; the slug only has to be unique.
              .values({ ...fields, slug: `category-${randomUUID().slice(0, 8)}`, updatedAt: now })
              .returning({ id: articleCategories.id })
          : await tx
              .insert(eventCategories)
              .values({ ...shared, updatedAt: now })
              .returning({ id: eventCategories.id });
      await recordAudit(tx, {
        actor,
        action: 'content.category.create',
        ip,
        target: { type: target, id: created!.id },
        after: audited(fields, kind),
      });
      return created!.id;
    }
    const current = await lockCategory(tx, kind, input.categoryId);
    if (!input.updatedAt) throw new AppError(ErrorCode.KEY_MISSING, { fields: ['updatedAt'] });
    assertFresh(current.updatedAt, input.updatedAt, 'categoryChanged');
    const edit = changes(audited(current, kind), audited(fields, kind));
    if (!edit.changed) return current.id;
    await tx
      .update(table)
      .set({ ...shared, ...own, updatedAt: now })
      .where(eq(table.id, current.id));
    if (current.visible !== fields.visible) await indexCategory(tx, kind, current.id, fields.visible);
    await recordAudit(tx, {
      actor,
      action: 'content.category.update',
      ip,
      target: { type: target, id: current.id },
      before: edit.before,
      after: edit.after,
    });
    return current.id;
  });
  return getDeskCategory(kind, id);
}

/**
 * Deletes a category that holds nothing (`content.category.delete`); one that still holds
 * articles or events is refused (-10, `categoryInUse`): move or delete them first, or hide it.
 */
export async function deleteCategory(
  staff: Actor,
  kind: CategoryKind,
  categoryId: number,
  updatedAt: string,
  ip: string,
): Promise<void> {
  const { table, items, target } = KINDS[kind];
  await changeContent(async (tx) => {
    const current = await lockCategory(tx, kind, categoryId);
    assertFresh(current.updatedAt, updatedAt, 'categoryChanged');
    const [inUse] = await tx.select({ n: count() }).from(items).where(eq(items.categoryId, categoryId));
    if ((inUse?.n ?? 0) > 0)
      throw new AppError(ErrorCode.DATA_CHECK, null, { key: 'categoryInUse', values: { count: inUse!.n } });
    await tx.delete(table).where(eq(table.id, categoryId));
    await recordAudit(tx, {
      actor: { userType: 'individual', accountId: staff.accountId },
      action: 'content.category.delete',
      ip,
      target: { type: target, id: categoryId },
      before: audited(current, kind),
    });
  });
}
