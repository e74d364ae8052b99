// Paths the bench finds at run time: the review pages (the first item on one of the demo reviewer's
// queues that is not their own, with no conflict declared, so the page shows the whole subject), a
// claim's page and an accredited course's page.

/**
 * A target's `path` for the review page of the first such item on `queue`, found on the portal at
 * `base` with the reviewer's session `cookie` (declaring no conflict on it first when needed,
 * unless `declare` is false).
 */
export function reviewPagePath(queue, { declare = true } = {}) {
  return async (base, cookie) => {
    const res = await fetch(`${base}/api/amsw0601/items?queue=${queue}`, { headers: { Cookie: cookie } });
    const body = await res.json();
    const item = body.data?.itemList?.find((i) => !i.own);
    if (!item) throw new Error(`the demo reviewer has no ${queue} item to review (answer ${body.code})`);
    // An editor reads a paper without declaring (they are not its reviewer).
    if (declare && item.declaration === null) {
      const declared = await fetch(`${base}/api/amsw0601/declare`, {
        method: 'POST',
        headers: { Cookie: cookie, Origin: base, 'Content-Type': 'application/json' },
        body: JSON.stringify({ reviewId: item.reviewId, declaration: 'none' }),
      });
      const answer = await declared.json();
      if (answer.code !== 0) throw new Error(`declaring on review ${item.reviewId} answered ${answer.code}`);
    }
    return item.path;
  };
}

/** A target's `path` for the member's first credit claim's page, found with their session `cookie`. */
export async function claimPagePath(base, cookie) {
  const res = await fetch(`${base}/api/amsw0602/claims`, { headers: { Cookie: cookie } });
  const body = await res.json();
  const claim = body.data?.claimList?.[0];
  if (!claim) throw new Error(`the demo member has no credit claim (answer ${body.code})`);
  return `/credit/detail/${claim.applicationId}`;
}

/**
 * The page of the demo organisation's accredited course held a few days ago (its attendance and
 * receipt beside the course), found at run time.
 */
export async function heldCoursePagePath(base, cookie) {
  const res = await fetch(`${base}/api/amsw0603`, { headers: { Cookie: cookie } });
  const body = await res.json();
  const today = new Date().toISOString().slice(0, 10);
  const held = body.data?.courseList?.find((c) => c.state === 'effective' && c.lastDay < today);
  if (!held) throw new Error(`the demo organisation has no accredited course held already (answer ${body.code})`);
  return `/organ/center/contiEdu/${held.certificationId}/detail/${held.applicationId}`;
}

/** A target's `path` for the member's first paper's page, found with their session `cookie`. */
export async function paperPagePath(base, cookie) {
  const res = await fetch(`${base}/api/amsw0701/papers`, { headers: { Cookie: cookie } });
  const body = await res.json();
  const paper = body.data?.paperList?.find((p) => p.number !== null);
  if (!paper) throw new Error(`the demo member has no submitted paper (answer ${body.code})`);
  return `/member/post/detail/${paper.paperId}`;
}
