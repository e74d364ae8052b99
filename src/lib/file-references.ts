/**
 * The stored files a piece of content points to, wherever they sit in it: id fields
 * (`coverFileId`, `pdfFileId`, `imageFileId`, an attachment's `fileId`, …) and file addresses in
 * rich text (`/api/amsw1002?fileId=N`). Works on database rows and on the views built from them.
 */
export function referencedFileIds(value: unknown): number[] {
  const text = JSON.stringify(value ?? null);
  const ids = new Set<number>();
  for (const match of text.matchAll(/"(?:fileId|\w+FileId)":(\d+)/g)) ids.add(Number(match[1]));
  for (const match of text.matchAll(/amsw1002\?fileId=(\d+)/g)) ids.add(Number(match[1]));
  return [...ids];
}
