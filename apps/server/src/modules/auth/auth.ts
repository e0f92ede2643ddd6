import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError } from 'better-auth/api';
import { hashPassword, verifyPassword } from 'better-auth/crypto';
import { jwt } from 'better-auth/plugins';
import type { FastifyBaseLogger } from 'fastify';
import { GOOGLE_DONE_PATH } from '@nestling/shared/google-sign-in';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { account, jwks, session, user, verification } from './schema.ts';
import { libraryLog } from '../../logger.ts';
import type { Mailer } from '../mail/index.ts';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from './common-passwords.ts';
import {
  disabledGooglePaths,
  googleOAuthPlugin,
  refuseUnverifiedGoogleEmail,
  withoutGoogleTokens,
} from './google.ts';

export const AUTH_BASE_PATH = '/api/auth';

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The origins sign-in is accepted from: PUBLIC_URL, and when that is a loopback address, the
 * other loopback names of the same port, so that a newcomer who opens http://127.0.0.1:8080
 * instead of http://localhost:8080 can sign in.
 */
export function trustedOrigins(publicUrl: string): string[] {
  const url = new URL(publicUrl);
  if (!LOOPBACK_HOSTS.includes(url.hostname)) return [url.origin];
  return LOOPBACK_HOSTS.map(
    (host) => `${url.protocol}//${host}${url.port === '' ? '' : `:${url.port}`}`,
  );
}
/** The absolute cap of a session; the idle timeout is enforced by requireUser. */
export const SESSION_MAX_AGE_SECONDS = 12 * 60 * 60;
export const RESET_CODE_SECONDS = 60 * 60;

export interface CreateAuthOptions {
  config: Config;
  /** Where better-auth's own log lines go (scrubbed: logger.ts). */
  log: FastifyBaseLogger;
  db: Database;
  secret: string;
  mailer: Mailer;
  /**
   * Called after a user with an unconfirmed email is created (sign-up), to send the
   * confirmation mail. Google users are created with their email verified and get none.
   */
  onUserCreated: (user: { id: string; email: string }) => Promise<void>;
}

/**
 * better-auth with the portal's rules. Its own email-verification tokens are stateless JWTs
 * (usable again until they expire), so its verify and send-verification endpoints are
 * disabled and the portal issues hashed, single-use confirmation codes itself (service.ts).
 * Password-reset tokens are better-auth's: random, stored hashed, consumed once, 1 hour.
 */
export function createAuth({ config, log, db, secret, mailer, onUserCreated }: CreateAuthOptions) {
  return betterAuth({
    appName: config.brand.productName,
    logger: {
      disabled: config.logLevel === 'silent',
      level: 'warn',
      log: libraryLog(log, 'better-auth'),
    },
    baseURL: config.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret,
    trustedOrigins: trustedOrigins(config.publicUrl),
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user, session, account, verification, jwks },
    }),
    // The portal's own limits (rate-limit module) are shared by every replica.
    rateLimit: { enabled: false },
    disabledPaths: [
      '/token',
      '/verify-email',
      '/send-verification-email',
      '/request-password-reset',
      '/reset-password',
      '/change-email',
      // Account settings are the portal's (modules/account): validated, and refused while
      // impersonating.
      '/update-user',
      '/change-password',
      ...disabledGooglePaths(config.google),
    ],
    verification: { storeIdentifier: 'hashed' },
    // Where an OAuth callback that cannot be tied to its sign-in (a lost or stale state) ends:
    // the completion page, which says so in plain words.
    onAPIError: { errorURL: `${config.publicUrl}${GOOGLE_DONE_PATH}` },
    account: {
      // A Google sign-in whose verified email belongs to an existing account adds Google to
      // that account, but only when the account's own email is confirmed too: otherwise
      // whoever registered the address with a password before its owner would share the
      // account. Google is not a "trusted provider": that would link unverified emails too,
      // which refuseUnverifiedGoogleEmail refuses anyway. ADR 008.
      accountLinking: {
        enabled: true,
        requireLocalEmailVerified: true,
        allowDifferentEmails: false,
        updateUserInfoOnLink: false,
      },
      // The portal keeps no Google tokens (withoutGoogleTokens); nothing to refresh.
      updateAccountOnSignIn: false,
    },
    session: { expiresIn: SESSION_MAX_AGE_SECONDS, disableSessionRefresh: true },
    advanced: {
      useSecureCookies: config.publicUrl.startsWith('https://'),
      // Said outright: better-auth would otherwise skip both checks under a test runner, and
      // the tests must see what production does.
      disableOriginCheck: false,
      disableCSRFCheck: false,
    },
    emailAndPassword: {
      enabled: true,
      // The spec's gate (section 4) and its 403 'Verified email required' (section 8) expect a
      // signed-in user whose email is not confirmed yet: sign-up signs in, and every endpoint
      // that reaches data demands a confirmed email instead (requireVerifiedUser). ADR 006.
      requireEmailVerification: false,
      // A sign-up never signs in: its answer must be the same whether or not the address had an
      // account (auth/routes.ts). The person signs in once the email is confirmed.
      autoSignIn: false,
      revokeSessionsOnPasswordReset: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      resetPasswordTokenExpiresIn: RESET_CODE_SECONDS,
      password: {
        // Called for every new password: sign-up, reset and change.
        async hash(password) {
          if (isCommonPassword(password)) {
            throw new APIError('BAD_REQUEST', { message: COMMON_PASSWORD_MESSAGE });
          }
          return hashPassword(password);
        },
        verify: ({ hash, password }) => verifyPassword({ hash, password }),
      },
      async sendResetPassword({ user, token }) {
        const link = `${config.publicUrl}/reset-password?oobCode=${encodeURIComponent(token)}`;
        await mailer.send({
          to: user.email,
          subject: `Reset your ${config.brand.productName} password`,
          body: [
            {
              kind: 'paragraph',
              text: `Someone asked to reset the password of your ${config.brand.productName} account. The link works once, for 1 hour.`,
            },
            { kind: 'action', label: 'Choose a new password', url: link },
            {
              kind: 'paragraph',
              text: 'If you did not ask, ignore this mail: your password stays as it is.',
            },
          ],
        });
      },
    },
    user: {
      additionalFields: {
        firstName: { type: 'string', required: false },
        lastName: { type: 'string', required: false },
        phone: { type: 'string', required: false },
        sex: { type: 'string', required: false },
        birthMonth: { type: 'number', required: false },
        birthDay: { type: 'number', required: false },
        birthYear: { type: 'number', required: false },
        isAdminUser: { type: 'boolean', required: false, input: false, defaultValue: false },
        enableDataPortal: { type: 'boolean', required: false, input: false, defaultValue: false },
        healthSurveyStatus: { type: 'string', required: false, input: false },
        tosAccepted: { type: 'boolean', required: false, input: false, defaultValue: false },
        hipaaAccepted: { type: 'boolean', required: false, input: false, defaultValue: false },
      },
      ...(config.google === null
        ? {}
        : { validateUserInfo: (data) => refuseUnverifiedGoogleEmail(data) }),
    },
    databaseHooks: {
      user: {
        create: {
          after: async (user) => {
            if (!user.emailVerified) await onUserCreated({ id: user.id, email: user.email });
          },
        },
      },
      account: {
        create: {
          before: (account) => Promise.resolve(withoutGoogleTokens(account)),
        },
      },
    },
    plugins: [
      jwt({
        jwt: {
          issuer: config.publicUrl,
          audience: config.publicUrl,
          expirationTime: `${config.auth.accessTokenMinutes}m`,
        },
        disableSettingJwtHeader: true,
      }),
      ...(config.google === null ? [] : [googleOAuthPlugin(config.google)]),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
