export { createSecurityHeaders, newNonce, parseSourceList, CSP_SOURCE, type SecurityConfig } from './security-headers';
