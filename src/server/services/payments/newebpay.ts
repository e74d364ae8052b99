import { decryptTradeInfo, encryptTradeInfo, tradeSha, verifyTradeSha } from '../../integrations/newebpay/crypto';
import type { GatewayMethod } from '../../../lib/payments/methods';
import { type Gateway, MPG_VERSION } from './gateway';

/** The form the browser posts to the gateway (DESIGN.md §9). */
export interface MpgForm {
  action: string;
  fields: { MerchantID: string; TradeInfo: string; TradeSha: string; Version: string };
}

export interface MpgRequest {
  merchantOrderNo: string;
  amount: number;
  itemDesc: string;
  email: string;
  locale: 'zh-tw' | 'en-us';
  notifyUrl: string;
  returnUrl: string;
  customerUrl: string;
  clientBackUrl: string;
  /** Last day an ATM or store code may be paid (Taipei date, YYYY-MM-DD). */
  expireDate: string;
  now: Date;
  /** The methods the gateway's page offers (those the portal takes for the order). */
  methods: readonly GatewayMethod[];
}

/** The MPG form for one payment attempt, encrypted with the shop's keys. */
export function mpgForm(gw: Gateway, request: MpgRequest): MpgForm {
  const on = (method: GatewayMethod) => (request.methods.includes(method) ? 1 : 0);
  const tradeInfo = encryptTradeInfo(
    {
      MerchantID: gw.merchantId,
      RespondType: 'JSON',
      TimeStamp: Math.floor(request.now.getTime() / 1000),
      Version: MPG_VERSION,
      MerchantOrderNo: request.merchantOrderNo,
      Amt: request.amount,
      ItemDesc: [...request.itemDesc].slice(0, 50).join(''),
      LangType: request.locale === 'en-us' ? 'en' : 'zh-tw',
      Email: request.email,
      EmailModify: 0,
      LoginType: 0,
      NotifyURL: request.notifyUrl,
      ReturnURL: request.returnUrl,
      CustomerURL: request.customerUrl,
      ClientBackURL: request.clientBackUrl,
      ExpireDate: request.expireDate.replaceAll('-', ''),
      CREDIT: on('card'),
      VACC: on('atm'),
      WEBATM: on('webAtm'),
      CVS: on('store'),
    },
    gw.keys,
  );
  return {
    action: gw.mpgUrl,
    fields: {
      MerchantID: gw.merchantId,
      TradeInfo: tradeInfo,
      TradeSha: tradeSha(tradeInfo, gw.keys),
      Version: MPG_VERSION,
    },
  };
}

/** What a notify, return or customer post says, once verified and decrypted. */
export interface GatewayResult {
  status: string;
  message: string;
  merchantId: string;
  merchantOrderNo: string;
  amount: number;
  tradeNo: string;
  paymentType: string;
  /** When it was paid (`PayTime`, Taiwan time without an offset). */
  paidAt: Date | null;
  /** ATM transfer: the bank's code and the virtual account; store payment: the code. */
  bankCode: string | null;
  codeNo: string | null;
  /** When an ATM or store code stops being payable. */
  codeExpiresAt: Date | null;
}

/** A Taiwan time without an offset (`2026-11-24 15:30:00`, or `20261124153000`) as a moment. */
function taiwanTime(value: unknown): Date | null {
  if (typeof value !== 'string') return null;
  const m = /^(\d{4})-?(\d{2})-?(\d{2})[ T]?(\d{2}):?(\d{2}):?(\d{2})$/.exec(value.trim());
  if (!m) return null;
  const date = new Date(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}+08:00`);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The last moment of a Taiwan date and time given apart (ATM and store codes: ExpireDate, ExpireTime). */
function expiry(date: unknown, time: unknown): Date | null {
  if (typeof date !== 'string') return null;
  return taiwanTime(`${date} ${typeof time === 'string' && time ? time : '23:59:59'}`);
}

const text = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

/**
 * A gateway post checked and read: `TradeSha` over `TradeInfo` with our keys, decrypted, its
 * JSON parsed, and its merchant (outside and inside) ours. Null when any of it fails: a forged,
 * altered or foreign message.
 */
export function readGatewayPost(gw: Gateway, post: Record<string, unknown>): GatewayResult | null {
  const info = text(post.TradeInfo);
  if (!info || !verifyTradeSha(info, text(post.TradeSha), gw.keys)) return null;
  if (text(post.MerchantID) !== gw.merchantId) return null;
  const plain = decryptTradeInfo(info, gw.keys);
  if (plain === null) return null;
  let parsed: { Status?: unknown; Message?: unknown; Result?: unknown };
  try {
    parsed = JSON.parse(plain) as typeof parsed;
  } catch {
    return null;
  }
  const result = (typeof parsed.Result === 'object' && parsed.Result !== null ? parsed.Result : {}) as Record<
    string,
    unknown
  >;
  if (text(result.MerchantID) !== gw.merchantId) return null;
  const amount = Number(text(result.Amt));
  if (!Number.isInteger(amount)) return null;
  return {
    status: text(parsed.Status),
    message: text(parsed.Message),
    merchantId: text(result.MerchantID),
    merchantOrderNo: text(result.MerchantOrderNo),
    amount,
    tradeNo: text(result.TradeNo),
    paymentType: text(result.PaymentType),
    paidAt: taiwanTime(result.PayTime),
    bankCode: text(result.BankCode) || null,
    codeNo: text(result.CodeNo) || null,
    codeExpiresAt: expiry(result.ExpireDate, result.ExpireTime),
  };
}
