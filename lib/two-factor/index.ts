export { setupTwoFactor } from './setup-two-factor';
export { enableTwoFactor, type EnableTwoFactorInput } from './enable-two-factor';
export { disableTwoFactor, type DisableTwoFactorInput } from './disable-two-factor';
export { getTwoFactorStatus, type TwoFactorStatus } from './get-two-factor-status';
export { startTwoFactorLogin, completeTwoFactorLogin, type TwoFactorChallenge, type CompleteTwoFactorInput } from './login-challenge';
export { adminTwoFactorRequired, twoFactorEnabled } from './credentials';
export { TWO_FACTOR_LIMITS, MAX_CHALLENGE_ATTEMPTS, CHALLENGE_TTL_SECONDS } from './rules';
export { RECOVERY_CODE_COUNT } from './recovery-codes';
export * from './schemas';
