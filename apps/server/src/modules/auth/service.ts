import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config.ts';
import type { UserRow } from './schema.ts';
import type { Mailer } from '../mail/index.ts';
import type { UsersRepository } from '../users/index.ts';
import { normalizeEmail } from '@nestling/shared/contract/fields';
import { SESSION_EXPIRED } from '@nestling/shared/contract/auth';
import { createAccessTokenVerifier } from './access-token.ts';
import type { Auth } from './auth.ts';
import { SESSION_MAX_AGE_SECONDS } from './auth.ts';
import type { AuthRepository, SessionRow } from './repository.ts';
import { Refusal } from '../../lib/refusal.ts';

export const CONFIRMATION_CODE_SECONDS = 24 * 60 * 60;
const CONFIRM_PREFIX = 'portal-email-confirmation:';
/** Sessions are marked used at most this often, to spare the database a write per request. */
const MAX_TOUCH_INTERVAL_MS = 60_000;

export const INVALID_CODE = 'This link is invalid or has expired. Please ask for a new one.';

/** What a verified access token and its live session say about the caller. */
export interface Identity {
  userId: string;
  /** The user's row as this request found it: the caller's own data needs no second read. */
  user: UserRow;
  sessionId: string;
  isAdminUser: boolean;
  emailVerified: boolean;
  /** The primary admin acting as this user through impersonation; null otherwise. */
  impersonatedBy: string | null;
}

/** How one-time codes are stored: a SHA-256 of the code, never the code. */
export function hashCode(code: string): string {
  return createHash('sha256').update(code).digest('base64url');
}

export function createAuthService(deps: {
  config: Config;
  auth: Auth;
  repository: AuthRepository;
  users: UsersRepository;
  mailer: Mailer;
  now?: () => Date;
}) {
  const { config, auth, repository, users, mailer } = deps;
  const now = deps.now ?? (() => new Date());
  const idleMs = config.auth.idleTimeoutMinutes * 60_000;
  // A short idle timeout (tests) needs the last use recorded more often than once a minute.
  const touchIntervalMs = Math.min(MAX_TOUCH_INTERVAL_MS, idleMs / 4);
  // The issuer and audience better-auth's JWT plugin signs with (auth.ts).
  const accessTokens = createAccessTokenVerifier({
    issuer: config.publicUrl,
    audience: config.publicUrl,
    loadKeys: () => repository.listPublicKeys(),
  });

  /** `next`: where the person was going (a path on this site), kept through the link. */
  async function sendConfirmation(user: Pick<UserRow, 'id' | 'email'>, next?: string) {
    const code = randomBytes(32).toString('base64url');
    await repository.replaceCode({
      id: randomUUID(),
      identifier: `${CONFIRM_PREFIX}${hashCode(code)}`,
      prefix: CONFIRM_PREFIX,
      userId: user.id,
      expiresAt: new Date(now().getTime() + CONFIRMATION_CODE_SECONDS * 1000),
    });
    const link = `${config.publicUrl}/verify-email?oobCode=${code}${
      next === undefined ? '' : `&next=${encodeURIComponent(next)}`
    }`;
    await mailer.send({
      to: user.email,
      subject: `Confirm your email for ${config.brand.productName}`,
      body: [
        {
          kind: 'paragraph',
          text: `Confirm the email address of your ${config.brand.productName} account. The link works once, for 24 hours.`,
        },
        { kind: 'action', label: 'Confirm your email', url: link },
        { kind: 'paragraph', text: 'If you did not create an account, ignore this mail.' },
      ],
    });
  }

  /** Past its expiry, older than the cap, or unused for the idle timeout. */
  function isOver(row: SessionRow, at: Date): boolean {
    const tooOld = at.getTime() - row.createdAt.getTime() > SESSION_MAX_AGE_SECONDS * 1000;
    const idle = at.getTime() - row.updatedAt.getTime() > idleMs;
    return row.expiresAt <= at || tooOld || idle;
  }

  /** Records the use, at most once per touch interval. */
  async function markUsed(row: SessionRow, at: Date) {
    if (at.getTime() - row.updatedAt.getTime() > touchIntervalMs) {
      await repository.touchSession(row.id, at);
    }
  }

  /**
   * The session and its user, read on every request so that revocation is immediate. A session
   * that is gone, past the cap or idle too long is ended and refused. An impersonation lives
   * only as long as the admin's own session (signing out or a password reset there ends it
   * too), and using it keeps the admin's session from idling.
   */
  async function liveSession(sessionId: string) {
    const found = await repository.findSessionWithUser(sessionId);
    if (found === null) throw new Refusal(401, SESSION_EXPIRED);
    const { session, user, impersonatorSession } = found;
    const at = now();
    if (isOver(session, at)) {
      await repository.deleteSession(session.id);
      throw new Refusal(401, SESSION_EXPIRED);
    }
    if (session.impersonatorSessionId !== null) {
      if (impersonatorSession === null || isOver(impersonatorSession, at)) {
        if (impersonatorSession !== null) await repository.deleteSession(impersonatorSession.id);
        await repository.deleteSession(session.id);
        throw new Refusal(401, SESSION_EXPIRED);
      }
      await markUsed(impersonatorSession, at);
    }
    await markUsed(session, at);
    return { session, user };
  }

  /** A token never outlives its session: `exp` is capped at the session's `expiresAt`. */
  async function signToken(user: UserRow, session: { id: string; expiresAt: Date }) {
    const iat = Math.floor(now().getTime() / 1000);
    const exp = Math.min(
      iat + config.auth.accessTokenMinutes * 60,
      Math.floor(session.expiresAt.getTime() / 1000),
    );
    // Ids and claims only: never the user's profile or health data.
    const { token } = await auth.api.signJWT({
      body: { payload: { sub: user.id, sid: session.id, admin: user.isAdminUser, iat, exp } },
    });
    return { token, expiresAt: exp };
  }

  return {
    sendConfirmation,

    /** Sends a confirmation mail to an unverified account; nothing for others. */
    async requestConfirmation(email: string) {
      const user = await users.findByEmail(normalizeEmail(email));
      if (user !== null && !user.emailVerified) await sendConfirmation(user);
    },

    async confirmEmail(code: string) {
      const identifier = `${CONFIRM_PREFIX}${hashCode(code)}`;
      const row = await repository.consumeCode(identifier);
      if (
        row === null ||
        !timingSafeEqual(Buffer.from(row.identifier), Buffer.from(identifier)) ||
        row.expiresAt <= now()
      ) {
        throw new Refusal(400, INVALID_CODE);
      }
      return repository.markEmailVerified(row.value);
    },

    /** better-auth mails a reset link to a known account, and answers the same for others. */
    async requestPasswordReset(email: string) {
      await auth.api.requestPasswordReset({
        body: { email: normalizeEmail(email), redirectTo: `${config.publicUrl}/reset-password` },
      });
    },

    /** Sets the new password, consumes the code and ends every session of the account. */
    async resetPassword(code: string, password: string) {
      try {
        await auth.api.resetPassword({ body: { token: code, newPassword: password } });
      } catch (error) {
        const apiError = error as {
          statusCode?: number;
          body?: { code?: string; message?: string };
        };
        if (apiError.body?.code === 'INVALID_TOKEN' || apiError.body?.code === 'USER_NOT_FOUND') {
          throw new Refusal(400, INVALID_CODE);
        }
        if (apiError.statusCode === 400 && apiError.body?.message) {
          throw new Refusal(400, apiError.body.message);
        }
        throw error;
      }
    },

    /**
     * Verifies a Bearer access token with the public keys held in memory, then reads the
     * session behind it and its user (one query).
     */
    async authenticate(token: string): Promise<Identity> {
      const claims = await accessTokens.verify(token);
      if (claims === null) throw new Refusal(401, 'Invalid token');
      const { session, user } = await liveSession(claims.sid);
      if (user.id !== claims.sub) throw new Refusal(401, SESSION_EXPIRED);
      return {
        userId: user.id,
        user,
        sessionId: session.id,
        isAdminUser: user.isAdminUser,
        emailVerified: user.emailVerified,
        impersonatedBy: session.impersonatedBy,
      };
    },

    /** A fresh access token for a live session: a refresh, or the first after sign-in. */
    async issueToken(sessionId: string) {
      const { session, user } = await liveSession(sessionId);
      return signToken(user, session);
    },

    /**
     * Ends the session now: its access tokens are refused from the next request. Signing out
     * while impersonating also ends the admin's kept session, so nothing stays signed in.
     */
    async signOut(sessionId: string) {
      const row = await repository.findSession(sessionId);
      if (row === null) return;
      await repository.deleteSession(row.id);
      if (row.impersonatorSessionId !== null) {
        await repository.deleteSession(row.impersonatorSessionId);
      }
    },

    /** Set-Cookie values that make the browser forget better-auth's session cookies. */
    async clearedSessionCookies(): Promise<string[]> {
      const { authCookies } = await auth.$context;
      return [authCookies.sessionToken, authCookies.sessionData, authCookies.dontRememberToken].map(
        ({ name, attributes }) =>
          [
            `${name}=`,
            `Path=${attributes.path ?? '/'}`,
            'Max-Age=0',
            'HttpOnly',
            `SameSite=${attributes.sameSite ?? 'Lax'}`,
            ...(attributes.secure === true ? ['Secure'] : []),
          ].join('; '),
      );
    },

    /** The session of better-auth's session cookie, if any. */
    async sessionIdFromCookie(headers: Headers): Promise<string | null> {
      const result = await auth.api.getSession({ headers });
      return result?.session.id ?? null;
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
