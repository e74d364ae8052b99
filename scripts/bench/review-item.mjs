// The review page the bench measures: the first item on the demo reviewer's membership queue that
// is not their own, with no conflict declared (so the page shows the whole application).

/** The path of that item's review page on the portal at `base`, for the reviewer's session `cookie`. */
export async function reviewPagePath(base, cookie) {
  const res = await fetch(`${base}/api/amsw0601/items?queue=membership`, { headers: { Cookie: cookie } });
  const body = await res.json();
  const item = body.data?.itemList?.find((i) => !i.own);
  if (!item) throw new Error(`the demo reviewer has no membership item to review (answer ${body.code})`);
  if (item.declaration === null) {
    const declared = await fetch(`${base}/api/amsw0601/declare`, {
      method: 'POST',
      headers: { Cookie: cookie, Origin: base, 'Content-Type': 'application/json' },
      body: JSON.stringify({ reviewId: item.reviewId, declaration: 'none' }),
    });
    const answer = await declared.json();
    if (answer.code !== 0) throw new Error(`declaring on review ${item.reviewId} answered ${answer.code}`);
  }
  return item.path;
}
