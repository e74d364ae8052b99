/**
 * The editors' article categories (DESIGN.md §19, Content): names in both languages, their order,
 * and whether the site lists them. A hidden category and its articles leave the public site (see
 * content/visibility.ts); a category still holding articles cannot be deleted. Each change is one
 * transaction with its audit entry and reaches every serving process at once (content/changes.ts).
 */
import { randomUUID } from 'node:crypto';
import { asc, count, eq } from 'drizzle-orm';
import { ErrorCode } from '../../../lib/error-codes';
import type { CategorySaveInput, DeskCategory } from '../../../lib/schemas/category-desk';
import type { Actor } from '../../auth/sessions';
import { articleCategories, articles } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { runtime } from '../../runtime';
import { recordAudit } from '../accounts/audit';
import { changeContent } from '../content/changes';
import { assertUnchanged, changes, optionalTexts, texts } from '../content/desk-edits';

type CategoryRow = typeof articleCategories.$inferSelect;

function deskView(row: CategoryRow, articleCount: number): DeskCategory {
  return {
    categoryId: row.id,
    nameZh: row.name['zh-tw'],
    nameEn: row.name['en-us'] ?? '',
    descriptionZh: row.description?.['zh-tw'] ?? '',
    descriptionEn: row.description?.['en-us'] ?? '',
    sort: row.sort,
    visible: row.visible,
    articles: articleCount,
    updatedAt: row.updatedAt.toISOString(),
  };
}

const articleCounts = () =>
  runtime().then(({ database: { db } }) =>
    db
      .select({ categoryId: articles.categoryId, n: count().as('n') })
      .from(articles)
      .groupBy(articles.categoryId)
      .as('article_counts'),
  );

/** Every category, hidden ones too, in the site's order, with how many articles each holds (one statement). */
export async function listDeskCategories(): Promise<DeskCategory[]> {
  const { db } = (await runtime()).database;
  const counts = await articleCounts();
  const rows = await db
    .select({ category: articleCategories, n: counts.n })
    .from(articleCategories)
    .leftJoin(counts, eq(counts.categoryId, articleCategories.id))
    .orderBy(asc(articleCategories.sort), asc(articleCategories.id));
  return rows.map((r) => deskView(r.category, r.n ?? 0));
}

/** One category for the form; -16 when there is none. */
export async function getDeskCategory(categoryId: number): Promise<DeskCategory> {
  const { db } = (await runtime()).database;
  const counts = await articleCounts();
  const [row] = await db
    .select({ category: articleCategories, n: counts.n })
    .from(articleCategories)
    .leftJoin(counts, eq(counts.categoryId, articleCategories.id))
    .where(eq(articleCategories.id, categoryId))
    .limit(1);
  if (!row) throw new AppError(ErrorCode.NO_ARTICLE_CLASS);
  return deskView(row.category, row.n ?? 0);
}

const audited = (row: Pick<CategoryRow, 'name' | 'description' | 'sort' | 'visible'>) => ({
  name: row.name,
  description: row.description ?? null,
  sort: row.sort,
  visible: row.visible,
});

/**
 * Creates or changes a category (`content.category.create|update`). A change is refused (-10,
 * `categoryChanged`) when the category changed after the form was read.
 */
export async function saveCategory(staff: Actor, input: CategorySaveInput, ip: string): Promise<DeskCategory> {
  const actor = { userType: 'individual' as const, accountId: staff.accountId };
  const now = new Date();
  const fields = {
    name: texts(input.nameZh, input.nameEn),
    description: optionalTexts(input.descriptionZh, input.descriptionEn),
    sort: input.sort,
    visible: input.visible,
  };
  const row = await changeContent(async (tx) => {
    if (input.categoryId === undefined) {
      const [created] = await tx
        .insert(articleCategories)
        // The public addresses use the id; the slug only has to be unique.
        .values({ ...fields, slug: `category-${randomUUID().slice(0, 8)}`, updatedAt: now })
        .returning();
      await recordAudit(tx, {
        actor,
        action: 'content.category.create',
        ip,
        target: { type: 'article_category', id: created!.id },
        after: audited(created!),
      });
      return created!;
    }
    const [current] = await tx
      .select()
      .from(articleCategories)
      .where(eq(articleCategories.id, input.categoryId))
      .for('update')
      .limit(1);
    if (!current) throw new AppError(ErrorCode.NO_ARTICLE_CLASS);
    if (!input.updatedAt) throw new AppError(ErrorCode.KEY_MISSING, { fields: ['updatedAt'] });
    assertUnchanged(current.updatedAt, input.updatedAt, 'categoryChanged');
    const edit = changes(audited(current), audited({ ...current, ...fields }));
    if (!edit.changed) return current;
    const [updated] = await tx
      .update(articleCategories)
      .set({ ...fields, updatedAt: now })
      .where(eq(articleCategories.id, current.id))
      .returning();
    await recordAudit(tx, {
      actor,
      action: 'content.category.update',
      ip,
      target: { type: 'article_category', id: current.id },
      before: edit.before,
      after: edit.after,
    });
    return updated!;
  });
  return getDeskCategory(row.id);
}

/**
 * Deletes a category that holds no article (`content.category.delete`); one that still does is
 * refused (-10, `categoryInUse`): move or delete its articles first, or hide it.
 */
export async function deleteCategory(staff: Actor, categoryId: number, updatedAt: string, ip: string): Promise<void> {
  await changeContent(async (tx) => {
    const [current] = await tx
      .select()
      .from(articleCategories)
      .where(eq(articleCategories.id, categoryId))
      .for('update')
      .limit(1);
    if (!current) throw new AppError(ErrorCode.NO_ARTICLE_CLASS);
    assertUnchanged(current.updatedAt, updatedAt, 'categoryChanged');
    const [inUse] = await tx.select({ n: count() }).from(articles).where(eq(articles.categoryId, categoryId));
    if ((inUse?.n ?? 0) > 0)
      throw new AppError(ErrorCode.DATA_CHECK, null, { key: 'categoryInUse', values: { count: inUse!.n } });
    await tx.delete(articleCategories).where(eq(articleCategories.id, categoryId));
    await recordAudit(tx, {
      actor: { userType: 'individual', accountId: staff.accountId },
      action: 'content.category.delete',
      ip,
      target: { type: 'article_category', id: categoryId },
      before: audited(current),
    });
  });
}
