import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError } from 'better-auth/api';
import { hashPassword, verifyPassword } from 'better-auth/crypto';
import { jwt } from 'better-auth/plugins';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import * as schema from '../../db/schema.ts';
import type { Mailer } from '../mail/mailer.ts';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from './common-passwords.ts';

export const AUTH_BASE_PATH = '/api/auth';
/** The absolute cap of a session; the idle timeout is enforced by requireUser. */
export const SESSION_MAX_AGE_SECONDS = 12 * 60 * 60;
export const RESET_CODE_SECONDS = 60 * 60;

export interface CreateAuthOptions {
  config: Config;
  db: Database;
  secret: string;
  mailer: Mailer;
  /** Called after a user is created by sign-up, to send the confirmation mail. */
  onUserCreated: (user: { id: string; email: string }) => Promise<void>;
}

/**
 * better-auth with the portal's rules. Its own email-verification tokens are stateless JWTs
 * (usable again until they expire), so its verify and send-verification endpoints are
 * disabled and the portal issues hashed, single-use confirmation codes itself (service.ts).
 * Password-reset tokens are better-auth's: random, stored hashed, consumed once, 1 hour.
 */
export function createAuth({ config, db, secret, mailer, onUserCreated }: CreateAuthOptions) {
  return betterAuth({
    appName: config.brand.productName,
    logger: { disabled: config.logLevel === 'silent' },
    baseURL: config.publicUrl,
    basePath: AUTH_BASE_PATH,
    secret,
    trustedOrigins: [config.publicUrl],
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
        jwks: schema.jwks,
      },
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
    ],
    verification: { storeIdentifier: 'hashed' },
    session: { expiresIn: SESSION_MAX_AGE_SECONDS, disableSessionRefresh: true },
    advanced: { useSecureCookies: config.publicUrl.startsWith('https://') },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
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
          text: [
            `Someone asked to reset the password of your ${config.brand.productName} account.`,
            `Choose a new password here (the link works once, for 1 hour):`,
            link,
            '',
            'If you did not ask, ignore this mail: your password stays as it is.',
          ].join('\n'),
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
    },
    databaseHooks: {
      user: {
        create: {
          after: async (user) => {
            await onUserCreated({ id: user.id, email: user.email });
          },
        },
      },
    },
    plugins: [
      jwt({
        jwt: {
          issuer: config.publicUrl,
          audience: config.publicUrl,
          expirationTime: `${config.auth.idleTimeoutMinutes}m`,
        },
        disableSettingJwtHeader: true,
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
