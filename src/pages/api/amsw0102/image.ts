import { z } from 'zod';
import { captchaQuery } from '@/lib/schemas/account';
import { createCaptcha } from '@/server/auth/captcha';
import { endpoint, methodNotAllowed } from '@/server/http/endpoint';

export const GET = endpoint({
  summary:
    'A new single-use captcha, valid five minutes: a picture (mode=image) or a question in words (mode=text, the accessible alternative)',
  tags: ['verification'],
  query: captchaQuery,
  response: z.object({
    captchaId: z.string(),
    mode: z.enum(['image', 'text']),
    image: z.string().nullable().describe('data: URL of an SVG picture'),
    question: z.string().nullable().describe('In the language of the Lang header'),
    expiresAt: z.string(),
  }),
  handle: ({ query, locale }) => createCaptcha(query.mode, locale),
});
export const ALL = methodNotAllowed;
