import pino from 'pino';
import { env } from '@/env';

type Global = typeof globalThis & { __etkLogger?: pino.Logger };
const g = globalThis as Global;

/**
 * One structured logger per process. Secrets never go in: the redact list covers the fields
 * where they could appear.
 */
export const logger: pino.Logger = (g.__etkLogger ??= pino({
  level: env.NODE_ENV === 'test' ? 'silent' : env.LOG_LEVEL,
  redact: {
    paths: ['password', 'sifre', 'newPassword', 'currentPassword', 'token', 'authorization', '*.password', '*.sifre', '*.token', 'cardNumber', 'cvc', '*.cardNumber', '*.cvc'],
    censor: '[redacted]',
  },
}));
