import { describe, expect, it } from 'vitest';
import { asTotpCode, matchTotpStep, newTotpSecret, totpCode, totpStep, totpUri } from './totp';
import { hashRecoveryCode, newRecoveryCode, normalizeRecoveryCode, recoveryCodeMatches, storedRecoveryCode } from './recovery-codes';

// RFC 6238 appendix B: the SHA-1 seed "12345678901234567890", in base32.
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

describe('TOTP codes', () => {
  it('match the RFC 6238 test vectors (last six digits of the eight-digit values)', () => {
    expect(totpCode(RFC_SECRET, 59_000)).toBe('287082');
    expect(totpCode(RFC_SECRET, 1_111_111_109_000)).toBe('081804');
    expect(totpCode(RFC_SECRET, 1_234_567_890_000)).toBe('005924');
    expect(totpCode(RFC_SECRET, 2_000_000_000_000)).toBe('279037');
  });

  it('accepts the code of the current step and of one step either side, on a fixed clock, and says which step matched', () => {
    const secret = newTotpSecret();
    const now = 1_700_000_015_000;
    const step = totpStep(now);
    for (const offset of [-1, 0, 1]) {
      const code = totpCode(secret, now + offset * 30_000);
      expect(matchTotpStep(secret, code, now)).toBe(step + offset);
    }
  });

  it('refuses a code two steps away, a wrong code and the code of another secret (fixed secret and clock)', () => {
    const now = 1_700_000_015_000;
    const accepted = [-1, 0, 1].map((o) => totpCode(RFC_SECRET, now + o * 30_000));
    for (const offset of [-2, 2, 10]) {
      const code = totpCode(RFC_SECRET, now + offset * 30_000);
      expect(accepted).not.toContain(code);
      expect(matchTotpStep(RFC_SECRET, code, now)).toBeNull();
    }
    expect(matchTotpStep(RFC_SECRET, accepted.includes('000000') ? '000001' : '000000', now)).toBeNull();
    const other = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    const otherCode = totpCode(other, now);
    expect(accepted).not.toContain(otherCode);
    expect(matchTotpStep(RFC_SECRET, otherCode, now)).toBeNull();
  });

  it('reads codes typed with spaces and refuses anything but six digits', () => {
    expect(asTotpCode('123 456')).toBe('123456');
    expect(asTotpCode(' 123456 ')).toBe('123456');
    for (const bad of ['12345', '1234567', '12345a', 'ABCD-EFGH-JKMN-PQRS', '']) expect(asTotpCode(bad)).toBeNull();
  });

  it('makes 160-bit secrets and an otpauth URI authenticator apps read (SHA1, 6 digits, 30 s)', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const uri = new URL(totpUri(secret, 'ayse@example.com', 'Etkileşim'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/Etkileşim:ayse@example.com');
    expect(Object.fromEntries(uri.searchParams)).toMatchObject({ secret, issuer: 'Etkileşim', algorithm: 'SHA1', digits: '6', period: '30' });
  });
});

describe('recovery codes', () => {
  it('are 16 characters of Crockford base32 in groups of four, all different', () => {
    const codes = Array.from({ length: 50 }, newRecoveryCode);
    for (const code of codes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{4}){3}$/);
    expect(new Set(codes).size).toBe(50);
  });

  it('are read case-insensitively, with or without dashes and spaces, O as 0 and I or L as 1', () => {
    expect(normalizeRecoveryCode('abcd-efgh-jkmn-pqrs')).toBe('ABCDEFGHJKMNPQRS');
    expect(normalizeRecoveryCode(' ABCD EFGH JKMN PQRS ')).toBe('ABCDEFGHJKMNPQRS');
    expect(normalizeRecoveryCode('OOOO-IIII-LLLL-0000')).toBe('0000111111110000');
    for (const bad of ['ABCD-EFGH-JKMN', 'ABCD-EFGH-JKMN-PQRSX', 'ABCD-EFGH-JKMN-PQRU', '123456']) expect(normalizeRecoveryCode(bad)).toBeNull();
  });

  it('are stored as a salted SHA-256 that matches only that code', () => {
    const code = newRecoveryCode();
    const stored = storedRecoveryCode(code);
    expect(stored.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.codeHash).not.toContain(normalizeRecoveryCode(code)!.toLowerCase());
    expect(recoveryCodeMatches(normalizeRecoveryCode(code.toLowerCase())!, stored)).toBe(true);
    expect(recoveryCodeMatches(normalizeRecoveryCode(newRecoveryCode())!, stored)).toBe(false);
    // The same code under another salt has another hash.
    expect(storedRecoveryCode(code).codeHash).not.toBe(stored.codeHash);
    expect(hashRecoveryCode('X', 'a')).not.toBe(hashRecoveryCode('X', 'b'));
  });
});
