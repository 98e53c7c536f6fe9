export { hashPassword, verifyPassword } from './password';
export { signToken, verifyToken, loadSessionUser, type AuthUser, type TokenKind } from './tokens';
export { getAuthSecret } from './secret';
