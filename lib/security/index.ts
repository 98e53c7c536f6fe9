export { createSecurityHeaders, newNonce, parseSourceList, CSP_SOURCE, type SecurityConfig } from './security-headers';
export { securityConfigFromEnv } from './config-from-env';
