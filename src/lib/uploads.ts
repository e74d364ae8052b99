/**
 * What is uploaded, and for each purpose the types (read from the bytes), the largest size and
 * which kinds of account upload it.
 */
export const UPLOAD_PURPOSES = {
  applicationDocument: {
    types: ['application/pdf', 'image/jpeg', 'image/png'],
    maxBytes: 10 * 1024 * 1024,
    uploaders: ['individual', 'organ'],
    /** The message (errors:…) that refuses another type, naming the types taken. */
    refusedKey: 'uploadType',
  },
  /** An accredited course's attendance roster: CSV (UTF-8 text) or an Excel workbook. */
  roster: {
    types: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    maxBytes: 5 * 1024 * 1024,
    uploaders: ['organ'],
    refusedKey: 'uploadTypeRoster',
  },
  /** The attendance sheet the attendees signed, scanned, sent with the roster. */
  signedSheet: {
    types: ['application/pdf', 'image/jpeg', 'image/png'],
    maxBytes: 10 * 1024 * 1024,
    uploaders: ['organ'],
    refusedKey: 'uploadType',
  },
  /** A paper's manuscript: a PDF, its metadata removed when stored (blind review). */
  paperManuscript: {
    types: ['application/pdf'],
    maxBytes: 20 * 1024 * 1024,
    uploaders: ['individual'],
    refusedKey: 'uploadTypePaper',
    stripMetadata: true,
  },
  /**
   * A bank statement finance matches transfers with: CSV (UTF-8, or Big5 as Taiwanese banks write
   * it) or an Excel workbook, kept for finance only (never served as an upload).
   */
  bankStatement: {
    types: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    maxBytes: 2 * 1024 * 1024,
    uploaders: ['individual'],
    refusedKey: 'statementFormat',
    anyTextEncoding: true,
    /** Stored by its desk's own endpoint, never through the general upload. */
    deskOnly: true,
  },
} as const;

export type UploadPurpose = keyof typeof UPLOAD_PURPOSES;
/** The purposes of the general upload (`POST /api/amsw1001/upload`): all but a desk's own. */
export const UPLOAD_PURPOSE_NAMES = (Object.keys(UPLOAD_PURPOSES) as UploadPurpose[]).filter(
  (purpose) => !('deskOnly' in UPLOAD_PURPOSES[purpose]),
);

/** The extensions a stored type is named with, the first one given to a name that has none of them. */
const TYPE_EXTENSIONS: Record<string, readonly string[]> = {
  'application/pdf': ['pdf'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/png': ['png'],
  'image/webp': ['webp'],
  'text/csv': ['csv'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['xlsx'],
};

/**
 * A file's name with the extension of the type read from its bytes, keeping the base name:
 * `report.html` stored as a PDF is `report.pdf`, `scan` a PNG `scan.png`; a name whose extension
 * already fits the type stays as it is (`photo.JPEG`). Types not uploaded keep their name.
 */
export function nameForType(name: string, contentType: string): string {
  const extensions = TYPE_EXTENSIONS[contentType];
  if (!extensions) return name;
  const trimmed = name.trim().replace(/[.\s]+$/, '');
  const dot = trimmed.lastIndexOf('.');
  const extension = dot > 0 && /^[A-Za-z0-9]{1,10}$/.test(trimmed.slice(dot + 1)) ? trimmed.slice(dot + 1) : '';
  if (extension && extensions.includes(extension.toLowerCase())) return trimmed;
  const base = (extension ? trimmed.slice(0, dot) : trimmed).trim() || 'upload';
  return `${base}.${extensions[0]}`;
}
