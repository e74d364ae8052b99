import { describe, expect, it } from 'vitest';
import { taipeiDate } from '../../src/lib/calendar-date';
import { PDF } from './membership-helpers';
import { ownServerSuite, type signedInOn } from './own-server';

// Counts every roster of the demo's held course from the first: on a server of its own.
const suite = ownServerSuite();
type SignedIn = Awaited<ReturnType<typeof signedInOn>>;

async function uploadFile(who: SignedIn, purpose: 'roster' | 'signedSheet', file: File) {
  const form = new FormData();
  form.set('purpose', purpose);
  form.set('file', file);
  const stored = await who.call<{ fileId: number }>('/api/amsw1001/upload', { method: 'POST', body: form });
  expect(stored.code).toBe(0);
  return stored.data.fileId;
}

describe('how often a course’s roster is taken', () => {
  it('takes ten rosters of a course within the hour, then answers -11 with the seconds to wait and keeps nothing', async () => {
    const organ = await suite.as('organ@example.org', 'Organ2026demo', 'organ');
    const list = await organ.call<{ courseList: { applicationId: number; state: string; lastDay: string }[] }>(
      '/api/amsw0603',
    );
    const held = list.data.courseList.find((c) => c.state === 'effective' && c.lastDay < taipeiDate())!;
    const day = held.lastDay;
    const rosters = async () =>
      (
        await organ.call<{ attendance: { rosters: unknown[] } }>(
          `/api/amsw0603/course?applicationId=${held.applicationId}`,
        )
      ).data.attendance.rosters.length;
    const send = async (text: string) =>
      organ.post<{ reason?: string; retryAfterSeconds?: number }>('/api/amsw0603/roster', {
        applicationId: held.applicationId,
        rosterFileId: await uploadFile(organ, 'roster', new File([new TextEncoder().encode(text)], 'roster.csv')),
        signedSheetFileId: await uploadFile(organ, 'signedSheet', new File([PDF], 'signed.pdf')),
      });
    // Trying national IDs and names one roster at a time: ten go through (one of them a file that is
    // not a roster, which counts all the same)…
    const codes: number[] = [];
    for (let i = 0; i < 10; i++)
      codes.push(
        (await send(i === 4 ? '身分證字號,姓名,簽到,簽退\n' : `A123456789,林美玲,${day} 09:00,${day} 12:00\n`)).code,
      );
    expect(codes).toEqual([0, 0, 0, 0, -10, 0, 0, 0, 0, 0]);
    expect(await rosters()).toBe(9);
    // …and the eleventh is refused, with the seconds to wait, in the reader's language.
    const refused = await send(`A123456789,林美玲,${day} 09:00,${day} 12:00\n`);
    expect(refused).toMatchObject({ code: -11, data: { reason: 'rateLimited' } });
    expect(refused.data.retryAfterSeconds).toBeGreaterThan(3000);
    expect(refused.data.retryAfterSeconds).toBeLessThanOrEqual(3600);
    expect(refused.message).toContain(String(refused.data.retryAfterSeconds));
    expect(await rosters()).toBe(9);
  });
});
