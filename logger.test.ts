import { Writable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { setupTestDb } from '@/test/fixtures/db';
import { users } from '@/db/schema';
import { hashPassword } from '@/lib/domain/credentials';
import { createLogger } from './logger';

/** A logger with the app's options whose lines are kept in memory. */
function captured() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { log: createLogger(stream, 'info'), text: () => lines.join(''), json: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>) };
}

async function failure(fn: () => Promise<unknown>): Promise<unknown> {
  try {
    await fn();
  } catch (err) {
    return err;
  }
  throw new Error('expected the query to fail');
}

describe('the log keeps secrets and personal data out', () => {
  const t = setupTestDb();
  let hash: string;
  const email = 'log-victim@example.com';
  const phone = '+905551112233';

  beforeAll(async () => {
    hash = await hashPassword('correct horse battery staple');
    await t.db.insert(users).values({ adSoyad: 'Victim', email, passwordHash: hash, telefon: phone });
  });

  it('logs a failed insert by code, constraint and table, without the row it tried to write', async () => {
    const err = await failure(() => t.db.insert(users).values({ adSoyad: 'Copy', email, passwordHash: hash, telefon: phone }));
    // The raw error really carries the values (so this test would catch a serializer that lets them through).
    expect(JSON.stringify(pino.stdSerializers.err(err as Error))).toContain(hash);

    const { log, text, json } = captured();
    log.error({ err, route: '/api/auth/register' }, 'unhandled error in route handler');
    const out = text();
    expect(out).not.toContain(hash);
    expect(out).not.toContain('$argon2');
    expect(out).not.toContain(email);
    expect(out).not.toContain(phone);
    const [line] = json();
    expect(line!.err).toMatchObject({ type: 'DatabaseError', code: '23505', constraint: 'users_email_lower_uq', table: 'users' });
    expect(String((line!.err as { message: string }).message)).toMatch(/duplicate key value violates unique constraint/);
  });

  it('strips the values from a database error wrapped as the cause of another error, and from a raw statement', async () => {
    const dbErr = await failure(() => t.db.execute(sql`select (${email})::integer`));
    const wrapped = new Error('could not save the profile', { cause: dbErr });
    const { log, text, json } = captured();
    log.error({ err: wrapped }, 'wrapped');
    log.warn(dbErr as Error, 'as the first argument');
    const out = text();
    expect(out).not.toContain(email);
    const [first, second] = json();
    expect((first!.err as { cause: Record<string, unknown> }).cause).toMatchObject({ type: 'DatabaseError', code: '22P02' });
    expect(second!.err).toMatchObject({ type: 'DatabaseError', code: '22P02', message: 'invalid input syntax for type integer' });
  });

  it('redacts passwords, hashes, tokens, cookies, authorization headers, card fields, e-mail and phone at any depth', () => {
    const { log, text } = captured();
    log.info(
      {
        sifre: 'pw-top',
        body: { password: 'pw-1', currentPassword: 'pw-2', newPassword: 'pw-3', card: { cardNumber: '4242424242424242', cvc: '123' } },
        req: { headers: { authorization: 'Bearer tok-abc', cookie: 'next-auth.session-token=cookie-xyz', 'set-cookie': ['a=set-cookie-1'] } },
        user: { row: { passwordHash: hash, email, telefon: phone } },
        deep: { a: { b: { c: { token: 'tok-deep' } } } },
      },
      'request',
    );
    const out = text();
    for (const secret of ['pw-top', 'pw-1', 'pw-2', 'pw-3', '4242424242424242', '"123"', 'tok-abc', 'cookie-xyz', 'set-cookie-1', hash, email, phone, 'tok-deep']) {
      expect(out, secret).not.toContain(secret);
    }
    expect(out).toContain('[redacted]');
  });

  it('keeps an ordinary error readable', () => {
    const { log, json } = captured();
    const err = Object.assign(new Error('provider answered 503'), { kind: 'http', status: 503 });
    log.warn({ err }, 'provider call failed');
    expect(json()[0]!.err).toMatchObject({ type: 'Error', message: 'provider answered 503', kind: 'http', status: 503 });
  });
});
