// Who is calling and what proves it (issue #34 item 7): bearer tokens and the session user they
// stand for, password hashes, the auth secret that signs tokens, and the admin-session rule. The
// bottom of the account modules: lib/domain/auth (the sign-in calls), lib/domain/users, lib/domain/two-factor,
// lib/domain/api-keys, lib/domain/notifications and lib/infra/realtime build on it, and it imports none of them.
export { signToken, verifyToken, loadSessionUser, checkedSessionVersion, sessionIdOf, newSessionId, TOKEN_TTL_MS, type AuthUser, type TokenKind } from './tokens';
export { hashPassword, verifyPassword } from './password';
export { getAuthSecret } from './secret';
export { exemptFromLimits, isAdminSession } from './is-admin-session';
