import type { z } from 'zod';
import { taipeiDateTime } from '@/lib/calendar-date';
import type { registrationSetupBody, registrationSetupView } from '@/lib/schemas/registrations';

/**
 * The registration setup form's values, flat as `useForm` keeps them, and the API's body made from
 * them. Rows of the lists carry a key of their own (`t3`, `s1`, `r2`: ticket type, session, refund
 * step), so adding, removing and moving a row moves no other row's values; the body's positions
 * (`ticketTypes.0.capacity`) are turned into a row's field (`t3.capacity`) and back.
 */
export type SetupValues = Record<string, string | boolean>;
export type SetupView = z.output<typeof registrationSetupView>;
export type SetupBody = z.input<typeof registrationSetupBody>;

/** The rows of the form's three lists, in order. */
export interface SetupRows {
  types: string[];
  sessions: string[];
  refunds: string[];
}

const clock = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
const minutes = (text: string) =>
  /^([01]\d|2[0-3]):[0-5]\d$/.test(text) ? Number(text.slice(0, 2)) * 60 + Number(text.slice(3, 5)) : NaN;
/** A Taipei `datetime-local` text as a moment with its offset; empty: none. */
const moment = (text: string) =>
  text === '' ? null : /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(text) ? `${text}:00+08:00` : text;
const whole = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : NaN);
const localTime = (iso: string | null) => (iso ? taipeiDateTime(new Date(iso)) : '');
/** Points as typed (one decimal) in tenths. */
const tenths = (text: string) => (/^\d{1,3}(\.\d)?$/.test(text.trim()) ? Math.round(Number(text.trim()) * 10) : NaN);

/** A new ticket type's values: every member class's price empty (it pays the web-user price). */
export function ticketTypeValues(row: string, classes: readonly string[], type?: SetupView['ticketTypes'][number]) {
  const values: SetupValues = {
    [`${row}.id`]: type ? String(type.ticketTypeId) : '',
    [`${row}.nameZh`]: type?.name['zh-tw'] ?? '',
    [`${row}.nameEn`]: type?.name['en-us'] ?? '',
    [`${row}.capacity`]: type ? String(type.capacity) : '',
    [`${row}.price.webUser`]: type ? String(type.prices.webUser) : '',
    [`${row}.earlyOn`]: Boolean(type?.earlyPrices),
    [`${row}.early.webUser`]: type?.earlyPrices ? String(type.earlyPrices.webUser) : '',
  };
  for (const code of classes) {
    values[`${row}.price.${code}`] = type?.prices.members[code]?.toString() ?? '';
    values[`${row}.early.${code}`] = type?.earlyPrices?.members[code]?.toString() ?? '';
  }
  return values;
}

/** A new session's values (admitting every ticket type), or a stored one's. */
export function sessionValues(
  row: string,
  typeRows: readonly string[],
  session?: SetupView['sessions'][number],
  typeIds: readonly (number | null)[] = [],
) {
  const values: SetupValues = {
    [`${row}.id`]: session ? String(session.sessionId) : '',
    [`${row}.titleZh`]: session?.title['zh-tw'] ?? '',
    [`${row}.titleEn`]: session?.title['en-us'] ?? '',
    [`${row}.day`]: session?.day ?? '',
    [`${row}.start`]: session ? clock(session.startMinute) : '',
    [`${row}.end`]: session ? clock(session.endMinute) : '',
    [`${row}.needsCheckOut`]: session?.needsCheckOut ?? false,
    [`${row}.kind`]: session?.kindId ? String(session.kindId) : '',
    [`${row}.category`]: session?.category ?? '',
    [`${row}.creditClass`]: session?.creditClass ?? 'A',
    [`${row}.points`]: session?.points ? String(session.points / 10) : '',
  };
  for (const topic of session?.topics ?? []) values[`${row}.topic.${topic}`] = true;
  typeRows.forEach((typeRow, i) => {
    values[`${row}.admits.${typeRow}`] = session ? session.ticketTypeIds.includes(typeIds[i] ?? -1) : true;
  });
  return values;
}

/** The form's starting values and rows: the stored setup, or an empty one with one ticket type. */
export function initialSetup(
  setup: SetupView | null,
  classes: readonly string[],
): { values: SetupValues; rows: SetupRows } {
  const types = setup ? setup.ticketTypes.map((_, i) => `t${i}`) : ['t0'];
  const sessions = setup ? setup.sessions.map((_, i) => `s${i}`) : [];
  const refunds = setup ? setup.refundRule.steps.map((_, i) => `r${i}`) : [];
  const typeIds = setup?.ticketTypes.map((t) => t.ticketTypeId) ?? [];
  const values: SetupValues = {
    opensAt: localTime(setup?.opensAt ?? null),
    closesAt: localTime(setup?.closesAt ?? null),
    earlyBirdUntil: localTime(setup?.earlyBirdUntil ?? null),
    cancelUntil: localTime(setup?.cancelUntil ?? null),
    payHours: String(setup?.payHours ?? 72),
    offerHours: String(setup?.offerHours ?? 48),
    needsApproval: setup?.needsApproval ?? false,
    diet: setup?.questions.diet ?? 'off',
    receipt: setup?.questions.receipt ?? 'off',
    freeText: setup?.questions.freeText ?? 'off',
    freeTextLabelZh: setup?.questions.freeTextLabel?.['zh-tw'] ?? '',
    freeTextLabelEn: setup?.questions.freeTextLabel?.['en-us'] ?? '',
    ticketTypes: '',
    sessions: '',
  };
  types.forEach((row, i) => Object.assign(values, ticketTypeValues(row, classes, setup?.ticketTypes[i])));
  sessions.forEach((row, i) => Object.assign(values, sessionValues(row, types, setup?.sessions[i], typeIds)));
  refunds.forEach((row, i) => {
    values[`${row}.days`] = String(setup!.refundRule.steps[i]!.daysBefore);
    values[`${row}.percent`] = String(setup!.refundRule.steps[i]!.percent);
  });
  return { values, rows: { types, sessions, refunds } };
}

const text = (values: SetupValues, key: string) => String(values[key] ?? '').trim();

/** Prices as the API takes them: a member class left empty is not listed (it pays the web-user price). */
function prices(values: SetupValues, row: string, prefix: 'price' | 'early', classes: readonly string[]) {
  const members: Record<string, number> = {};
  for (const code of classes) {
    const given = text(values, `${row}.${prefix}.${code}`);
    if (given !== '') members[code] = whole(given);
  }
  return { members, webUser: whole(text(values, `${row}.${prefix}.webUser`)) };
}

/** The API's body (`PUT amsw1101/events/registration`) from the form's values. */
export function setupBody(
  eventId: number,
  values: SetupValues,
  rows: SetupRows,
  classes: readonly string[],
  topicsOf: (kindId: number) => readonly string[],
): SetupBody {
  const bilingual = (key: string) => ({ 'zh-tw': text(values, `${key}Zh`), 'en-us': text(values, `${key}En`) });
  const freeText = text(values, 'freeText') as 'off' | 'optional' | 'required';
  return {
    eventId,
    opensAt: moment(text(values, 'opensAt')) ?? '',
    closesAt: moment(text(values, 'closesAt')) ?? '',
    earlyBirdUntil: moment(text(values, 'earlyBirdUntil')),
    cancelUntil: moment(text(values, 'cancelUntil')),
    payHours: whole(text(values, 'payHours')),
    offerHours: whole(text(values, 'offerHours')),
    needsApproval: values.needsApproval === true,
    questions: {
      diet: text(values, 'diet') as 'off',
      receipt: text(values, 'receipt') as 'off',
      freeText,
      ...(freeText === 'off' && text(values, 'freeTextLabelZh') === ''
        ? {}
        : { freeTextLabel: bilingual('freeTextLabel') }),
    },
    refundRule: {
      steps: rows.refunds.map((row) => ({
        daysBefore: whole(text(values, `${row}.days`)),
        percent: whole(text(values, `${row}.percent`)),
      })),
    },
    ticketTypes: rows.types.map((row) => ({
      ...(text(values, `${row}.id`) ? { ticketTypeId: Number(text(values, `${row}.id`)) } : {}),
      name: bilingual(`${row}.name`),
      capacity: whole(text(values, `${row}.capacity`)),
      prices: prices(values, row, 'price', classes),
      earlyPrices: values[`${row}.earlyOn`] === true ? prices(values, row, 'early', classes) : null,
    })),
    sessions: rows.sessions.map((row) => {
      const kind = text(values, `${row}.kind`);
      const kindId = kind === '' ? null : Number(kind);
      return {
        ...(text(values, `${row}.id`) ? { sessionId: Number(text(values, `${row}.id`)) } : {}),
        title: bilingual(`${row}.title`),
        day: text(values, `${row}.day`),
        startMinute: minutes(text(values, `${row}.start`)),
        endMinute: minutes(text(values, `${row}.end`)),
        needsCheckOut: values[`${row}.needsCheckOut`] === true,
        kindId,
        category: kindId === null ? null : text(values, `${row}.category`) || null,
        creditClass: kindId === null ? null : (text(values, `${row}.creditClass`) as 'A' | 'B'),
        topics: kindId === null ? [] : topicsOf(kindId).filter((topic) => values[`${row}.topic.${topic}`] === true),
        points: kindId === null ? 0 : tenths(text(values, `${row}.points`)),
        ticketTypes: rows.types.flatMap((typeRow, i) => (values[`${row}.admits.${typeRow}`] === true ? [i] : [])),
      };
    }),
  };
}

const SESSION_FIELDS: Record<string, string> = {
  day: 'day',
  startMinute: 'start',
  endMinute: 'end',
  kindId: 'kind',
  category: 'category',
  creditClass: 'creditClass',
  points: 'points',
  topics: 'kind',
  needsCheckOut: 'needsCheckOut',
  ticketTypes: 'titleZh',
};
const LANGUAGE: Record<string, string> = { 'zh-tw': 'Zh', 'en-us': 'En' };

/**
 * The form's field a path of the body names (a zod issue's, or a field the server refused):
 * `ticketTypes.1.prices.members.regular` → `t4.price.regular`. A path the form has no field for
 * falls to its list (`ticketTypes`, `sessions`) or to the nearest field.
 */
export function fieldOf(path: readonly (string | number)[], rows: SetupRows): string {
  const [head, index, part, sub, code] = path.map(String);
  if (head === 'questions')
    return index === 'freeTextLabel' ? `freeTextLabel${LANGUAGE[part ?? ''] ?? 'Zh'}` : (index ?? 'diet');
  if (head === 'refundRule') {
    const row = rows.refunds[Number(part)];
    return row ? `${row}.${sub === 'percent' ? 'percent' : 'days'}` : 'opensAt';
  }
  if (head === 'ticketTypes') {
    const row = rows.types[Number(index)];
    if (!row || part === undefined) return 'ticketTypes';
    if (part === 'name') return `${row}.name${LANGUAGE[sub ?? ''] ?? 'Zh'}`;
    if (part === 'prices' || part === 'earlyPrices') {
      const prefix = part === 'prices' ? 'price' : 'early';
      return sub === 'members' && code ? `${row}.${prefix}.${code}` : `${row}.${prefix}.webUser`;
    }
    return part === 'capacity' ? `${row}.capacity` : `${row}.nameZh`;
  }
  if (head === 'sessions') {
    const row = rows.sessions[Number(index)];
    if (!row || part === undefined) return 'sessions';
    if (part === 'title') return `${row}.title${LANGUAGE[sub ?? ''] ?? 'Zh'}`;
    return `${row}.${SESSION_FIELDS[part] ?? 'titleZh'}`;
  }
  return head ?? 'opensAt';
}
