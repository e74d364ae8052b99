import { inject } from 'vitest';
import { loadSecrets } from '../../src/server/auth/secrets';
import {
  encryptTradeInfo,
  type MerchantKeys,
  simulatorKeys,
  tradeSha,
} from '../../src/server/integrations/newebpay/crypto';
import { baseUrl } from './helpers';

export const MERCHANT = 'SIMULATOR01';

/** The simulated gateway's keys of a server started with `secretKey` (the shared test server's by default). */
export const keys = (secretKey = inject('secretKey')) =>
  simulatorKeys(loadSecrets({ secretKey, dataDir: 'memory' }).signingKey);

/** The hidden fields of the form an HTML page holds (the simulator's choices and onward posts). */
export function hiddenFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) fields[m[1]!] = m[2]!;
  return fields;
}

/** Posts to the gateway simulator's page as the browser does (the MPG form, or a choice made there). */
export async function simulatorPage(fields: Record<string, string>, base = baseUrl()) {
  const res = await fetch(`${base}/payment/simulator`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: base },
    body: new URLSearchParams(fields),
  });
  return { status: res.status, html: await res.text() };
}

/** Probes until `ok` holds or `ms` pass, answering the last value. */
export async function until<T>(probe: () => Promise<T>, ok: (value: T) => boolean, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * A gateway post as NewebPay writes it: the JSON result encrypted (padded to 16-byte blocks, or to
 * 32 as the gateway's integration sample pads), and its TradeSha.
 */
export function gatewayPost(
  result: Record<string, unknown>,
  options: { status?: string; with?: MerchantKeys; sha?: string; blockSize?: 16 | 32 } = {},
) {
  const status = options.status ?? 'SUCCESS';
  const info = encryptTradeInfo(
    JSON.stringify({ Status: status, Message: status === 'SUCCESS' ? '授權成功' : '授權失敗', Result: result }),
    options.with ?? keys(),
    options.blockSize,
  );
  return new URLSearchParams({
    Status: status,
    MerchantID: String(result.MerchantID ?? MERCHANT),
    Version: '2.3',
    TradeInfo: info,
    TradeSha: options.sha ?? tradeSha(info, options.with ?? keys()),
  });
}

export const paid = (merchantOrderNo: string, amount: number, extra: Record<string, unknown> = {}) => ({
  MerchantID: MERCHANT,
  Amt: amount,
  TradeNo: `T${merchantOrderNo.replace(/\W/g, '')}`,
  MerchantOrderNo: merchantOrderNo,
  PaymentType: 'CREDIT',
  PayTime: '2026-11-24 15:30:00',
  ...extra,
});
