import type { Locale } from '@/lib/locales';
import { currentLocale } from './locale';

/** The texts the browser-side stores and API client show, in both languages. */
const zhTw = {
  sessionExpired: '登入身份已失效，請重新登入',
  signedOut: '登出成功',
  requestFailed: '連線失敗，請稍後再試。',
  contactSuffix: '如多次失敗請洽詢本會',
  newBuild: '網站已更新，請重新整理頁面以取得最新版本。',
};

export type MessageKey = keyof typeof zhTw;

export const MESSAGES: Record<Locale, Record<MessageKey, string>> = {
  'zh-tw': zhTw,
  'en-us': {
    sessionExpired: 'Your sign-in has expired, please sign in again',
    signedOut: 'Signed out',
    requestFailed: 'The request failed, please try again later.',
    contactSuffix: ' If this keeps failing, please contact the society.',
    newBuild: 'A new version of the site is available. Reload to update.',
  },
};

export function message(key: MessageKey, locale: Locale = currentLocale()): string {
  return MESSAGES[locale][key];
}
