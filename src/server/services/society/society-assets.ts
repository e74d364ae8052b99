/**
 * The society file's pictures: a logo and an icon named beside the file (`logo.svg`) or written
 * inline as a `data:` address (an export to the terminal). The type is told from the bytes.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileTypeFromBuffer } from 'file-type';
import type { SocietyProblem } from '../../../lib/society/problems';
import type { SocietyFile } from '../../../lib/society/society-file';
import type { FileStorage } from '../../integrations/storage';
import type { SocietyAsset, SocietyAssets, StoredAsset } from './society';

export const MAX_ASSET_BYTES = 1024 * 1024;

const EXTENSIONS: Record<string, string> = {
  'image/svg+xml': '.svg',
  'image/png': '.png',
  'image/jpeg': '.jpg',
  'image/webp': '.webp',
  'image/gif': '.gif',
  'image/x-icon': '.ico',
};

/** The picture's type from its bytes (an SVG from its text), or null when it is no picture the site shows. */
export async function pictureType(bytes: Uint8Array): Promise<string | null> {
  const head = new TextDecoder().decode(bytes.subarray(0, 2048)).trimStart();
  if (/^(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(head)) return 'image/svg+xml';
  const type = await fileTypeFromBuffer(bytes);
  return type && type.mime in EXTENSIONS ? type.mime : null;
}

/** The extension a stored picture is written with on export. */
export function extensionOf(contentType: string): string {
  return EXTENSIONS[contentType] ?? '';
}

/** A picture read, or why it could not be (in both languages). */
type AssetRead = { asset: SocietyAsset } | { zh: string; en: string };

async function readAsset(ref: string, baseDir: string): Promise<AssetRead> {
  let bytes: Uint8Array;
  let name: string;
  if (ref.startsWith('data:')) {
    bytes = Buffer.from(ref.slice(ref.indexOf(',') + 1), 'base64');
    name = 'picture';
  } else {
    try {
      bytes = await readFile(path.resolve(baseDir, ref));
    } catch {
      return { zh: `讀不到檔案 ${ref}`, en: `cannot read the file ${ref}` };
    }
    name = path.basename(ref);
  }
  if (bytes.byteLength > MAX_ASSET_BYTES) return { zh: '圖檔不得大於 1 MB', en: 'the picture is larger than 1 MB' };
  const contentType = await pictureType(bytes);
  if (!contentType)
    return {
      zh: '須為 SVG、PNG、JPEG、WebP、GIF 或 ICO 圖檔',
      en: 'must be an SVG, PNG, JPEG, WebP, GIF or ICO picture',
    };
  if (ref.startsWith('data:')) name = `picture${extensionOf(contentType)}`;
  return { asset: { name, contentType, bytes } };
}

/** The file's logo and icon, each it names read by `read`, with the problems of those that could not be. */
async function eachAsset(
  society: SocietyFile,
  read: (key: 'logo' | 'favicon', ref: string) => Promise<AssetRead>,
): Promise<{ assets: SocietyAssets; problems: SocietyProblem[] }> {
  const problems: SocietyProblem[] = [];
  const assets: SocietyAssets = { logo: null, favicon: null };
  for (const key of ['logo', 'favicon'] as const) {
    const ref = society[key];
    if (ref === null) continue;
    const result = await read(key, ref);
    if ('asset' in result) assets[key] = result.asset;
    else problems.push({ path: key, zh: result.zh, en: result.en });
  }
  return { assets, problems };
}

/** The file's logo and icon read from beside it, or the problems with them. */
export function readSocietyAssets(
  society: SocietyFile,
  baseDir: string,
): Promise<{ assets: SocietyAssets; problems: SocietyProblem[] }> {
  return eachAsset(society, (_, ref) => readAsset(ref, baseDir));
}

/** A stored picture's bytes, or null when they are not in the file storage (DATA_DIR/files). */
export async function storedBytes(storage: FileStorage, asset: StoredAsset): Promise<Uint8Array | null> {
  const stream = await storage.open(asset.storageKey);
  if (!stream) return null;
  const chunks: Uint8Array[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/**
 * The logo and icon of a society edited in the staff console: a picture keeps its stored file when
 * the text still names it (as the console showed it), takes a `data:` address as a new picture,
 * and anything else is a problem (the console has no folder to read a file from).
 */
export function consoleSocietyAssets(
  society: SocietyFile,
  stored: { logo: StoredAsset | null; favicon: StoredAsset | null },
  storage: FileStorage,
): Promise<{ assets: SocietyAssets; problems: SocietyProblem[] }> {
  return eachAsset(society, async (key, ref) => {
    const current = stored[key];
    if (current && ref === current.name) {
      const bytes = await storedBytes(storage, current);
      return bytes
        ? { asset: { name: current.name, contentType: current.contentType, bytes } }
        : { zh: '找不到已儲存的圖檔', en: 'the stored picture is missing' };
    }
    if (!ref.startsWith('data:'))
      return current
        ? {
            zh: `請保留原檔名 ${current.name}，或以 data: 位址提供新圖檔`,
            en: `keep the stored name ${current.name}, or give a new picture as a data: address`,
          }
        : { zh: '請以 data: 位址提供圖檔', en: 'give the picture as a data: address' };
    return readAsset(ref, '/');
  });
}
