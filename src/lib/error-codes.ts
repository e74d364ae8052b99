/**
 * The API's business codes (spec §8). Every JSON answer carries one of these in `code`;
 * the human message for each lives in the `errors` i18n namespace under the same key.
 */
export const ErrorCode = {
  SUCCESS: 0,
  REQUEST_FORMAT: -1,
  KEY_MISSING: -2,
  INVALID_URL: -3,
  METHOD_FORMAT: -4,
  DATE_FORMAT: -5,
  NO_DATA: -6,
  NO_FILE: -7,
  TOKEN_INVALID: -8,
  NOT_LOGGED_IN: -9,
  DATA_CHECK: -10,
  NO_PERMISSION: -11,
  VERIFICATION_CODE: -12,
  DUPLICATE: -13,
  SCHEDULE: -14,
  NO_ARTICLE: -15,
  NO_ARTICLE_CLASS: -16,
  NO_TAG: -17,
  NO_ACTIVITY: -18,
  NO_POST: -19,
  NO_ROUTE: -20,
  FORM_DATA: -21,
  FILE_TOO_LARGE: -996,
  MICROSERVICE: -997,
  NON_STANDARD: -998,
  EXCEPTION: -999,
} as const;

export type ErrorCodeName = keyof typeof ErrorCode;
export type ErrorCodeValue = (typeof ErrorCode)[ErrorCodeName];

export const ALL_ERROR_CODES: readonly ErrorCodeValue[] = Object.values(ErrorCode);

export function isErrorCode(value: unknown): value is ErrorCodeValue {
  return typeof value === 'number' && (ALL_ERROR_CODES as readonly number[]).includes(value);
}

/** The JSON envelope every API answer uses (DESIGN.md §5). */
export interface Envelope<T = unknown> {
  code: number;
  data: T;
  message: string;
}
