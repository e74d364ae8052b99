/**
 * What is uploaded, and for each purpose the types (read from the bytes), the largest size and
 * which kinds of account upload it.
 */
export const UPLOAD_PURPOSES = {
  applicationDocument: {
    types: ['application/pdf', 'image/jpeg', 'image/png'],
    maxBytes: 10 * 1024 * 1024,
    uploaders: ['individual', 'organ'],
  },
  /** An accredited course's attendance roster: CSV (UTF-8 text) or an Excel workbook. */
  roster: {
    types: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    maxBytes: 5 * 1024 * 1024,
    uploaders: ['organ'],
  },
  /** The attendance sheet the attendees signed, scanned, sent with the roster. */
  signedSheet: {
    types: ['application/pdf', 'image/jpeg', 'image/png'],
    maxBytes: 10 * 1024 * 1024,
    uploaders: ['organ'],
  },
} as const;

export type UploadPurpose = keyof typeof UPLOAD_PURPOSES;
export const UPLOAD_PURPOSE_NAMES = Object.keys(UPLOAD_PURPOSES) as UploadPurpose[];
