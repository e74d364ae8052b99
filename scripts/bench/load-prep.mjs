// The people and things `npm run bench:load` needs, made before the portal starts, through the
// operators' own commands where there is one (the demo seeded by `settings`, the members brought in
// by `import`, the reviewers' role given by `admin`) and by SQL where there is none (a password for
// the imported members, more held courses for the organisation); and, after the load, what the
// database says about the payments.
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { MEMBERS_HEADER, nationalId, writeLines } from './members-file.mjs';
import { root } from './portal.mjs';

const DOMAIN = 'bench.example.org';
const memberEmail = (i) => `load${i}@${DOMAIN}`;
const reviewerEmail = (i) => `review${i}@${DOMAIN}`;

/** Today in Taipei (the portal's calendar), moved by `days`. */
function taipeiDay(days = 0) {
  return new Date(Date.now() + 8 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
}

/** Runs an operator's command of the build to its end; throws with its output when it fails. */
export function runBuilt(nodeBin, command, args, env) {
  const done = spawnSync(nodeBin, [path.join(root, 'dist', 'front', `${command}.mjs`), ...args], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    encoding: 'utf8',
  });
  if (done.status !== 0)
    throw new Error(
      `${command} ${args.join(' ')} failed (exit ${done.status ?? done.signal}):\n${done.stdout}${done.stderr}`,
    );
  return done.stdout;
}

/**
 * SQL on the portal's database while the portal is stopped: the PostgreSQL database of `env`, or
 * the embedded one in its DATA_DIR. { query(text, params) → rows, close() }.
 */
export async function openSql(env) {
  if (env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    return { query: async (text, params) => (await client.query(text, params)).rows, close: () => client.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create(path.join(env.DATA_DIR, 'pglite'));
  return { query: async (text, params) => (await db.query(text, params)).rows, close: () => db.close() };
}

/**
 * The demo seeded, `members` members and `reviewers` credit reviewers imported (regular members
 * whose term ends in 45 days, so each may renew), all with the demo member's password, and the
 * organisation given `courses` accredited courses held three days ago (the demo's one and copies
 * of it). Answers the plan the load driver follows, less what the running portal tells
 * (`completePlan`), and the orders paid before the load.
 */
export async function prepareData({ nodeBin, env, work, members, reviewers, courses }) {
  runBuilt(nodeBin, 'settings', [], env); // creates, migrates and seeds the demo society

  // Inside the renewal window (60 days in the demo) and before the first reminder (30 days): a
  // fresh database has no backlog of reminders to send, as a portal running every day has none.
  const termEnd = taipeiDay(45);
  const termStart = `${Number(termEnd.slice(0, 4)) - 1}${termEnd.slice(4)}`;
  const people = [];
  for (let i = 1; i <= members; i++) people.push({ email: memberEmail(i), n: i });
  for (let i = 1; i <= reviewers; i++) people.push({ email: reviewerEmail(i), n: members + i });
  const file = path.join(work, 'members.csv');
  const personOf = (p) => ({ id: nationalId(8_000_000 + p.n), nameZh: `會員${p.n}` });
  await writeLines(file, MEMBERS_HEADER, people.length, (line) => {
    const p = people[line - 1];
    return [
      `M2010-${String(p.n).padStart(6, '0')}`,
      personOf(p).nameZh,
      `Member ${p.n}`,
      personOf(p).id,
      p.email,
      `09${String(20_000_000 + p.n).slice(-8)}`,
      'regular',
      '',
      termStart,
      termEnd,
      '2010-03-01',
    ].join(',');
  });
  runBuilt(nodeBin, 'import', ['members', file, '--yes'], env);
  for (let i = 1; i <= reviewers; i++) runBuilt(nodeBin, 'admin', ['grant', reviewerEmail(i), 'reviewer:credit'], env);

  const sql = await openSql(env);
  try {
    // Imported members set their password through a mailed link; here they all get the demo
    // member's (its hash copied: the password is checked as any other).
    const updated = await sql.query(
      `UPDATE accounts SET password_hash = (SELECT password_hash FROM accounts WHERE email = 'member@example.org'),
         must_change_password = false, email_verified_at = coalesce(email_verified_at, now())
       WHERE email LIKE $1 RETURNING id`,
      [`%@${DOMAIN}`],
    );
    if (updated.length !== people.length)
      throw new Error(`${updated.length} of the ${people.length} imported members were found`);

    const [held] = await sql.query(
      `SELECT c.id, c.application_id, c.kind_id, c.last_day::text AS last_day FROM courses c
       WHERE c.status = 'accredited' AND c.last_day < $1 ORDER BY c.id LIMIT 1`,
      [taipeiDay()],
    );
    if (!held) throw new Error('the demo has no accredited course held already');
    const applicationIds = [held.application_id];
    const copied = (
      await sql.query(
        `SELECT column_name FROM information_schema.columns
         WHERE table_schema = current_schema() AND table_name = 'applications' AND column_name NOT IN ('id', 'number')`,
      )
    ).map((c) => `"${c.column_name}"`);
    for (let k = 2; k <= courses; k++) {
      const [app] = await sql.query(
        `INSERT INTO applications (number, ${copied.join(', ')})
         SELECT number || '-L' || $2::text, ${copied.join(', ')} FROM applications WHERE id = $1 RETURNING id`,
        [held.application_id, k],
      );
      await sql.query(
        `INSERT INTO application_files (application_id, document_key, file_id)
         SELECT $1, document_key, file_id FROM application_files WHERE application_id = $2`,
        [app.id, held.application_id],
      );
      const [course] = await sql.query(
        `INSERT INTO courses (application_id, organisation_id, kind_id, code, title, place, first_day, last_day, open, status)
         SELECT $1, organisation_id, kind_id, code || '-L' || $3::text, title || ' ' || $3::text, place, first_day,
           last_day, open, status FROM courses WHERE id = $2 RETURNING id`,
        [app.id, held.id, k],
      );
      await sql.query(
        `INSERT INTO course_sessions (course_id, position, title, speaker, day, start_minute, end_minute, category,
           credit_class, topics, points)
         SELECT $1, position, title, speaker, day, start_minute, end_minute, category, credit_class, topics, points
         FROM course_sessions WHERE course_id = $2`,
        [course.id, held.id],
      );
      applicationIds.push(app.id);
    }
    const [licence] = await sql.query(`SELECT id FROM certification_kinds WHERE code = 'licence'`);
    const paidBefore = (await sql.query(`SELECT id FROM orders WHERE status = 'paid'`)).map((r) => r.id);

    // The roster every course receives: the first hundred members, present all day.
    const day = held.last_day;
    const roster =
      '身分證字號,姓名,簽到時間,簽退時間\n' +
      people
        .slice(0, Math.min(100, members))
        .map((p) => `${personOf(p).id},${personOf(p).nameZh},${day} 08:50,${day} 15:40`)
        .join('\n') +
      '\n';
    return {
      plan: {
        members: people.slice(0, members).map(({ email }) => ({ email })),
        reviewers: people.slice(members).map(({ email }) => ({ email })),
        courses: applicationIds.map((applicationId) => ({
          applicationId,
          path: `/organ/center/contiEdu/${held.kind_id}/detail/${applicationId}`,
        })),
        licenceId: licence.id,
        roster,
      },
      paidBefore,
    };
  } finally {
    await sql.close();
  }
}

/**
 * After the load, from the database: every payment applied exactly once. Each order the load paid
 * is paid with one payment applied and none left over; the orders paid since the start are those
 * and no other; no gateway trade or attempt gave two payments; each renewal added its term once.
 * Answers the checks, each { name, ok, detail }.
 */
export async function checkPayments(env, paidBefore, payments) {
  const sql = await openSql(env);
  try {
    const before = new Set(paidBefore);
    const newlyPaid = (await sql.query(`SELECT id FROM orders WHERE status = 'paid'`))
      .map((r) => r.id)
      .filter((id) => !before.has(id));
    const perOrder = new Map(
      (
        await sql.query(
          `SELECT order_id, count(*) FILTER (WHERE NOT surplus)::int AS applied, count(*) FILTER (WHERE surplus)::int AS surplus
           FROM payments GROUP BY order_id`,
        )
      ).map((r) => [r.order_id, r]),
    );
    const doubled = await sql.query(
      `SELECT 'trade ' || trade_no AS what FROM payments WHERE trade_no IS NOT NULL GROUP BY trade_no HAVING count(*) > 1
       UNION ALL
       SELECT 'attempt ' || attempt_id FROM payments WHERE attempt_id IS NOT NULL GROUP BY attempt_id HAVING count(*) > 1`,
    );
    const terms = new Map(
      (
        await sql.query(
          `SELECT application_id, count(*)::int AS n FROM membership_terms WHERE application_id IS NOT NULL GROUP BY application_id`,
        )
      ).map((r) => [r.application_id, r.n]),
    );
    const driverOrders = new Set(payments.map((p) => p.orderId));
    const notOnce = newlyPaid.filter((id) => perOrder.get(id)?.applied !== 1 || perOrder.get(id)?.surplus !== 0);
    const unpaid = payments.filter((p) => !newlyPaid.includes(p.orderId));
    const strangers = newlyPaid.filter((id) => !driverOrders.has(id));
    const termsNotOnce = payments.filter((p) => terms.get(p.applicationId) !== 1);
    return [
      {
        name: 'each payment the load made applied to its order',
        ok: unpaid.length === 0,
        detail: `${payments.length - unpaid.length} of ${payments.length}${unpaid.length ? `; not paid: orders ${unpaid.map((p) => p.orderId).join(', ')}` : ''}`,
      },
      {
        name: 'newly paid orders = payments the load made',
        ok: newlyPaid.length === payments.length && strangers.length === 0,
        detail: `${newlyPaid.length} newly paid, ${payments.length} paid by the load${strangers.length ? `; others: ${strangers.join(', ')}` : ''}`,
      },
      {
        name: 'each newly paid order has exactly one payment applied, none left over',
        ok: notOnce.length === 0,
        detail: notOnce.length ? `orders ${notOnce.join(', ')}` : `${newlyPaid.length} orders`,
      },
      {
        name: 'no gateway trade or attempt recorded twice',
        ok: doubled.length === 0,
        detail: doubled.length ? doubled.map((d) => d.what).join(', ') : 'none',
      },
      {
        name: 'each renewal paid added its term once',
        ok: termsNotOnce.length === 0,
        detail: termsNotOnce.length
          ? `applications ${termsNotOnce.map((p) => `${p.applicationId} (${terms.get(p.applicationId) ?? 0})`).join(', ')}`
          : `${payments.length} renewals`,
      },
    ];
  } finally {
    await sql.close();
  }
}

/** The next upcoming event of the demo without registration, its registration opened an hour ago. */
async function openRegistration(sql, what) {
  const [event] = await sql.query(
    `SELECT id FROM events WHERE published_at IS NOT NULL AND starts_at > now() + interval '7 days'
     AND id NOT IN (SELECT event_id FROM event_registration_setups) ORDER BY starts_at LIMIT 1`,
  );
  if (!event) throw new Error(`the demo has no upcoming event without registration for ${what}`);
  await sql.query(
    `INSERT INTO event_registration_setups (event_id, opens_at, closes_at)
     SELECT id, now() - interval '1 hour', starts_at - interval '1 day' FROM events WHERE id = $1`,
    [event.id],
  );
  return event;
}

/** The rush's ticket type: one price for everyone (a renewal during the load changes no one's price). */
export const RUSH_PRICE = 2000;

/**
 * The registration rush's stage: an upcoming event of the demo opened for registration with one
 * ticket type of `seats` seats at one price, and `rushers` of the imported members already signed
 * in (a session each, made by SQL as the sign-in makes it: only the token's SHA-256 kept), as people
 * wait on the event's page for the registration to open. Answers { eventId, ticketTypeId,
 * eventPath, cookies } for the driver and the check after.
 */
export async function prepareRush(env, { rushers, seats }) {
  const sql = await openSql(env);
  try {
    const event = await openRegistration(sql, 'the rush');
    const [type] = await sql.query(
      `INSERT INTO event_ticket_types (event_id, position, name, capacity, prices)
       VALUES ($1, 1, $2, $3, $4) RETURNING id`,
      [
        event.id,
        JSON.stringify({ 'zh-tw': '搶票測試', 'en-us': 'Rush ticket' }),
        seats,
        JSON.stringify({ members: {}, webUser: RUSH_PRICE }),
      ],
    );
    const people = await sql.query(
      `SELECT id FROM accounts WHERE email LIKE $1 AND email LIKE 'load%' ORDER BY id LIMIT $2`,
      [`%@${DOMAIN}`, rushers],
    );
    if (people.length !== rushers) throw new Error(`${people.length} members for ${rushers} rushers`);
    const cookies = [];
    for (const person of people) {
      const token = randomBytes(32).toString('base64url');
      await sql.query(
        `INSERT INTO sessions (token_hash, user_type, account_id, expires_at) VALUES ($1, 'individual', $2, now() + interval '1 day')`,
        [createHash('sha256').update(token).digest('hex'), person.id],
      );
      cookies.push(`ams-session=${token}`);
    }
    return { eventId: event.id, ticketTypeId: type.id, eventPath: `/event/detail/${event.id}`, cookies };
  } finally {
    await sql.close();
  }
}

/**
 * After the rush, from the database: never oversold, none lost, none twice. The seats counted
 * equal the registrations holding one and the capacity (when the rushers outnumber it); everyone
 * else waits, in one registration each.
 */
export async function checkRush(env, rush, registered) {
  const sql = await openSql(env);
  try {
    const [type] = await sql.query(`SELECT capacity, seats_taken FROM event_ticket_types WHERE id = $1`, [
      rush.ticketTypeId,
    ]);
    const [counts] = await sql.query(
      `SELECT count(*) FILTER (WHERE state IN ('awaitingApproval', 'awaitingPayment', 'confirmed'))::int AS seated,
         count(*) FILTER (WHERE state = 'waiting')::int AS waiting,
         count(*)::int AS registrations, count(DISTINCT account_id)::int AS people
       FROM event_registrations WHERE ticket_type_id = $1`,
      [rush.ticketTypeId],
    );
    const expectedSeated = Math.min(type.capacity, registered);
    return [
      {
        name: 'the rush: never oversold',
        ok: type.seats_taken === counts.seated && counts.seated === expectedSeated,
        detail: `${counts.seated} holding seats, ${type.seats_taken} counted, capacity ${type.capacity}`,
      },
      {
        name: 'the rush: everyone else on the waiting list, none lost, none twice',
        ok:
          counts.registrations === registered &&
          counts.people === registered &&
          counts.waiting === registered - expectedSeated,
        detail: `${counts.registrations} registrations of ${counts.people} people for ${registered} registered; ${counts.waiting} waiting`,
      },
    ];
  } finally {
    await sql.close();
  }
}

/**
 * The doors' stage: another upcoming event of the demo with one session and `tickets` confirmed
 * registrations of the imported members (free tickets), and `doors` door links made as staff make
 * them (only the token's SHA-256 kept). Answers { eventId, sessionId, tokens, cookies } for the
 * driver: each door's phone holds its link's cookie, as opening the link gives it.
 */
export async function prepareDoors(env, { tickets, doors }) {
  const sql = await openSql(env);
  try {
    const event = await openRegistration(sql, 'the doors');
    const [type] = await sql.query(
      `INSERT INTO event_ticket_types (event_id, position, name, capacity, seats_taken, prices)
       VALUES ($1, 1, $2, $3, $3, $4) RETURNING id`,
      [
        event.id,
        JSON.stringify({ 'zh-tw': '入場', 'en-us': 'Entry' }),
        tickets,
        JSON.stringify({ members: {}, webUser: 0 }),
      ],
    );
    const [session] = await sql.query(
      `INSERT INTO event_sessions (event_id, position, title, day, start_minute, end_minute)
       SELECT id, 1, $2, (starts_at AT TIME ZONE 'Asia/Taipei')::date, 540, 1020 FROM events WHERE id = $1 RETURNING id`,
      [event.id, JSON.stringify({ 'zh-tw': '大會', 'en-us': 'Main hall' })],
    );
    const people = await sql.query(
      `SELECT id FROM accounts WHERE email LIKE $1 AND email LIKE 'load%' ORDER BY id DESC LIMIT $2`,
      [`%@${DOMAIN}`, tickets],
    );
    const tokens = [];
    for (const [i, person] of people.entries()) {
      const token = randomBytes(32).toString('base64url');
      await sql.query(
        `INSERT INTO event_registrations (number, event_id, ticket_type_id, account_id, state, price, price_tier, ticket_token, confirmed_at)
         VALUES ($1, $2, $3, $4, 'confirmed', 0, 'webUser', $5, now())`,
        [`B-DOOR-${String(i + 1).padStart(6, '0')}`, event.id, type.id, person.id, token],
      );
      tokens.push(token);
    }
    const [admin] = await sql.query(`SELECT id FROM accounts WHERE email = 'admin@example.org'`);
    const cookies = [];
    for (let d = 1; d <= doors; d++) {
      const token = randomBytes(32).toString('base64url');
      const [link] = await sql.query(
        `INSERT INTO event_door_links (event_id, label, token_hash, created_by, expires_at)
         VALUES ($1, $2, $3, $4, now() + interval '2 days') RETURNING id`,
        [event.id, `Door ${d}`, createHash('sha256').update(token).digest('hex'), admin.id],
      );
      cookies.push(`ams-door=${link.id}.${token}`);
    }
    return { eventId: event.id, sessionId: session.id, tokens, cookies };
  } finally {
    await sql.close();
  }
}

/** After the doors: each ticket scanned is checked in once, however many doors scanned it. */
export async function checkDoors(env, doors, scanned) {
  const sql = await openSql(env);
  try {
    const [row] = await sql.query(
      `SELECT count(*)::int AS check_ins, count(DISTINCT registration_id)::int AS tickets
       FROM event_check_ins WHERE session_id = $1`,
      [doors.sessionId],
    );
    return [
      {
        name: 'the doors: each ticket scanned checked in once',
        ok: row.check_ins === scanned && row.tickets === scanned,
        detail: `${row.check_ins} check-ins of ${row.tickets} tickets; ${scanned} tickets scanned`,
      },
    ];
  } finally {
    await sql.close();
  }
}
