export { createApiKey, type CreatedApiKey } from './create-api-key';
export { listApiKeys, listAllApiKeys, toApiKeyView, type ApiKeyView, type AdminApiKeyView, type AdminApiKeysQuery } from './list-api-keys';
export { endApiKeys, type KeysEndedBy } from './end-api-keys';
export { revokeApiKey, adminRevokeApiKey, rotateApiKey } from './revoke-api-key';
export { authenticateApiKeyRequest, type AlsoRead, type ApiKeyCaller, type ApiKeyRequest, type Prefetch } from './authenticate-api-key';
export { generateApiKey, hashApiKey, looksLikeApiKey, generateWebhookSecret, API_KEY_PREFIX } from './key-material';
export { MAX_API_KEYS, API_KEY_REQUESTS_PER_MINUTE, API_KEY_REQUEST_BUCKET, apiKeyRequestRule, apiKeyPasswordRule } from './rules';
export { createApiKeySchema, rotateApiKeySchema, apiKeyIdParams, adminApiKeysQuery, API_KEY_NAME_MAX, type CreateApiKeyInput } from './schemas';
