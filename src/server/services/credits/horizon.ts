/**
 * `/eventHorizon` (issue 11): what is coming that a signed-in individual could attend, and what it
 * would do for their certificates. Accredited courses open to outsiders in the next months, each
 * with what its sessions would add to each of the reader's certificates of its kind (caps and
 * shortfalls counted as their ledger stands), and the society's own upcoming events with the
 * credits they announce.
 */
import { addDays, type CalendarDate, taipeiDate } from '../../../lib/calendar-date';
import { type CreditClass, type CreditTopic, pointsOf, topicName, wouldAddAll } from '../../../lib/credits/rules';
import { ErrorCode } from '../../../lib/error-codes';
import { localName, pickText } from '../../../lib/i18n-text';
import type { Locale } from '../../../lib/locales';
import type { Actor } from '../../auth/sessions';
import { AppError } from '../../app-error';
import { runtime } from '../../runtime';
import { listEvents } from '../events/list-events';
import { listCertificationKinds, sessionCreditsView } from './certifications';
import { countedEntries, countedEntriesOf } from './standing';

/** How far ahead the horizon looks. */
export const HORIZON_DAYS = 180;
/** The most courses it lists. */
const MAX_COURSES = 50;
/** Upcoming courses are the same for every reader: kept this long (they change when one is accredited). */
const COURSES_TTL_MS = 60_000;

/** Accredited courses open to outsiders from `$1` to `$2`, with their organisation and sessions (one statement). */
const UPCOMING_COURSES = `
  SELECT c.id, c.code, c.title, c.place, c.first_day::text AS first_day, c.last_day::text AS last_day, c.kind_id, o.name AS organisation,
    o.name_en AS organisation_en,
    json_agg(json_build_array(s.title, s.day, s.start_minute, s.end_minute, s.category, s.credit_class,
      s.topics, s.points) ORDER BY s.position) AS sessions
  FROM courses c
  JOIN organisations o ON o.id = c.organisation_id
  JOIN course_sessions s ON s.course_id = c.id
  WHERE c.status = 'accredited' AND c.open AND c.first_day >= $1 AND c.first_day <= $2
  GROUP BY c.id, o.id
  ORDER BY c.first_day, c.id
  LIMIT ${MAX_COURSES}`;

/** The reader's latest certificate of each kind and their ledger for it (one statement, JSON arrays). */
const OWN_CERTIFICATES = `
  SELECT c.kind_id, json_build_array(c.number, c.starts_on, c.ends_on) AS certificate,
    ${countedEntriesOf('$1', 'c.kind_id')} AS entries
  FROM (SELECT DISTINCT ON (kind_id) * FROM member_certificates WHERE account_id = $1
        ORDER BY kind_id, ends_on DESC, id DESC) c`;

type SessionTuple = [string, CalendarDate, number, number, string, CreditClass, CreditTopic[], number];

interface UpcomingCourse {
  id: number;
  code: string;
  title: string;
  place: string;
  firstDay: CalendarDate;
  lastDay: CalendarDate;
  kindId: number;
  organisation: string;
  organisationEn: string;
  sessions: {
    title: string;
    day: CalendarDate;
    category: string;
    creditClass: CreditClass;
    topics: CreditTopic[];
    points: number;
  }[];
}

async function upcomingCourses(today: CalendarDate): Promise<UpcomingCourse[]> {
  const rt = await runtime();
  return rt.cache.get(
    `horizon-courses:${today}`,
    async () => {
      const rows = await rt.database.prepared('upcoming_courses', UPCOMING_COURSES, [
        today,
        addDays(today, HORIZON_DAYS),
      ]);
      return rows.map((r) => ({
        id: r.id as number,
        code: r.code as string,
        title: r.title as string,
        place: r.place as string,
        firstDay: r.first_day as CalendarDate,
        lastDay: r.last_day as CalendarDate,
        kindId: r.kind_id as number,
        organisation: r.organisation as string,
        organisationEn: r.organisation_en as string,
        sessions: (r.sessions as SessionTuple[]).map(([title, day, , , category, creditClass, topics, points]) => ({
          title,
          day,
          category,
          creditClass,
          topics,
          points,
        })),
      }));
    },
    COURSES_TTL_MS,
  );
}

/**
 * The reader's horizon: upcoming accredited courses with what each would add to each of their
 * certificates of its kind, and the society's upcoming events. Individuals only (-11 otherwise).
 */
export async function readHorizon(actor: Actor, locale: Locale, today: CalendarDate = taipeiDate()) {
  if (actor.account.userType !== 'individual') throw new AppError(ErrorCode.NO_PERMISSION);
  const rt = await runtime();
  const [courses, ownRows, kinds, events] = await Promise.all([
    upcomingCourses(today),
    rt.database.prepared('own_certificates', OWN_CERTIFICATES, [actor.accountId]),
    listCertificationKinds(),
    listEvents({ page: 1, pageSize: 10, when: 'upcoming' }, locale),
  ]);
  const certificates = ownRows.map((r) => {
    const [number, startsOn, endsOn] = r.certificate as [string, CalendarDate, CalendarDate];
    const ledger = countedEntries(r.entries);
    return { kindId: r.kind_id as number, number, startsOn, endsOn, ledger };
  });
  const kindOf = new Map(kinds.map((k) => [k.id, k]));
  const horizon = addDays(today, HORIZON_DAYS);
  return {
    horizonDays: HORIZON_DAYS,
    courses: courses.map((course) => {
      const kind = kindOf.get(course.kindId);
      const credits = sessionCreditsView(kind, locale);
      const groupName = new Map(kind?.rules.groups.map((g) => [g.key, pickText(g.name, locale)]) ?? []);
      const activities = course.sessions.map((s) => ({
        points: s.points,
        creditClass: s.creditClass,
        category: s.category,
        method: 'course' as const,
        topics: s.topics,
        earnedOn: s.day,
      }));
      return {
        courseId: course.id,
        code: course.code,
        title: course.title,
        place: course.place,
        firstDay: course.firstDay,
        lastDay: course.lastDay,
        organisation: localName({ zh: course.organisation, en: course.organisationEn }, locale),
        certificationName: kind ? pickText(kind.name, locale) : '',
        points: pointsOf(course.sessions.reduce((sum, s) => sum + s.points, 0)),
        sessions: course.sessions.map((s) => ({
          title: s.title,
          day: s.day,
          ...credits(s),
        })),
        // Each of the reader's certificates of the course's kind running on its first day.
        forCertificates: kind
          ? certificates
              .filter((c) => c.kindId === kind.id && c.startsOn <= course.firstDay && course.firstDay <= c.endsOn)
              .map((c) => {
                const added = wouldAddAll(kind.rules, c, c.ledger, activities, today);
                return {
                  number: c.number,
                  gain: pointsOf(added.gain),
                  missingAfter: pointsOf(added.missingAfter),
                  closes: added.closes.map((s) => ({
                    kind: s.kind,
                    groupName: 'group' in s ? (groupName.get(s.group) ?? s.group) : null,
                    topic: 'topic' in s ? s.topic : null,
                    topicName: 'topic' in s ? topicName(kind.rules, s.topic, locale) : null,
                    creditClass: 'creditClass' in s ? s.creditClass : null,
                  })),
                };
              })
          : [],
      };
    }),
    events: events.list
      .filter((e) => taipeiDate(new Date(e.startsAt)) <= horizon)
      .map((e) => ({
        eventId: e.eventId,
        title: e.title,
        startsAt: e.startsAt,
        endsAt: e.endsAt,
        place: e.place,
        credits: e.creditsTotal,
      })),
    certificates: certificates.map((c) => ({
      certificationId: c.kindId,
      name: kindOf.get(c.kindId) ? pickText(kindOf.get(c.kindId)!.name, locale) : '',
      number: c.number,
    })),
  };
}

export type Horizon = Awaited<ReturnType<typeof readHorizon>>;
