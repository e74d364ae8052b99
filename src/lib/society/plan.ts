/**
 * What applying a society file would change (`npm run society -- apply` prints it before it writes):
 * the file against the society as stored, field by field. Classes, topics and certifications are
 * matched by code. One that the file leaves out is deleted when nothing uses it; one in use is
 * never deleted: a class or topic is closed, a certification unpublished, and the plan says so.
 * The site's starting content (article and event categories, home blocks) is only added: what is
 * missing is created, and the console edits it from then on.
 */
import type { SocietyClass, SocietyCertification, SocietyFile, SocietyTopic } from './society-file';

/**
 * A society with its logo and icon as the digests of their bytes (sha256), so that a file and the
 * stored society compare without reading pictures twice.
 */
export type SocietyState = Omit<SocietyFile, 'logo' | 'favicon'> & { logo: string | null; favicon: string | null };

export type ChangeKind = 'set' | 'add' | 'remove' | 'close' | 'unpublish' | 'order';

export interface SocietyChange {
  /** `name`, `contact.phone`, `classes.regular.duesPerTerm`, `classes.overseas`. */
  path: string;
  kind: ChangeKind;
  before?: unknown;
  after?: unknown;
}

/** What stored classes, topics and certifications are used by (so never deleted). */
export interface InUse {
  classes: ReadonlySet<string>;
  topics: ReadonlySet<string>;
  certifications: ReadonlySet<string>;
}

/** JSON with object keys sorted, so that two equal values written in another order compare equal. */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
}

const same = (a: unknown, b: unknown) => stableJson(a) === stableJson(b);

function fields<T extends object>(
  changes: SocietyChange[],
  prefix: string,
  before: T,
  after: T,
  keys: readonly (keyof T & string)[],
) {
  for (const key of keys)
    if (!same(before[key], after[key]))
      changes.push({ path: `${prefix}${key}`, kind: 'set', before: before[key], after: after[key] });
}

const CLASS_FIELDS = [
  'name',
  'description',
  'eligibility',
  'terms',
  'documents',
  'entranceFee',
  'duesPerTerm',
  'term',
  'termMonths',
  'life',
  'reviewed',
  'joinOpens',
  'changeTo',
  'active',
] as const satisfies readonly (keyof SocietyClass)[];
const TOPIC_FIELDS = ['name', 'description', 'active'] as const satisfies readonly (keyof SocietyTopic)[];
const CERTIFICATION_FIELDS = [
  'name',
  'issuer',
  'description',
  'published',
  'rules',
] as const satisfies readonly (keyof SocietyCertification)[];

/** A list matched by code: added, changed field by field, left out (deleted, or closed when in use), reordered. */
function list<T extends { code: string }>(
  changes: SocietyChange[],
  section: string,
  before: T[],
  after: T[],
  keys: readonly (keyof T & string)[],
  inUse: ReadonlySet<string>,
  retired: (item: T) => boolean,
  retire: { kind: ChangeKind; state: (item: T) => T },
) {
  const stored = new Map(before.map((item) => [item.code, item]));
  for (const item of after) {
    const old = stored.get(item.code);
    if (!old) changes.push({ path: `${section}.${item.code}`, kind: 'add', after: item });
    else fields(changes, `${section}.${item.code}.`, old, item, keys);
  }
  const wanted = new Set(after.map((item) => item.code));
  for (const old of before) {
    if (wanted.has(old.code)) continue;
    if (!inUse.has(old.code)) changes.push({ path: `${section}.${old.code}`, kind: 'remove', before: old });
    else if (!retired(old))
      changes.push({ path: `${section}.${old.code}`, kind: retire.kind, before: old, after: retire.state(old) });
  }
  // The file's order is the society's order; items it leaves out keep their place after it.
  const order = after.map((item) => item.code);
  const storedOrder = before.map((item) => item.code).filter((code) => wanted.has(code));
  const kept = order.filter((code) => stored.has(code));
  if (!same(kept, storedOrder)) changes.push({ path: section, kind: 'order', before: storedOrder, after: kept });
}

/** The starting content's items the stored site lacks, by the key each is matched by. */
function missing<T>(changes: SocietyChange[], section: string, before: T[], after: T[], keyOf: (item: T) => string) {
  const stored = new Set(before.map(keyOf));
  for (const item of after)
    if (!stored.has(keyOf(item))) changes.push({ path: `${section}.${keyOf(item)}`, kind: 'add', after: item });
}

/** How the starting content is matched: an article category by code, the others by their Chinese name. */
export const CONTENT_KEYS = {
  articleCategories: (c: { code: string }) => c.code,
  eventCategories: (c: { name: { 'zh-tw': string } }) => c.name['zh-tw'],
  homeBlocks: (b: { type: string; title: { 'zh-tw': string } }) => `${b.type}.${b.title['zh-tw']}`,
};

/** Every change that applying `desired` over `current` makes, in the file's order. */
export function planSociety(current: SocietyState, desired: SocietyState, inUse: InUse): SocietyChange[] {
  const changes: SocietyChange[] = [];
  fields(changes, '', current, desired, ['name', 'shortName', 'description', 'logo', 'favicon', 'color'] as const);
  fields(changes, 'contact.', current.contact, desired.contact, [
    'address',
    'phone',
    'fax',
    'email',
    'officeHours',
  ] as const);
  fields(changes, '', current, desired, ['copyright', 'footerLinks', 'remittance'] as const);
  fields(changes, 'settings.', current.settings, desired.settings, [
    'postServiceUrl',
    'newebpayTradeLimit',
    'webEmailValidMinute',
    'loginBlockMinute',
    'loginNotice',
  ] as const);
  fields(changes, 'membership.', current.membership, desired.membership, [
    'graceDays',
    'renewalWindowDays',
    'lateJoinFrom',
    'memberNoPattern',
    'replaceFee',
    'paymentDays',
    'returnedDays',
    'reviewDays',
    'pauseMaxMonths',
    'remindBeforeDays',
    'remindInGraceDays',
  ] as const);
  list(changes, 'classes', current.classes, desired.classes, CLASS_FIELDS, inUse.classes, (c) => !c.active, {
    kind: 'close',
    state: (c) => ({ ...c, active: false, joinOpens: null }),
  });
  list(changes, 'topics', current.topics, desired.topics, TOPIC_FIELDS, inUse.topics, (t) => !t.active, {
    kind: 'close',
    state: (t) => ({ ...t, active: false }),
  });
  list(
    changes,
    'certifications',
    current.certifications,
    desired.certifications,
    CERTIFICATION_FIELDS,
    inUse.certifications,
    (c) => c.published === null,
    { kind: 'unpublish', state: (c) => ({ ...c, published: null }) },
  );
  for (const section of ['articleCategories', 'eventCategories', 'homeBlocks'] as const)
    missing(changes, section, current[section], desired[section], CONTENT_KEYS[section] as (item: unknown) => string);
  return changes;
}
