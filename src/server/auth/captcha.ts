import { randomInt, randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import { ErrorCode } from '../../lib/error-codes';
import type { Locale } from '../../lib/locales';
import { captchas } from '../db/schema';
import { AppError } from '../http/app-error';
import { runtime } from '../runtime';
import { tokenHash } from './secrets';

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const LENGTH = 5;
const VALID_MS = 5 * 60_000;

export type CaptchaMode = 'image' | 'text';

export interface Captcha {
  captchaId: string;
  mode: CaptchaMode;
  /** An SVG picture of the characters to type (image mode). */
  image: string | null;
  /** A question in words for readers who cannot see the picture (text mode). */
  question: string | null;
  expiresAt: string;
}

const NUMBERS: Record<Locale, string[]> = {
  'zh-tw': [
    '零',
    '一',
    '二',
    '三',
    '四',
    '五',
    '六',
    '七',
    '八',
    '九',
    '十',
    '十一',
    '十二',
    '十三',
    '十四',
    '十五',
    '十六',
    '十七',
    '十八',
    '十九',
    '二十',
  ],
  'en-us': [
    'zero',
    'one',
    'two',
    'three',
    'four',
    'five',
    'six',
    'seven',
    'eight',
    'nine',
    'ten',
    'eleven',
    'twelve',
    'thirteen',
    'fourteen',
    'fifteen',
    'sixteen',
    'seventeen',
    'eighteen',
    'nineteen',
    'twenty',
  ],
};

/** Characters drawn with jitter, rotation and noise lines; no text a screen reader could read. */
export function captchaSvg(text: string): string {
  const width = 150;
  const height = 50;
  const chars = [...text]
    .map((c, i) => {
      const x = 16 + i * 26 + randomInt(-3, 4);
      const y = 34 + randomInt(-5, 6);
      const rotate = randomInt(-25, 26);
      const hue = randomInt(190, 260);
      return `<text x="${x}" y="${y}" transform="rotate(${rotate} ${x} ${y})" fill="hsl(${hue} 55% 30%)" font-family="monospace" font-size="${randomInt(24, 30)}" font-weight="700">${c}</text>`;
    })
    .join('');
  const lines = Array.from({ length: 5 }, () => {
    const [x1, y1, x2, y2] = [randomInt(0, width), randomInt(0, height), randomInt(0, width), randomInt(0, height)];
    return `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="hsl(${randomInt(0, 360)} 40% 55%)" stroke-width="${randomInt(1, 3)}"/>`;
  }).join('');
  const dots = Array.from(
    { length: 30 },
    () => `<circle cx="${randomInt(0, width)}" cy="${randomInt(0, height)}" r="1" fill="#667"/>`,
  ).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><rect width="100%" height="100%" fill="#eef2f7"/>${dots}${lines}${chars}</svg>`;
}

function normalizeAnswer(answer: string): string {
  return answer.replace(/\s+/g, '').toUpperCase();
}

/** A new single-use challenge, valid five minutes. */
export async function createCaptcha(mode: CaptchaMode, locale: Locale): Promise<Captcha> {
  const { db } = (await runtime()).database;
  const captchaId = randomUUID();
  let answer: string;
  let image: string | null = null;
  let question: string | null = null;
  if (mode === 'image') {
    answer = Array.from({ length: LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    image = `data:image/svg+xml;base64,${Buffer.from(captchaSvg(answer)).toString('base64')}`;
  } else {
    const a = randomInt(1, 11);
    const b = randomInt(1, 11);
    answer = String(a + b);
    question =
      locale === 'en-us'
        ? `What is ${NUMBERS['en-us'][a]} plus ${NUMBERS['en-us'][b]}? Answer in digits.`
        : `${NUMBERS['zh-tw'][a]}加${NUMBERS['zh-tw'][b]}等於多少？請以阿拉伯數字作答。`;
  }
  const expiresAt = new Date(Date.now() + VALID_MS);
  await db.delete(captchas).where(lt(captchas.expiresAt, new Date()));
  await db.insert(captchas).values({ id: captchaId, answerHash: tokenHash(normalizeAnswer(answer)), expiresAt });
  return { captchaId, mode, image, question, expiresAt: expiresAt.toISOString() };
}

/**
 * Uses up a challenge: right or wrong, it cannot be tried again (a new one must be fetched).
 * A wrong, unknown or expired answer is -12.
 */
export async function verifyCaptcha(captchaId: string, answer: string): Promise<void> {
  const { db } = (await runtime()).database;
  const [row] = await db
    .update(captchas)
    .set({ usedAt: new Date() })
    .where(and(eq(captchas.id, captchaId), isNull(captchas.usedAt), gt(captchas.expiresAt, new Date())))
    .returning({ answerHash: captchas.answerHash });
  if (!row || row.answerHash !== tokenHash(normalizeAnswer(answer))) {
    throw new AppError(ErrorCode.VERIFICATION_CODE, { fields: ['captcha'] }, { key: 'captchaWrong' });
  }
}
