import { describe, expect, it } from 'vitest';
import { byGateway, paymentMethodsFor } from './methods';

describe('the ways an order may be paid', () => {
  it('is bank transfer only without a gateway, or over its limit', () => {
    expect(paymentMethodsFor(null, 1500)).toEqual(['transfer']);
    expect(paymentMethodsFor(20_000, 28_500)).toEqual(['transfer']);
    expect(byGateway(['transfer'])).toBe(false);
  });
  it('adds the gateway’s methods within its limit, store codes only within the stores’ range', () => {
    expect(paymentMethodsFor(50_000, 1500)).toEqual(['card', 'webAtm', 'atm', 'store', 'transfer']);
    expect(paymentMethodsFor(50_000, 28_500)).toEqual(['card', 'webAtm', 'atm', 'transfer']);
    expect(byGateway(paymentMethodsFor(50_000, 28_500))).toBe(true);
  });
});
