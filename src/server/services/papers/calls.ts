import { asc } from 'drizzle-orm';
import { ErrorCode } from '../../../lib/error-codes';
import { pickText } from '../../../lib/i18n-text';
import type { Locale } from '../../../lib/locales';
import { callOpen } from '../../../lib/papers/model';
import type { callView } from '../../../lib/schemas/papers';
import type { z } from 'zod';
import { posts } from '../../db/schema';
import { AppError } from '../../app-error';
import { runtime } from '../../runtime';
import { getSystemSettings } from '../site/get-system-settings';

export type CallRow = typeof posts.$inferSelect;
export type CallView = z.infer<typeof callView>;

/** Calls open and close by time and change rarely: every call kept 30 seconds at most. */
const CALLS_TTL_MS = 30_000;

/** Every active call, from the memo cache (the same for every reader). */
export async function activeCalls(): Promise<CallRow[]> {
  const rt = await runtime();
  return rt.cache.get(
    'posts:active',
    async () => {
      const rows = await rt.database.db.select().from(posts).orderBy(asc(posts.sort), asc(posts.id));
      return rows.filter((row) => row.active);
    },
    CALLS_TTL_MS,
  );
}

/**
 * The calls and the society's `postServiceUrl`, read before a transaction (the embedded database
 * has one connection): what the use cases look calls up in.
 */
export interface Calls {
  rows: CallRow[];
  societyServiceUrl: string;
}

export async function loadCalls(): Promise<Calls> {
  const [rows, settings] = await Promise.all([activeCalls(), getSystemSettings('zh-tw')]);
  return { rows, societyServiceUrl: settings.postServiceUrl };
}

/** An active call by id; -19 (no such post) otherwise. */
export function callIn(calls: Calls, postId: number): CallRow {
  const call = calls.rows.find((c) => c.id === postId);
  if (!call) throw new AppError(ErrorCode.NO_POST);
  return call;
}

/**
 * Where a call's submissions run when not here: its own address, else the society's
 * `postServiceUrl` (all its calls run elsewhere), else '' (here).
 */
export function serviceUrlOf(call: CallRow, calls: Calls): string {
  return call.serviceUrl || calls.societyServiceUrl;
}

/** Whether the call takes submissions here now. */
export function takesSubmissions(call: CallRow, calls: Calls, now = new Date()): boolean {
  return callOpen({ ...call, serviceUrl: serviceUrlOf(call, calls) }, now);
}

/** A call as an author reads it, with how many papers they have in it. */
export function viewCall(call: CallRow, calls: Calls, locale: Locale, myPapers: number, now = new Date()): CallView {
  const serviceUrl = serviceUrlOf(call, calls);
  const state =
    serviceUrl !== '' ? 'external' : now < call.opensAt ? 'upcoming' : now < call.closesAt ? 'open' : 'closed';
  return {
    postId: call.id,
    name: pickText(call.name, locale),
    description: pickText(call.description, locale),
    notice: pickText(call.notice, locale),
    opensAt: call.opensAt.toISOString(),
    closesAt: call.closesAt.toISOString(),
    state,
    serviceUrl,
    blind: call.blind,
    topics: call.topics.map((topic) => ({ code: topic.code, name: pickText(topic.name, locale) })),
    maxFileMb: call.maxFileMb,
    maxAuthors: call.maxAuthors,
    abstractMaxChars: call.abstractMaxChars,
    myPapers,
  };
}
