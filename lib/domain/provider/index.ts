export { createProviderClient, type ProviderClient, type ProviderClientOptions } from './client';
export { ProviderError, isProviderError, type ProviderErrorKind } from './errors';
export {
  PROVIDER_API_VERSION,
  TASK_FINAL,
  type ProviderProfile,
  type ProviderTask,
  type ProviderProfileResult,
  type SendRequest,
  type TargetInfo,
} from './contract';
