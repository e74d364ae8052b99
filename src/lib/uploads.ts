/** What members upload, and for each purpose the types (read from the bytes) and the largest size. */
export const UPLOAD_PURPOSES = {
  applicationDocument: {
    types: ['application/pdf', 'image/jpeg', 'image/png'],
    maxBytes: 10 * 1024 * 1024,
  },
} as const;

export type UploadPurpose = keyof typeof UPLOAD_PURPOSES;
export const UPLOAD_PURPOSE_NAMES = Object.keys(UPLOAD_PURPOSES) as UploadPurpose[];
