import type { ShareImage } from './page-meta';

/** The picture a shared link to an article or event shows: its cover, described by its title; none without a cover. */
export function coverShareImage(item: {
  coverFileId: number | null;
  coverWidth: number | null;
  coverHeight: number | null;
  title: string;
}): ShareImage | undefined {
  return item.coverFileId
    ? { fileId: item.coverFileId, width: item.coverWidth, height: item.coverHeight, alt: item.title }
    : undefined;
}
