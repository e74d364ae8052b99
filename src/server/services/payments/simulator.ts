import { randomInt } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { addDays, taipeiDate } from '../../../lib/calendar-date';
import { simulatorTrades } from '../../db/schema';
import {
  decryptTradeInfo,
  encryptTradeInfo,
  queryCheckCode,
  queryCheckValue,
  tradeSha,
  verifyTradeSha,
} from '../../integrations/newebpay/crypto';
import { logger } from '../../logger';
import { runtime } from '../../runtime';
import { mailOrigin } from '../site/site-origin';
import { type Gateway, gateway, MPG_VERSION } from './gateway';

/**
 * The built-in gateway simulator (DESIGN.md §9), for the demo and tests only: it takes the MPG
 * form as NewebPay does, lets the visitor choose what happens, and answers in the gateway's own
 * protocol with real encryption: the notify server to server, the browser's post to the return
 * or code address, and the trade query.
 */
export type SimulatorTrade = typeof simulatorTrades.$inferSelect;

export type SimulatorChoice = 'card' | 'webAtm' | 'declined' | 'atm' | 'store' | 'cardLostNotify';

/** A form the browser posts onwards (to the shop's return or code address). */
export interface BrowserPost {
  action: string;
  fields: Record<string, string>;
}

/** An address of this site as a path (the simulator is a page of the same site: its posts stay same-origin). */
async function sitePath(url: string): Promise<string> {
  const origin = await mailOrigin();
  return url.startsWith(`${origin}/`) ? url.slice(origin.length) : url;
}

/** The simulator as configured, or null when the real gateway (or none) is: the simulator is then closed. */
export async function simulatorGateway(): Promise<Gateway | null> {
  const gw = await gateway();
  return gw?.simulated ? gw : null;
}

function taiwanStamp(date: Date): string {
  const t = new Date(date.getTime() + 8 * 3_600_000).toISOString();
  return `${t.slice(0, 10)} ${t.slice(11, 19)}`;
}

/**
 * The MPG form the shop's page posted: checked and recorded. Null when it is not a form of this
 * shop (bad TradeSha, other merchant, unreadable).
 */
export async function receiveMpgForm(form: Record<string, string>): Promise<SimulatorTrade | null> {
  const gw = await simulatorGateway();
  if (!gw || form.MerchantID !== gw.merchantId || !verifyTradeSha(form.TradeInfo ?? '', form.TradeSha ?? '', gw.keys))
    return null;
  const plain = decryptTradeInfo(form.TradeInfo ?? '', gw.keys);
  if (plain === null) return null;
  const p = new URLSearchParams(plain);
  const amount = Number(p.get('Amt'));
  const merchantOrderNo = p.get('MerchantOrderNo') ?? '';
  if (p.get('MerchantID') !== gw.merchantId || !Number.isInteger(amount) || !/^\w{1,30}$/.test(merchantOrderNo))
    return null;
  const { db } = (await runtime()).database;
  await db
    .insert(simulatorTrades)
    .values({
      merchantOrderNo,
      amount,
      itemDesc: p.get('ItemDesc') ?? '',
      notifyUrl: p.get('NotifyURL') ?? '',
      returnUrl: p.get('ReturnURL') ?? '',
      customerUrl: p.get('CustomerURL') ?? '',
      clientBackUrl: p.get('ClientBackURL') ?? '',
      langType: p.get('LangType') ?? 'zh-tw',
      cvs: p.get('CVS') === '1',
      tradeNo: `SIM${Date.now().toString(36).toUpperCase()}${randomInt(100, 999)}`,
    })
    .onConflictDoNothing();
  const [trade] = await db.select().from(simulatorTrades).where(eq(simulatorTrades.merchantOrderNo, merchantOrderNo));
  return trade ?? null;
}

/** The gateway's post for a trade's result, encrypted and signed as NewebPay does. */
function resultPost(
  gw: Gateway,
  trade: SimulatorTrade,
  status: string,
  message: string,
  extra: Record<string, unknown>,
) {
  const info = encryptTradeInfo(
    JSON.stringify({
      Status: status,
      Message: message,
      Result: {
        MerchantID: gw.merchantId,
        Amt: trade.amount,
        TradeNo: trade.tradeNo,
        MerchantOrderNo: trade.merchantOrderNo,
        RespondType: 'JSON',
        IP: '127.0.0.1',
        EscrowBank: 'SIM',
        ...extra,
      },
    }),
    gw.keys,
  );
  return {
    Status: status,
    MerchantID: gw.merchantId,
    Version: MPG_VERSION,
    TradeInfo: info,
    TradeSha: tradeSha(info, gw.keys),
  };
}

/** Sends the notify server to server, as the gateway does; a failure is logged (the query job recovers it). */
async function sendNotify(url: string, fields: Record<string, string>): Promise<void> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields),
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) logger().warn({ url, status: res.status }, 'the simulated notify was not accepted');
  } catch (error) {
    logger().warn({ err: error, url }, 'the simulated notify could not be sent');
  }
}

async function trade(merchantOrderNo: string): Promise<SimulatorTrade | null> {
  const { db } = (await runtime()).database;
  const [row] = await db.select().from(simulatorTrades).where(eq(simulatorTrades.merchantOrderNo, merchantOrderNo));
  return row ?? null;
}

/**
 * Carries out what the visitor chose for an open trade: a card or WebATM transfer paid (notify,
 * then the return), a card declined, an ATM account or store code issued (the code post; paid later from the
 * simulator's list), or a card paid whose notify is lost (only the trade query finds it).
 * Answers the form the browser posts back to the shop.
 */
export async function simulate(merchantOrderNo: string, choice: SimulatorChoice): Promise<BrowserPost | null> {
  const gw = await simulatorGateway();
  const row = await trade(merchantOrderNo);
  if (!gw || !row || row.status !== 'open') return null;
  const { db } = (await runtime()).database;
  const now = new Date();
  if (choice === 'card' || choice === 'webAtm' || choice === 'cardLostNotify' || choice === 'declined') {
    const ok = choice !== 'declined';
    const paymentType = choice === 'webAtm' ? 'WEBATM' : 'CREDIT';
    await db
      .update(simulatorTrades)
      .set({ status: ok ? 'paid' : 'failed', paymentType, paidAt: ok ? now : null })
      .where(eq(simulatorTrades.merchantOrderNo, merchantOrderNo));
    const paidWith = choice === 'webAtm' ? { PayBankCode: '809', PayerAccount5Code: '13579' } : { Card4No: '4242' };
    const fields = ok
      ? resultPost(gw, row, 'SUCCESS', '付款成功', { PaymentType: paymentType, PayTime: taiwanStamp(now), ...paidWith })
      : resultPost(gw, row, 'CRE00001', '授權失敗', { PaymentType: paymentType });
    if (choice !== 'cardLostNotify') await sendNotify(row.notifyUrl, fields);
    return { action: await sitePath(row.returnUrl), fields };
  }
  const atm = choice === 'atm';
  const expires = addDays(taipeiDate(now), 3);
  const code = atm
    ? { PaymentType: 'VACC', BankCode: '822', CodeNo: String(randomInt(10 ** 13, 10 ** 14)) }
    : { PaymentType: 'CVS', CodeNo: `SIM${randomInt(10 ** 9, 10 ** 10)}`, StoreType: '7-11' };
  await db
    .update(simulatorTrades)
    .set({
      status: 'codeIssued',
      paymentType: code.PaymentType,
      bankCode: atm ? '822' : null,
      codeNo: code.CodeNo,
      codeExpiresOn: expires,
    })
    .where(eq(simulatorTrades.merchantOrderNo, merchantOrderNo));
  return {
    action: await sitePath(row.customerUrl),
    fields: resultPost(gw, row, 'SUCCESS', '取號成功', { ...code, ExpireDate: expires, ExpireTime: '23:59:59' }),
  };
}

/** The codes issued and not yet paid, newest first (the simulator's "pay a code" list). */
export async function openCodes(): Promise<SimulatorTrade[]> {
  const { db } = (await runtime()).database;
  const rows = await db.select().from(simulatorTrades).where(eq(simulatorTrades.status, 'codeIssued'));
  return rows.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
}

/** Someone paid an issued code at the ATM or the store: the gateway notifies the shop. */
export async function payCode(merchantOrderNo: string): Promise<boolean> {
  const gw = await simulatorGateway();
  const row = await trade(merchantOrderNo);
  if (!gw || !row || row.status !== 'codeIssued') return false;
  const { db } = (await runtime()).database;
  const now = new Date();
  const updated = await db
    .update(simulatorTrades)
    .set({ status: 'paid', paidAt: now })
    .where(and(eq(simulatorTrades.merchantOrderNo, merchantOrderNo), eq(simulatorTrades.status, 'codeIssued')))
    .returning({ no: simulatorTrades.merchantOrderNo });
  if (updated.length === 0) return false;
  await sendNotify(
    row.notifyUrl,
    resultPost(gw, row, 'SUCCESS', '付款完成', {
      PaymentType: row.paymentType,
      PayTime: taiwanStamp(now),
      ...(row.bankCode ? { PayBankCode: row.bankCode, PayerAccount5Code: '12345' } : { CodeNo: row.codeNo }),
    }),
  );
  return true;
}

const TRADE_STATUS: Record<string, number> = { open: 0, codeIssued: 0, paid: 1, failed: 2 };

/**
 * The trade query (`QueryTradeInfo`) as the gateway answers it: the CheckValue checked, then the
 * trade's state with its CheckCode. Unknown trades and bad check values answer a failure status.
 */
export async function queryTrade(form: Record<string, string>): Promise<Record<string, unknown>> {
  const gw = await simulatorGateway();
  if (!gw) return { Status: 'MPG03008', Message: '已停用', Result: [] };
  const amt = Number(form.Amt);
  const expected = queryCheckValue(
    { amt, merchantId: form.MerchantID ?? '', merchantOrderNo: form.MerchantOrderNo ?? '' },
    gw.keys,
  );
  if (form.MerchantID !== gw.merchantId || form.CheckValue !== expected)
    return { Status: 'TRA10001', Message: '檢查碼錯誤', Result: [] };
  const row = await trade(form.MerchantOrderNo ?? '');
  if (!row || row.amount !== amt) return { Status: 'TRA10021', Message: '查無此筆交易', Result: [] };
  return {
    Status: 'SUCCESS',
    Message: '查詢成功',
    Result: {
      MerchantID: gw.merchantId,
      Amt: row.amount,
      TradeNo: row.tradeNo,
      MerchantOrderNo: row.merchantOrderNo,
      TradeStatus: String(TRADE_STATUS[row.status] ?? 0),
      PaymentType: row.paymentType ?? '',
      CreateTime: taiwanStamp(row.createdAt),
      PayTime: row.paidAt ? taiwanStamp(row.paidAt) : '0000-00-00 00:00:00',
      CheckCode: queryCheckCode(
        { amt: row.amount, merchantId: gw.merchantId, merchantOrderNo: row.merchantOrderNo, tradeNo: row.tradeNo },
        gw.keys,
      ),
    },
  };
}
