export { runVerification, scheduleVerifications, workVerifications, verifyAfterMinutes, MAX_VERIFY_ATTEMPTS, type VerificationOptions, type VerificationSummary } from './run-verification';
export { keptRates, profileKeptRates, keptShare, type KeptRate, type ProfileKeptRate } from './kept-rates';
export { workMakeGoods, MAKE_GOOD_LEASE_MS, type MakeGoodOptions, type MakeGoodSummary } from './make-good';
export { readGuarantee, type Guarantee } from './guarantee';
