// The load of `npm run bench:load`, in a process of its own (forked by scripts/bench-load.mjs, so
// the load generator never shares the portal's or the runner's event loop): `clients` visitors at
// once for `seconds`, each going round its journey without pause. The mix, by visitors:
//
//   - anonymous readers (the most): the home page, then a few of the news list, an article, the
//     calendar, the English home page; a new address every visit;
//   - members (a quarter): sign in, the member centre and a few of their pages, sometimes the
//     renewal paid by card through the gateway simulator (once per member) or a credit claim,
//     then sign out; a new member from a new address every visit;
//   - credit reviewers (one in 25, each a reviewer of their own): their desk and queue, then the
//     next claim of their share declared on, read and approved;
//   - the organisation (one in 50, each with an accredited course held already): its centre and
//     its course's page, and now and then the course's attendance roster uploaded and sent (as
//     often as the portal's limit of rosters per course and hour allows over the run);
//   - the registration rush, on top of the mix (when `rush` is given): people already signed in,
//     each once, open the event's page, read their price and register for the one ticket type, at
//     moments spread evenly over the run but its last five seconds (by default a thousand people
//     within a minute). `register` is the step the rush is measured by;
//   - the doors, after the mix (when `doors` is given), as on the event's day when registration is
//     long closed: phones holding a door link's cookie scan tickets of another event, all at once
//     and each its next ticket as soon as the last one answered (harder than any real door, where a
//     person holds up a phone), one scan in ten a ticket already checked in (a second scan of the
//     same QR), for `doorSeconds` or until the tickets run out. `door scan` is measured.
//
// Messages: in, { base, clients, seconds, plan, rush?, doors? }; out, { ready } once the captchas are solved and
// the clock starts, then { result }.
import { performance } from 'node:perf_hooks';
import { percentile } from './portal.mjs';
import { BENCH_PASSWORD, ORGANISATION, PDF, Recorder, StepError, Visitor } from './load-journeys.mjs';
import { solvedCaptcha } from './sign-in.mjs';

/** Rosters sent per course over a run: the portal takes ten an hour per course. */
const ROSTERS_PER_COURSE = 8;
/** A reviewer with nothing of their share on the queue looks again after this long. */
const IDLE_MS = 1000;
/** A visitor whose journey failed starts the next one after this long (no tight loop of errors). */
const AFTER_ERROR_MS = 500;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const pick = (list) => list[Math.floor(Math.random() * list.length)];

/** Addresses from 100.64.0.0/10 (shared address space), a new one per call. */
let addresses = 0;
function nextAddress() {
  addresses += 1;
  const n = addresses;
  return `100.${64 + ((n >> 16) & 63)}.${(n >> 8) & 255}.${n & 255}`;
}

/** How many visitors of each kind `clients` makes. */
export function mixOf(clients, plan) {
  const reviewers = Math.min(plan.reviewers.length, Math.max(1, Math.round(clients / 25)));
  const organisations = Math.min(plan.courses.length, Math.max(1, Math.round(clients / 50)));
  const members = Math.max(1, Math.round(clients / 4));
  const anonymous = Math.max(0, clients - reviewers - organisations - members);
  return { anonymous, members, reviewers, organisations };
}

async function run({ base, clients, seconds, plan, rush, doors }) {
  const mix = mixOf(clients, plan);
  const recorder = new Recorder();
  const payments = [];
  const counts = {
    visits: 0,
    renewals: 0,
    claims: 0,
    decisions: 0,
    rosters: 0,
    captchasSolvedInWindow: 0,
    registered: 0,
    seated: 0,
    waiting: 0,
    checkedIn: 0,
    scannedAgain: 0,
  };

  // Captchas are the visitor's device's work, not the server's: solved before the clock starts
  // (as many as the members' sign-ins may need), each fetched from an address of its own batch.
  const wanted = mix.members * Math.ceil(seconds / 3) + mix.reviewers + mix.organisations;
  const captchas = [];
  for (let batch = 0; captchas.length < wanted; batch++) {
    const headers = { 'X-Forwarded-For': `198.18.${batch}.1` };
    const size = Math.min(8, wanted - captchas.length);
    captchas.push(...(await Promise.all(Array.from({ length: size }, () => solvedCaptcha(base, headers)))));
  }
  const solved = async (address) => {
    const ready = captchas.pop();
    if (ready) return ready;
    counts.captchasSolvedInWindow += 1;
    return solvedCaptcha(base, { 'X-Forwarded-For': address });
  };

  process.send({ ready: { captchas: captchas.length, mix } });
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const running = () => performance.now() < deadline;

  // Members not in a visit now; a member renews once.
  const idle = [...plan.members];
  const takeMember = () => idle.splice(Math.floor(Math.random() * idle.length), 1)[0];

  async function anonymous() {
    while (running()) {
      const v = new Visitor(base, recorder, nextAddress());
      try {
        await v.request('read home', '/');
        const more = 1 + Math.floor(Math.random() * 4);
        for (let i = 0; i < more && running(); i++) {
          const r = Math.random();
          if (r < 0.35) await v.request('read article', pick(plan.articlePaths));
          else if (r < 0.65) await v.request('read news list', '/news/list');
          else if (r < 0.85) await v.request('read calendar', '/event/calendar');
          else await v.request('read home', '/en-us/');
        }
      } catch (error) {
        if (!(error instanceof StepError)) throw error;
        await sleep(AFTER_ERROR_MS);
      }
    }
  }

  async function member() {
    while (running()) {
      const who = takeMember();
      if (!who) {
        await sleep(IDLE_MS);
        continue;
      }
      counts.visits += 1;
      const v = new Visitor(base, recorder, nextAddress());
      try {
        await v.request('sign-in page', '/signin');
        await v.signIn({ family: 'amsw0101', account: who.email, password: BENCH_PASSWORD }, await solved(v.address));
        await v.request('member centre', '/member/center');
        const more = 2 + Math.floor(Math.random() * 4);
        for (let i = 0; i < more && running(); i++) {
          const r = Math.random();
          if (r < 0.3) await v.request('member centre', '/member/center');
          else if (r < 0.55) await v.request('member payments', '/member/payment');
          else if (r < 0.8) await v.request('credits overview', '/credit/overview');
          else await v.request('member API', '/api/amsw0101');
        }
        const r = Math.random();
        if (running() && !who.renewed && r < 0.3) {
          who.renewed = true;
          payments.push({ email: who.email, ...(await v.renewAndPay()) });
          counts.renewals += 1;
        } else if (running() && r < 0.5) {
          await v.claimCredits(plan.licenceId, counts.claims);
          counts.claims += 1;
        }
        await v.signOut();
      } catch (error) {
        if (!(error instanceof StepError)) throw error;
        await sleep(AFTER_ERROR_MS);
      } finally {
        idle.push(who);
      }
    }
  }

  async function reviewer(index, count) {
    const v = new Visitor(base, recorder, nextAddress());
    const { email } = plan.reviewers[index];
    while (running()) {
      try {
        if (!v.cookie)
          await v.signIn({ family: 'amsw0101', account: email, password: BENCH_PASSWORD }, await solved(v.address));
        await v.request('review desk', '/member/review');
        const queue = await v.request('review queue', '/api/amsw0601/items?queue=credit');
        // Each reviewer takes their own share of the queue, so two never decide the same claim.
        const item = queue.body.data.itemList.find(
          (i) => !i.own && i.reviewId % count === index && i.declaration !== 'conflict',
        );
        if (!item) {
          await sleep(IDLE_MS);
          continue;
        }
        if (item.declaration === null)
          await v.request('review declare', '/api/amsw0601/declare', {
            method: 'POST',
            json: { reviewId: item.reviewId, declaration: 'none' },
          });
        await v.request('review page', item.path);
        await v.request('review decide', '/api/amsw0601/decide', {
          method: 'POST',
          json: { reviewId: item.reviewId, decision: 'approve', points: 2 },
        });
        counts.decisions += 1;
      } catch (error) {
        if (!(error instanceof StepError)) throw error;
        await sleep(AFTER_ERROR_MS);
      }
    }
  }

  async function organisation(course) {
    const v = new Visitor(base, recorder, nextAddress());
    const every = (seconds * 1000) / ROSTERS_PER_COURSE;
    let sent = 0;
    let nextRosterAt = started + Math.random() * every;
    while (running()) {
      try {
        if (!v.cookie) await v.signIn(ORGANISATION, await solved(v.address));
        await v.request('organisation centre', '/organ/center');
        await v.request('course page', course.path);
        if (sent < ROSTERS_PER_COURSE && performance.now() >= nextRosterAt) {
          sent += 1;
          nextRosterAt += every;
          const rosterFileId = await v.upload('upload (roster)', 'roster', 'roster.csv', plan.roster);
          const signedSheetFileId = await v.upload('upload (signed sheet)', 'signedSheet', 'signed.pdf', PDF);
          await v.request('roster send', '/api/amsw0603/roster', {
            method: 'POST',
            json: { applicationId: course.applicationId, rosterFileId, signedSheetFileId },
          });
          counts.rosters += 1;
        }
      } catch (error) {
        if (!(error instanceof StepError)) throw error;
        await sleep(AFTER_ERROR_MS);
      }
    }
  }

  /** One person of the rush: at `at` ms after the start, the event's page, their price, the registration. */
  async function rusher(cookie, at) {
    await sleep(at);
    const v = new Visitor(base, recorder, nextAddress());
    v.cookie = cookie;
    try {
      await v.request('rush: event page', rush.eventPath);
      const options = await v.request('rush: my price', `/api/amsw0306?eventId=${rush.eventId}`);
      const type = options.body.data.ticketTypes?.find((t) => t.ticketTypeId === rush.ticketTypeId);
      if (!type) throw new StepError('the rush: the ticket type is not offered');
      const done = await v.request('register', '/api/amsw0306/register', {
        method: 'POST',
        json: { eventId: rush.eventId, ticketTypeId: rush.ticketTypeId, expectedPrice: type.price, answers: {} },
      });
      counts.registered += 1;
      if (done.body.data.state === 'waiting') counts.waiting += 1;
      else counts.seated += 1;
    } catch (error) {
      if (!(error instanceof StepError)) throw error;
    }
  }

  /** Tickets checked in so far (a second scan of one answers `already`). */
  const checkedIn = [];

  /** One door: its phone scans its share of the tickets, one after another, until `until`. */
  async function door(cookie, share, until) {
    const v = new Visitor(base, recorder, nextAddress());
    v.cookie = cookie;
    let next = 0;
    while (performance.now() < until && next < share.length) {
      const again = checkedIn.length > 0 && Math.random() < 0.1;
      const token = again ? pick(checkedIn) : share[next++];
      try {
        const scanned = await v.request('door scan', '/api/amsw0307/scan', {
          method: 'POST',
          json: { sessionId: doors.sessionId, direction: 'in', code: `${base}/ticket/${token}` },
        });
        const result = scanned.body.data.result;
        if (result === 'checkedIn' && !again) {
          counts.checkedIn += 1;
          checkedIn.push(token);
        } else if (result === 'already' && again) counts.scannedAgain += 1;
        else throw new StepError(`the door answered ${result} to ${again ? 'a second scan' : 'a first scan'}`);
      } catch (error) {
        if (!(error instanceof StepError)) throw error;
        recorder.error('door scan answer', 0, error.message);
      }
    }
  }

  // The visitors start over the first second, as people arrive, not in one instant.
  const visitors = [];
  const start = (fn) => visitors.push(sleep(Math.random() * 1000).then(fn));
  for (let i = 0; i < mix.anonymous; i++) start(anonymous);
  for (let i = 0; i < mix.members; i++) start(member);
  for (let i = 0; i < mix.reviewers; i++) start(() => reviewer(i, mix.reviewers));
  for (let i = 0; i < mix.organisations; i++) start(() => organisation(plan.courses[i]));
  if (rush) {
    const spread = Math.max(1000, (seconds - 5) * 1000);
    rush.cookies.forEach((cookie) => visitors.push(rusher(cookie, Math.random() * spread)));
  }
  await Promise.all(visitors);
  const elapsed = (performance.now() - started) / 1000;
  let doorElapsed = 0;
  if (doors) {
    const n = doors.cookies.length;
    const doorsStarted = performance.now();
    const until = doorsStarted + doors.seconds * 1000;
    await Promise.all(
      doors.cookies.map((cookie, d) =>
        door(
          cookie,
          doors.tokens.filter((_, i) => i % n === d),
          until,
        ),
      ),
    );
    doorElapsed = (performance.now() - doorsStarted) / 1000;
  }

  const kinds = [...recorder.kinds.entries()].map(([name, k]) => {
    const sorted = k.latencies.sort((a, b) => a - b);
    return {
      kind: name,
      count: k.count,
      errors: k.errors,
      reasons: k.reasons,
      perSecond: k.count / (name === 'door scan' ? doorElapsed : elapsed),
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      max: sorted.at(-1) ?? null,
    };
  });
  const requests = kinds.reduce((n, k) => n + k.count, 0);
  return {
    mix,
    seconds,
    elapsed,
    requests,
    perSecond: requests / elapsed,
    errors: kinds.reduce((n, k) => n + k.errors, 0),
    kinds,
    errorSamples: recorder.errorSamples,
    counts,
    payments,
  };
}

process.once('message', (message) => {
  run(message).then(
    (result) => process.send({ result }, () => process.exit(0)),
    (error) => {
      process.send({ failed: error instanceof Error ? (error.stack ?? error.message) : String(error) }, () =>
        process.exit(1),
      );
    },
  );
});
