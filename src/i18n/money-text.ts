import type { TFunction } from 'i18next';
import { formatAmount } from '../lib/format';

/** An amount of money as the reader's language writes it: 新臺幣 1,200 元, NT$1,200. */
export function moneyText(t: TFunction, amount: number): string {
  return t('membership:classes.money', { amount: formatAmount(amount) });
}
