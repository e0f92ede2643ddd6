/** What other modules may use of auth (ADR 051): everything else here is its own. */
export { SESSION_MAX_AGE_SECONDS } from './auth.ts';
export type { Auth } from './auth.ts';
export { COMMON_PASSWORD_MESSAGE, isCommonPassword } from './common-passwords.ts';
export { createAuthRepository } from './repository.ts';
export type { AuthRepository } from './repository.ts';
export { resolveAuthSecret } from './secret.ts';
export { CONFIRMATION_CODE_SECONDS, INVALID_CODE, hashCode } from './service.ts';
export type { AuthService, Identity } from './service.ts';
