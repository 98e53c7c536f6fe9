export { createProviderClient, type ProviderClient, type ProviderClientOptions } from './client';
export { ProviderError, isProviderError, type ProviderErrorKind } from './errors';
export {
  PROVIDER_API_VERSION,
  TASK_FINAL,
  type ProviderProfile,
  type ProviderTask,
  type ProviderProfileResult,
  type SendRequest,
  type CommentDraftsRequest,
  type CommentDraftsAnswer,
  type TargetInfo,
} from './contract';
// Contract 1.5 (issue #38 item 1): verify.
export { VERIFY_STATES, verifyUrlOf, type VerifyRequest, type VerifyState } from './contract';
export { type ProviderAccountPost } from './contract';
