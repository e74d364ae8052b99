/**
 * The editors' home-page desk (DESIGN.md §19, Content): the blocks the public home page shows
 * (carousel, latest news, events, cards, links), their order and visibility, and the entries of
 * the carousel, card and link blocks with their pictures. Each change is one transaction with its
 * audit entry and reaches every serving process at once (content/changes.ts).
 */
import { asc, eq } from 'drizzle-orm';
import { ITEM_PART_TYPES, type IndexPartType } from '../../../lib/content-types';
import { ErrorCode } from '../../../lib/error-codes';
import { type HomeBlockSaveInput, type HomeBlockView, type HomeItemSaveInput } from '../../../lib/schemas/content-home';
import type { Actor } from '../../auth/sessions';
import type { Executor } from '../../db/client';
import { files, indexPartItems, indexParts } from '../../db/schema';
import { AppError } from '../../app-error';
import { runtime } from '../../runtime';
import { recordAudit } from '../accounts/audit';
import { changeContent } from './changes';
import { assertFresh, changes, optionalTexts, texts, deskText } from './desk-changes';
import { moveRow } from './move-row';
import { assertContentImage } from './content-files';

type PartRow = typeof indexParts.$inferSelect;
type ItemRow = typeof indexPartItems.$inferSelect;

const hasItems = (type: IndexPartType) => (ITEM_PART_TYPES as readonly string[]).includes(type);
const staffActor = (staff: Actor) => ({ userType: 'individual' as const, accountId: staff.accountId });

/** Every block, shown or hidden, in the home page's order, with its entries: two statements. */
export async function listHomeBlocks(executor?: Executor): Promise<HomeBlockView[]> {
  const db = executor ?? (await runtime()).database.db;
  return blocks(db);
}

/** One block with its entries; -6 when there is none. */
export async function getHomeBlock(indexPartId: number): Promise<HomeBlockView> {
  const { db } = (await runtime()).database;
  const [block] = await blocks(db, indexPartId);
  if (!block) throw new AppError(ErrorCode.NO_DATA);
  return block;
}

async function blocks(db: Executor, indexPartId?: number): Promise<HomeBlockView[]> {
  const [parts, items] = await Promise.all([
    db
      .select()
      .from(indexParts)
      .where(indexPartId === undefined ? undefined : eq(indexParts.id, indexPartId))
      .orderBy(asc(indexParts.sort), asc(indexParts.id)),
    db
      .select({ item: indexPartItems, imageName: files.name })
      .from(indexPartItems)
      .leftJoin(files, eq(indexPartItems.imageFileId, files.id))
      .where(indexPartId === undefined ? undefined : eq(indexPartItems.indexPartId, indexPartId))
      .orderBy(asc(indexPartItems.sort), asc(indexPartItems.id)),
  ]);
  return parts.map((part) => ({
    indexPartId: part.id,
    type: part.type,
    ...deskText('title', part.title),
    itemLimit: part.itemLimit,
    visible: part.visible,
    updatedAt: part.updatedAt.toISOString(),
    items: items
      .filter(({ item }) => item.indexPartId === part.id)
      .map(({ item, imageName }) => ({
        itemId: item.id,
        ...deskText('title', item.title),
        ...deskText('description', item.description),
        imageFileId: item.imageFileId,
        imageName,
        ...deskText('imageAlt', item.imageAlt),
        linkUrl: item.linkUrl ?? '',
        openInNewTab: item.openInNewTab,
        updatedAt: item.updatedAt.toISOString(),
      })),
  }));
}

function blockFields(row: Pick<PartRow, 'title' | 'itemLimit' | 'visible'>) {
  return { title: row.title, itemLimit: row.itemLimit, visible: row.visible };
}

async function lockedPart(tx: Executor, indexPartId: number): Promise<PartRow> {
  const [row] = await tx.select().from(indexParts).where(eq(indexParts.id, indexPartId)).for('update').limit(1);
  if (!row) throw new AppError(ErrorCode.NO_DATA);
  return row;
}

/**
 * Creates a block (placed last) or changes one's title, item count and visibility; a form read
 * before the block's last change is refused (-10 `contentChanged`). Audited
 * `content.homeBlock.create|update` with the changed fields.
 */
export async function saveHomeBlock(staff: Actor, input: HomeBlockSaveInput, ip: string): Promise<HomeBlockView> {
  const now = new Date();
  const fields = {
    title: texts(input.titleZh, input.titleEn),
    itemLimit: input.itemLimit,
    visible: input.visible,
  };
  const id = await changeContent(async (tx) => {
    if (input.indexPartId === undefined) {
      if (!input.type) throw new AppError(ErrorCode.DATA_CHECK, { fields: ['type'] });
      const last = await tx.select({ sort: indexParts.sort }).from(indexParts);
      const sort = Math.max(0, ...last.map((r) => r.sort)) + 10;
      const [created] = await tx
        .insert(indexParts)
        .values({ ...fields, type: input.type, sort, updatedAt: now })
        .returning();
      await recordAudit(tx, {
        actor: staffActor(staff),
        action: 'content.homeBlock.create',
        ip,
        target: { type: 'indexPart', id: created!.id },
        after: { type: input.type, ...blockFields(created!) },
      });
      return created!.id;
    }
    const current = await lockedPart(tx, input.indexPartId);
    assertFresh(current.updatedAt, input.updatedAt);
    const edit = changes(blockFields(current), fields);
    if (!edit.changed) return current.id;
    await tx
      .update(indexParts)
      .set({ ...fields, updatedAt: now })
      .where(eq(indexParts.id, current.id));
    await recordAudit(tx, {
      actor: staffActor(staff),
      action: 'content.homeBlock.update',
      ip,
      target: { type: 'indexPart', id: current.id },
      before: edit.before,
      after: edit.after,
    });
    return current.id;
  });
  return getHomeBlock(id);
}

/**
 * Moves a block one place up or down the home page (every block numbered again in its new
 * order). Audited `content.homeBlock.move` with the block's place before and after (from 1).
 * Answers every block in the new order.
 */
export async function moveHomeBlock(
  staff: Actor,
  indexPartId: number,
  direction: 'up' | 'down',
  ip: string,
): Promise<HomeBlockView[]> {
  return changeContent(async (tx) => {
    const place = await moveRow(tx, indexParts, indexPartId, direction);
    if (!place) throw new AppError(ErrorCode.NO_DATA);
    if (place.moved)
      await recordAudit(tx, {
        actor: staffActor(staff),
        action: 'content.homeBlock.move',
        ip,
        target: { type: 'indexPart', id: indexPartId },
        before: { place: place.before },
        after: { place: place.after },
      });
    return listHomeBlocks(tx);
  });
}

function itemFields(
  row: Pick<ItemRow, 'title' | 'description' | 'imageFileId' | 'imageAlt' | 'linkUrl' | 'openInNewTab'>,
) {
  return {
    title: row.title,
    description: row.description ?? null,
    imageFileId: row.imageFileId,
    imageAlt: row.imageAlt ?? null,
    linkUrl: row.linkUrl ?? null,
    openInNewTab: row.openInNewTab,
  };
}

async function lockedItem(tx: Executor, itemId: number): Promise<ItemRow> {
  const [row] = await tx.select().from(indexPartItems).where(eq(indexPartItems.id, itemId)).for('update').limit(1);
  if (!row) throw new AppError(ErrorCode.NO_DATA);
  return row;
}

/**
 * Adds an entry (last) to a carousel, card or link block, or changes one: texts, picture (a
 * society image from the files desk), its description and the link. A news or events block has
 * no entries (-10 `blockHasNoItems`); a stale form is refused (-10 `contentChanged`). Audited
 * `content.homeItem.create|update`.
 */
export async function saveHomeItem(staff: Actor, input: HomeItemSaveInput, ip: string): Promise<HomeBlockView> {
  const now = new Date();
  const fields = {
    title: texts(input.titleZh, input.titleEn),
    description: optionalTexts(input.descriptionZh, input.descriptionEn),
    imageFileId: input.imageFileId,
    imageAlt: optionalTexts(input.imageAltZh, input.imageAltEn),
    linkUrl: input.linkUrl || null,
    openInNewTab: input.openInNewTab,
  };
  await changeContent(async (tx) => {
    const part = await lockedPart(tx, input.indexPartId);
    if (!hasItems(part.type)) throw new AppError(ErrorCode.DATA_CHECK, null, { key: 'blockHasNoItems' });
    await assertContentImage(tx, input.imageFileId, 'imageFileId');
    if (input.itemId === undefined) {
      const siblings = await tx
        .select({ sort: indexPartItems.sort })
        .from(indexPartItems)
        .where(eq(indexPartItems.indexPartId, part.id));
      const sort = Math.max(0, ...siblings.map((r) => r.sort)) + 10;
      const [created] = await tx
        .insert(indexPartItems)
        .values({ ...fields, indexPartId: part.id, sort, updatedAt: now })
        .returning({ id: indexPartItems.id });
      await recordAudit(tx, {
        actor: staffActor(staff),
        action: 'content.homeItem.create',
        ip,
        target: { type: 'indexPartItem', id: created!.id },
        after: { indexPartId: part.id, ...fields },
      });
      return;
    }
    const current = await lockedItem(tx, input.itemId);
    if (current.indexPartId !== part.id) throw new AppError(ErrorCode.NO_DATA);
    assertFresh(current.updatedAt, input.updatedAt);
    const edit = changes(itemFields(current), fields);
    if (!edit.changed) return;
    await tx
      .update(indexPartItems)
      .set({ ...fields, updatedAt: now })
      .where(eq(indexPartItems.id, current.id));
    await recordAudit(tx, {
      actor: staffActor(staff),
      action: 'content.homeItem.update',
      ip,
      target: { type: 'indexPartItem', id: current.id },
      before: edit.before,
      after: edit.after,
    });
  });
  return getHomeBlock(input.indexPartId);
}

/** Moves an entry one place up or down its block. Audited `content.homeItem.move`. */
export async function moveHomeItem(
  staff: Actor,
  itemId: number,
  direction: 'up' | 'down',
  ip: string,
): Promise<HomeBlockView> {
  const partId = await changeContent(async (tx) => {
    const item = await lockedItem(tx, itemId);
    const place = await moveRow(
      tx,
      indexPartItems,
      itemId,
      direction,
      eq(indexPartItems.indexPartId, item.indexPartId),
    );
    if (place?.moved)
      await recordAudit(tx, {
        actor: staffActor(staff),
        action: 'content.homeItem.move',
        ip,
        target: { type: 'indexPartItem', id: itemId },
        before: { place: place.before },
        after: { place: place.after },
      });
    return item.indexPartId;
  });
  return getHomeBlock(partId);
}

/** Removes an entry from its block (its picture stays among the files). Audited `content.homeItem.delete`. */
export async function deleteHomeItem(staff: Actor, itemId: number, seen: string, ip: string): Promise<HomeBlockView> {
  const partId = await changeContent(async (tx) => {
    const item = await lockedItem(tx, itemId);
    assertFresh(item.updatedAt, seen);
    await tx.delete(indexPartItems).where(eq(indexPartItems.id, itemId));
    await recordAudit(tx, {
      actor: staffActor(staff),
      action: 'content.homeItem.delete',
      ip,
      target: { type: 'indexPartItem', id: itemId },
      before: { indexPartId: item.indexPartId, ...itemFields(item) },
    });
    return item.indexPartId;
  });
  return getHomeBlock(partId);
}

/**
 * Deletes a whole block with its entries (their pictures stay among the files); the home page
 * leaves it out at once. A form read before the block's last change is refused (-10
 * `contentChanged`). Audited `content.homeBlock.delete` with the block and its entries as they
 * were. Answers the blocks left, in order.
 */
export async function deleteHomeBlock(
  staff: Actor,
  indexPartId: number,
  seen: string,
  ip: string,
): Promise<HomeBlockView[]> {
  return changeContent(async (tx) => {
    const part = await lockedPart(tx, indexPartId);
    assertFresh(part.updatedAt, seen);
    const items = await tx
      .select()
      .from(indexPartItems)
      .where(eq(indexPartItems.indexPartId, part.id))
      .orderBy(asc(indexPartItems.sort), asc(indexPartItems.id));
    await tx.delete(indexParts).where(eq(indexParts.id, part.id));
    await recordAudit(tx, {
      actor: staffActor(staff),
      action: 'content.homeBlock.delete',
      ip,
      target: { type: 'indexPart', id: part.id },
      before: { type: part.type, ...blockFields(part), items: items.map(itemFields) },
    });
    return listHomeBlocks(tx);
  });
}
