import { createCipheriv } from 'node:crypto';
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

  it('takes any consistent padding of 1 to 32 bytes, as the gateway’s sample pads to 32-byte blocks', () => {
    const plain = 'Status=SUCCESS&Amt=300';
    // Texts whose padding to 32-byte blocks is longer than 16 bytes, shorter, and a whole block.
    for (const text of [plain, `${plain}${'x'.repeat(10)}`, 'x'.repeat(32), 'x'.repeat(17)]) {
      const sample = encryptTradeInfo(text, keys, 32);
      expect(sample.length % 64).toBe(0);
      expect(decryptTradeInfo(sample, keys)).toBe(text);
      expect(decryptTradeInfo(encryptTradeInfo(text, keys), keys)).toBe(text);
    }
    // 32 bytes of text padded to 32-byte blocks: a whole block of 32s.
    expect(encryptTradeInfo('x'.repeat(32), keys, 32)).toHaveLength(128);
  });

  it('refuses padding longer than 32 bytes, of 0, or whose bytes are not all its length', () => {
    const raw = (bytes: Buffer) => {
      const cipher = createCipheriv('aes-256-cbc', Buffer.from(keys.hashKey), Buffer.from(keys.hashIv));
      cipher.setAutoPadding(false);
      return Buffer.concat([cipher.update(bytes), cipher.final()]).toString('hex');
    };
    const text = Buffer.from('Status=SUCCESS&Amt=300');
    expect(decryptTradeInfo(raw(Buffer.concat([text, Buffer.alloc(10, 10)])), keys)).toBe(text.toString());
    expect(decryptTradeInfo(raw(Buffer.concat([text, Buffer.alloc(42, 42)])), keys)).toBeNull();
    expect(decryptTradeInfo(raw(Buffer.concat([text, Buffer.alloc(9, 9), Buffer.from([0])])), keys)).toBeNull();
    expect(decryptTradeInfo(raw(Buffer.concat([text, Buffer.alloc(8, 10), Buffer.from([9, 10])])), keys)).toBeNull();
    expect(decryptTradeInfo(raw(Buffer.concat([text, Buffer.alloc(9, 9), Buffer.from([10])])), keys)).toBeNull();
    expect(decryptTradeInfo(raw(Buffer.alloc(32, 33)), keys)).toBeNull();
  });

  it('round-trips Chinese item descriptions', () => {
    const info = encryptTradeInfo({ ItemDesc: '常年會費 2027', Amt: 1500 }, keys);
    expect(new URLSearchParams(decryptTradeInfo(info, keys)!).get('ItemDesc')).toBe('常年會費 2027');
  });
});
