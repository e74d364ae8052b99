import { describe, expect, it } from 'vitest';
import { decryptTradeInfo, encryptTradeInfo, tradeSha, verifyTradeSha } from './crypto';

// The integration manual's own worked example (key, IV, parameters, TradeInfo and TradeSha).
const keys = { hashKey: '12345678901234567890123456789012', hashIv: '1234567890123456' };
const params = {
  MerchantID: 3430112,
  RespondType: 'JSON',
  TimeStamp: 1485232229,
  Version: 1.4,
  MerchantOrderNo: 'S_1485232229',
  Amt: 40,
  ItemDesc: 'UnitTest',
};
const TRADE_INFO =
  'ff91c8aa01379e4de621a44e5f11f72e4d25bdb1a18242db6cef9ef07d80b0165e476fd1d9acaa53170272c82d122961e1a0700a7427cfa1cf90db7f6d6593bbc93102a4d4b9b66d9974c13c31a7ab4bba1d4e0790f0cbbbd7ad64c6d3c8012a601ceaa808bff70f94a8efa5a4f984b9d41304ffd879612177c622f75f4214fa';
const TRADE_SHA = 'EA0A6CC37F40C1EA5692E7CBB8AE097653DF3E91365E6A9CD7E91312413C7BB8';

describe('NewebPay TradeInfo and TradeSha', () => {
  it("reproduces the manual's worked example", () => {
    expect(encryptTradeInfo(params, keys)).toBe(TRADE_INFO);
    expect(tradeSha(TRADE_INFO, keys)).toBe(TRADE_SHA);
  });

  it('decrypts the example back to its parameters', () => {
    expect(decryptTradeInfo(TRADE_INFO, keys)).toBe(
      'MerchantID=3430112&RespondType=JSON&TimeStamp=1485232229&Version=1.4&MerchantOrderNo=S_1485232229&Amt=40&ItemDesc=UnitTest',
    );
  });

  it('accepts the right TradeSha in either case and refuses any other', () => {
    expect(verifyTradeSha(TRADE_INFO, TRADE_SHA, keys)).toBe(true);
    expect(verifyTradeSha(TRADE_INFO, TRADE_SHA.toLowerCase(), keys)).toBe(true);
    expect(verifyTradeSha(TRADE_INFO, TRADE_SHA.replace(/^E/, 'F'), keys)).toBe(false);
    expect(verifyTradeSha(TRADE_INFO.replace(/a$/, 'b'), TRADE_SHA, keys)).toBe(false);
    expect(verifyTradeSha(TRADE_INFO, '', keys)).toBe(false);
    expect(verifyTradeSha(TRADE_INFO, TRADE_SHA, { ...keys, hashKey: 'x'.repeat(32) })).toBe(false);
  });

  it('refuses a TradeInfo that is not whole hex blocks or whose padding is not PKCS7', () => {
    expect(decryptTradeInfo('zz', keys)).toBeNull();
    expect(decryptTradeInfo(TRADE_INFO.slice(0, -2), keys)).toBeNull();
    expect(decryptTradeInfo(TRADE_INFO, { ...keys, hashIv: '6543210987654321' })).not.toContain('MerchantID=3430112');
    expect(decryptTradeInfo(TRADE_INFO, { ...keys, hashKey: 'abcdefghijklmnopqrstuvwxyz123456' })).toBeNull();
  });

  it('round-trips Chinese item descriptions', () => {
    const info = encryptTradeInfo({ ItemDesc: '常年會費 2027', Amt: 1500 }, keys);
    expect(new URLSearchParams(decryptTradeInfo(info, keys)!).get('ItemDesc')).toBe('常年會費 2027');
  });
});
