import 'server-only';
import { Secret, TOTP } from 'otpauth';

/**
 * RFC 6238 TOTP as every authenticator app (Google Authenticator, Aegis, 1Password…) expects it
 * by default: SHA-1, 6 digits, 30-second steps. A code of the step before or after the current
 * one is also accepted (a phone clock a little off, a code typed as it rolls over); which step
 * matched is returned, so the caller can refuse that step and every earlier one next time.
 */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps accepted on each side of the current one. */
export const TOTP_WINDOW = 1;

/** 160 random bits (RFC 4226 §4 recommends the HMAC-SHA-1 output size), base32 as apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totp(secretBase32: string, label = '', issuer = ''): TOTP {
  return new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

/** The otpauth:// URI an authenticator app reads from the QR code. */
export function totpUri(secretBase32: string, account: string, issuer: string): string {
  return totp(secretBase32, account, issuer).toString();
}

/** The 30-second step a moment falls in. */
export function totpStep(nowMs: number): number {
  return Math.floor(nowMs / 1000 / TOTP_PERIOD_SECONDS);
}

/** The code of a moment (the app's side; used by tests and by nothing on the login path). */
export function totpCode(secretBase32: string, nowMs: number): string {
  return totp(secretBase32).generate({ timestamp: nowMs });
}

/** Whether the text looks like a TOTP code (6 digits, spaces allowed as apps show "123 456"). */
export function asTotpCode(text: string): string | null {
  const digits = text.replace(/\s+/g, '');
  return /^\d{6}$/.test(digits) ? digits : null;
}

/** The step whose code this is, within ±TOTP_WINDOW steps of `nowMs`, or null. */
export function matchTotpStep(secretBase32: string, code: string, nowMs: number): number | null {
  const delta = totp(secretBase32).validate({ token: code, timestamp: nowMs, window: TOTP_WINDOW });
  return delta === null ? null : totpStep(nowMs) + delta;
}
