import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SignJWT, UnsecuredJWT, jwtVerify } from 'jose';
import { hs256Key, signHs256, verifyHs256 } from './hs256';

const secret = 'a-test-secret-of-reasonable-length-0123456789';
const key = hs256Key(secret);
const raw = new TextEncoder().encode(secret);
const now = Math.floor(Date.now() / 1000);
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** A token with any header and claims, correctly signed with the test key. */
const signedAs = (header: unknown, claims: unknown) => {
  const input = `${b64(header)}.${b64(claims)}`;
  return `${input}.${crypto.createHmac('sha256', key).update(input).digest('base64url')}`;
};

describe('HS256 tokens (node:crypto, issue #19)', () => {
  it('accepts what jose signed, and jose accepts what it signs', async () => {
    const fromJose = await new SignJWT({ rol: 'user', sv: 3, kind: 'user' }).setProtectedHeader({ alg: 'HS256' }).setSubject('42').setIssuedAt().setExpirationTime('1h').sign(raw);
    expect(verifyHs256(fromJose, key)).toMatchObject({ sub: '42', rol: 'user', sv: 3, kind: 'user' });
    const ours = signHs256({ rol: 'admin', sv: 1, sub: '7', iat: now, exp: now + 60 }, key);
    const { payload, protectedHeader } = await jwtVerify(ours, raw, { algorithms: ['HS256'], requiredClaims: ['exp', 'sub'] });
    expect(protectedHeader).toEqual({ alg: 'HS256' });
    expect(payload).toMatchObject({ rol: 'admin', sv: 1, sub: '7', exp: now + 60 });
  });

  it('refuses another key, a changed payload or header, and a changed signature', () => {
    const token = signHs256({ sub: '1', exp: now + 60 }, key);
    expect(verifyHs256(token, key)).not.toBeNull();
    expect(verifyHs256(token, hs256Key(`${secret}x`))).toBeNull();
    const [h, p, s] = token.split('.') as [string, string, string];
    expect(verifyHs256(`${h}.${b64({ sub: '2', exp: now + 60 })}.${s}`, key)).toBeNull();
    expect(verifyHs256(`${b64({ alg: 'HS512' })}.${p}.${s}`, key)).toBeNull();
    const flipped = s.slice(0, -2) + (s.at(-2) === 'A' ? 'B' : 'A') + s.at(-1);
    expect(verifyHs256(`${h}.${p}.${flipped}`, key)).toBeNull();
    expect(verifyHs256(`${h}.${p}.${s}A`, key)).toBeNull();
    expect(verifyHs256(`${h}.${p}`, key)).toBeNull();
    expect(verifyHs256(`${h}.${p}.${s}.x`, key)).toBeNull();
    expect(verifyHs256('', key)).toBeNull();
    expect(verifyHs256('x'.repeat(5000), key)).toBeNull();
  });

  it('refuses alg "none", other algorithms and unknown header parameters even when the signature is right', () => {
    expect(verifyHs256(new UnsecuredJWT({ sub: '1' }).setExpirationTime('1h').encode(), key)).toBeNull();
    expect(verifyHs256(signedAs({ alg: 'none' }, { sub: '1', exp: now + 60 }), key)).toBeNull();
    expect(verifyHs256(signedAs({ alg: 'HS384' }, { sub: '1', exp: now + 60 }), key)).toBeNull();
    expect(verifyHs256(signedAs({ alg: 'HS256', crit: ['b64'], b64: false }, { sub: '1', exp: now + 60 }), key)).toBeNull();
    expect(verifyHs256(signedAs({ alg: 'HS256', kid: 'other' }, { sub: '1', exp: now + 60 }), key)).toBeNull();
    expect(verifyHs256(signedAs({ alg: 'HS256', typ: 'JWT' }, { sub: '1', exp: now + 60 }), key)).toMatchObject({ sub: '1' });
    expect(verifyHs256(signedAs(['HS256'], { sub: '1', exp: now + 60 }), key)).toBeNull();
  });

  it('needs a future expiry and a subject, and honours not-before', () => {
    expect(verifyHs256(signedAs({ alg: 'HS256' }, { sub: '1' }), key)).toBeNull();
    expect(verifyHs256(signedAs({ alg: 'HS256' }, { exp: now + 60 }), key)).toBeNull();
    expect(verifyHs256(signedAs({ alg: 'HS256' }, { sub: 1, exp: now + 60 }), key)).toBeNull();
    expect(verifyHs256(signedAs({ alg: 'HS256' }, { sub: '1', exp: String(now + 60) }), key)).toBeNull();
    // Expired at the second it names, as jose counts it.
    expect(verifyHs256(signedAs({ alg: 'HS256' }, { sub: '1', exp: now }), key, now)).toBeNull();
    expect(verifyHs256(signedAs({ alg: 'HS256' }, { sub: '1', exp: now + 1 }), key, now)).not.toBeNull();
    expect(verifyHs256(signedAs({ alg: 'HS256' }, { sub: '1', exp: now + 60, nbf: now + 10 }), key, now)).toBeNull();
    expect(verifyHs256(signedAs({ alg: 'HS256' }, { sub: '1', exp: now + 60, nbf: now }), key, now)).not.toBeNull();
    expect(verifyHs256(signedAs({ alg: 'HS256' }, { sub: '1', exp: now + 60, iat: 'yesterday' }), key, now)).toBeNull();
    expect(verifyHs256(signedAs({ alg: 'HS256' }, [1, 2]), key)).toBeNull();
  });
});
