import { createCipheriv, createDecipheriv, createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * NewebPay MPG's message protection (integration manual NDNF-1.1.9, DESIGN.md §9): the parameters
 * as a URL-encoded string, AES-256-CBC with the shop's HashKey (32 characters) and HashIV (16),
 * PKCS7, as lowercase hex (`TradeInfo`); `TradeSha` the uppercase SHA-256 of
 * `HashKey={key}&{TradeInfo}&HashIV={iv}`.
 */
export interface MerchantKeys {
  hashKey: string;
  hashIv: string;
}

export type TradeParams = Record<string, string | number>;

/** The parameters in the order given, URL-encoded as the gateway reads them. */
export function encodeParams(params: TradeParams): string {
  return new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
}

/**
 * The encrypted parameters, padded PKCS7-style to whole `blockSize` bytes: 16 (AES's block, as the
 * manual's worked example), or 32 as the gateway's own integration sample pads.
 */
export function encryptTradeInfo(params: TradeParams | string, keys: MerchantKeys, blockSize: 16 | 32 = 16): string {
  const plain = Buffer.from(typeof params === 'string' ? params : encodeParams(params), 'utf8');
  const pad = blockSize - (plain.length % blockSize);
  const cipher = createCipheriv('aes-256-cbc', Buffer.from(keys.hashKey, 'utf8'), Buffer.from(keys.hashIv, 'utf8'));
  cipher.setAutoPadding(false);
  const padded = Buffer.concat([plain, Buffer.alloc(pad, pad)]);
  return Buffer.concat([cipher.update(padded), cipher.final()]).toString('hex');
}

export function tradeSha(tradeInfo: string, keys: MerchantKeys): string {
  return sha256Upper(`HashKey=${keys.hashKey}&${tradeInfo}&HashIV=${keys.hashIv}`);
}

/** Whether a `TradeSha` belongs to the `TradeInfo` beside it, compared in constant time. */
export function verifyTradeSha(tradeInfo: string, sha: string, keys: MerchantKeys): boolean {
  const expected = Buffer.from(tradeSha(tradeInfo, keys), 'utf8');
  const given = Buffer.from(String(sha).toUpperCase(), 'utf8');
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The longest padding taken: the gateway's integration sample pads to 32-byte blocks, PKCS7 to AES's 16. */
const MAX_PAD = 32;

/**
 * The plain text of a `TradeInfo`, or null when it is not ours: not hex, not whole blocks, or
 * padding that is not consistent (PKCS7-style, 1 to 32 bytes each equal to the padding's length,
 * which covers both the 16-byte blocks of PKCS7 and the 32-byte blocks of the gateway's sample;
 * `TradeSha` has already authenticated the message). Only the padding is stripped, nothing else.
 */
export function decryptTradeInfo(tradeInfo: string, keys: MerchantKeys): string | null {
  if (!/^(?:[0-9a-fA-F]{32})+$/.test(tradeInfo)) return null;
  const decipher = createDecipheriv('aes-256-cbc', Buffer.from(keys.hashKey, 'utf8'), Buffer.from(keys.hashIv, 'utf8'));
  decipher.setAutoPadding(false);
  const bytes = Buffer.concat([decipher.update(Buffer.from(tradeInfo, 'hex')), decipher.final()]);
  const pad = bytes.at(-1) ?? 0;
  if (pad < 1 || pad > MAX_PAD || pad > bytes.length) return null;
  for (let i = bytes.length - pad; i < bytes.length; i++) if (bytes[i] !== pad) return null;
  return bytes.subarray(0, bytes.length - pad).toString('utf8');
}

/** The `CheckValue` of a trade query: `IV=…&Amt=…&MerchantID=…&MerchantOrderNo=…&Key=…`. */
export function queryCheckValue(
  query: { amt: number; merchantId: string; merchantOrderNo: string },
  keys: MerchantKeys,
): string {
  return sha256Upper(
    `IV=${keys.hashIv}&Amt=${query.amt}&MerchantID=${query.merchantId}&MerchantOrderNo=${query.merchantOrderNo}&Key=${keys.hashKey}`,
  );
}

/** The `CheckCode` a trade query's answer carries: `HashIV=…&Amt=…&MerchantID=…&MerchantOrderNo=…&TradeNo=…&HashKey=…`. */
export function queryCheckCode(
  result: { amt: number | string; merchantId: string; merchantOrderNo: string; tradeNo: string },
  keys: MerchantKeys,
): string {
  return sha256Upper(
    `HashIV=${keys.hashIv}&Amt=${result.amt}&MerchantID=${result.merchantId}&MerchantOrderNo=${result.merchantOrderNo}&TradeNo=${result.tradeNo}&HashKey=${keys.hashKey}`,
  );
}

function sha256Upper(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex').toUpperCase();
}

/** The simulator's keys, derived from the portal's secret so they differ per installation. */
export function simulatorKeys(secret: Buffer): MerchantKeys {
  const digest = createHmac('sha256', secret).update('newebpay-simulator').digest('hex');
  return { hashKey: digest.slice(0, 32), hashIv: digest.slice(32, 48) };
}
