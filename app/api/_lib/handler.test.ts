import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '@/lib/errors';
import { call } from '@/test/http';
import { handle, ok, parseBody, MAX_BODY_BYTES } from './handler';

const schema = z.object({ name: z.string().min(1) });
const echo = handle(async (req) => ok({ got: (await parseBody(req, schema)).name }));

describe('the API conventions', () => {
  it('answers success with the fields at the top level', async () => {
    const res = await call(echo, { body: { name: 'Ada' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, got: 'Ada' });
  });

  it('turns malformed JSON into a 400 with a localized mesaj', async () => {
    const res = await call(echo, { method: 'POST', rawBody: '{"name":', headers: { 'accept-language': 'en' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'MALFORMED_JSON', mesaj: 'The request body is not valid JSON.' });
  });

  it('refuses a body over 1 MB with 413, even without a Content-Length', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(MAX_BODY_BYTES) });
    const res = await call(echo, { method: 'POST', rawBody: big });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' });
  });

  it('turns a schema failure into a 400 VALIDATION_FAILED, in Turkish by default', async () => {
    const res = await call(echo, { body: { name: 42 } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_FAILED', mesaj: 'Gönderilen bilgiler geçersiz.' });
  });

  it('maps an AppError to its status, code and message parameters', async () => {
    const limited = handle(async () => {
      throw new AppError('RATE_LIMITED', { status: 429, params: { seconds: 12 }, headers: { 'retry-after': '12' } });
    });
    const res = await call(limited, { headers: { 'accept-language': 'de' } });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('12');
    expect(res.body.mesaj).toBe('Zu viele Versuche. Bitte versuchen Sie es in 12 Sekunden erneut.');
  });

  it('hides unexpected errors behind a generic 500', async () => {
    const broken = handle(async () => {
      throw new Error('connection string postgres://secret');
    });
    const res = await call(broken);
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ success: false, code: 'INTERNAL', mesaj: 'Beklenmeyen bir hata oluştu. Lütfen tekrar deneyin.' });
  });
});
