import { randomBytes, randomUUID } from 'node:crypto';
import * as z from 'zod/mini';
import {
  EMAIL_CHANGED_MESSAGE,
  EMAIL_UNAVAILABLE,
  emailChangeSentMessage,
  NO_PASSWORD_MESSAGE,
  SAME_EMAIL_MESSAGE,
  SAME_PASSWORD_MESSAGE,
  SESSION_NOT_FOUND,
  WRONG_CURRENT_PASSWORD,
  type DeviceSession,
  type UpdateProfileBody,
} from '@nestling/shared/contract/account';
import { EMAIL_CONFIRMED_MESSAGE, type ConfirmEmailAnswer } from '@nestling/shared/contract/auth';
import type { User } from '@nestling/shared/contract/user';
import { parseDob } from '@nestling/shared/dates';
import type { Config } from '../../config.ts';
import {
  COMMON_PASSWORD_MESSAGE,
  CONFIRMATION_CODE_SECONDS,
  INVALID_CODE,
  SESSION_MAX_AGE_SECONDS,
  hashCode,
  isCommonPassword,
  type Auth,
  type AuthRepository,
  type AuthService,
} from '../auth/index.ts';
import type { Mailer } from '../mail/index.ts';
import {
  accountKey,
  rateLimitRules,
  TOO_MANY_REQUESTS,
  type RateLimiter,
} from '../rate-limit/index.ts';
import { toUser, type UsersRepository } from '../users/index.ts';
import { SESSION_EXPIRED } from '@nestling/shared/contract/auth';
import { normalizeEmail } from '@nestling/shared/contract/fields';
import { describeDevice } from './device.ts';
import type { AccountRepository, ProfileChanges } from './repository.ts';
import { Refusal } from '../../lib/refusal.ts';

/** Beside the portal's confirmation codes in `verification`, told apart by this prefix. */
const EMAIL_CHANGE_PREFIX = 'portal-email-change:';

const pendingChangeSchema = z.object({ userId: z.string(), newEmail: z.string() });

/**
 * POST /user/email/confirm takes the code of either link: a sign-up confirmation, else an email
 * change. A change sets the new email (confirmed, as the link proves) and ends every other
 * session of the account; the session that opened the link is kept when it is the person's own
 * (its access token may come with the request). Answers the sentence to show.
 */
export function createEmailConfirmation(deps: {
  authService: AuthService;
  repository: AccountRepository;
  /** Where every kind of one-time code is kept. */
  codes: Pick<AuthRepository, 'consumeCode'>;
  now?: () => Date;
}) {
  const { authService, repository, codes } = deps;
  const now = deps.now ?? (() => new Date());

  /** The session behind an optional `Authorization: Bearer`; null when there is none alive. */
  async function callerSession(authorization: string | undefined) {
    const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
    if (token === undefined) return null;
    try {
      return await authService.authenticate(token);
    } catch (error) {
      if (error instanceof Refusal) return null;
      throw error;
    }
  }

  return {
    async confirm(code: string, authorization: string | undefined): Promise<ConfirmEmailAnswer> {
      try {
        const email = await authService.confirmEmail(code);
        return { message: EMAIL_CONFIRMED_MESSAGE, ...(email === null ? {} : { email }) };
      } catch (error) {
        // Not a sign-up confirmation code: it may be an email change's.
        if (!(error instanceof Refusal)) throw error;
      }
      const row = await codes.consumeCode(`${EMAIL_CHANGE_PREFIX}${hashCode(code)}`);
      if (row === null || row.expiresAt <= now()) throw new Refusal(400, INVALID_CODE);
      let pending: z.infer<typeof pendingChangeSchema>;
      try {
        pending = pendingChangeSchema.parse(JSON.parse(row.value));
      } catch {
        throw new Refusal(400, INVALID_CODE);
      }
      const caller = await callerSession(authorization);
      const keep =
        caller !== null && caller.userId === pending.userId && caller.impersonatedBy === null
          ? caller.sessionId
          : null;
      if (!(await repository.changeEmail(pending.userId, pending.newEmail, keep))) {
        throw new Refusal(409, EMAIL_UNAVAILABLE);
      }
      return { message: EMAIL_CHANGED_MESSAGE };
    },
  };
}

export function createAccountService(deps: {
  config: Config;
  auth: Auth;
  repository: AccountRepository;
  users: UsersRepository;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  now?: () => Date;
}) {
  const { config, auth, repository, users, mailer, rateLimiter } = deps;
  const now = deps.now ?? (() => new Date());
  const idleMs = config.auth.idleTimeoutMinutes * 60_000;
  const { productName } = config.brand;

  async function findUser(userId: string) {
    const row = await users.findById(userId);
    if (row === null) throw new Refusal(401, SESSION_EXPIRED);
    return row;
  }

  /** Wrong guesses count against the account, so a stolen token cannot try passwords freely. */
  async function checkPassword(userId: string, password: string) {
    if (await rateLimiter.exhausted(rateLimitRules.passwordCheckFailureAccount, userId)) {
      throw new Refusal(429, TOO_MANY_REQUESTS);
    }
    const hash = await repository.findPasswordHash(userId);
    if (hash === null) throw new Refusal(400, NO_PASSWORD_MESSAGE);
    const { password: hasher } = await auth.$context;
    if (!(await hasher.verify({ hash, password }))) {
      await rateLimiter.record(rateLimitRules.passwordCheckFailureAccount, userId);
      throw new Refusal(400, WRONG_CURRENT_PASSWORD);
    }
  }

  function isLive(row: { createdAt: Date; updatedAt: Date; expiresAt: Date }, at: Date) {
    return (
      row.expiresAt > at &&
      at.getTime() - row.createdAt.getTime() <= SESSION_MAX_AGE_SECONDS * 1000 &&
      at.getTime() - row.updatedAt.getTime() <= idleMs
    );
  }

  return {
    /** Changes only the fields given; the display name follows the first and last names. */
    async updateProfile(userId: string, body: UpdateProfileBody): Promise<User> {
      const row = await findUser(userId);
      const changes: Partial<ProfileChanges> = {};
      if (body.firstName !== undefined) changes.firstName = body.firstName;
      if (body.lastName !== undefined) changes.lastName = body.lastName;
      if (body.phone !== undefined) changes.phone = body.phone;
      if (body.sex !== undefined) changes.sex = body.sex;
      const dob = body.dob ?? body.birthday;
      // Already checked by the schema, so the parts are there.
      const parts = dob === undefined ? null : parseDob(dob);
      if (parts !== null) {
        changes.birthMonth = parts.month;
        changes.birthDay = parts.day;
        changes.birthYear = parts.year;
      }
      if (changes.firstName !== undefined || changes.lastName !== undefined) {
        changes.name = [changes.firstName ?? row.firstName, changes.lastName ?? row.lastName]
          .filter((part) => part !== null && part !== '')
          .join(' ');
      }
      const terms = await users.termsStatus(userId);
      if (Object.keys(changes).length === 0) return toUser(row, terms);
      await repository.updateProfile(userId, changes);
      return toUser(await findUser(userId), terms);
    },

    /** Checks the current password, sets the new one and ends every session of the account. */
    async changePassword(userId: string, currentPassword: string, newPassword: string) {
      await checkPassword(userId, currentPassword);
      if (newPassword === currentPassword) throw new Refusal(400, SAME_PASSWORD_MESSAGE);
      if (isCommonPassword(newPassword)) throw new Refusal(400, COMMON_PASSWORD_MESSAGE);
      const { password: hasher } = await auth.$context;
      await repository.setPasswordAndEndSessions(userId, await hasher.hash(newPassword));
    },

    /**
     * Mails a single-use link (24 hours) to the new address and a notice to the current one. The
     * email stays as it is until the link is opened. Answers the sentence to show.
     */
    async requestEmailChange(input: {
      userId: string;
      ip: string;
      newEmail: string;
      currentPassword: string;
    }): Promise<string> {
      const row = await findUser(input.userId);
      // The password first: without it, nobody learns which emails are taken.
      await checkPassword(row.id, input.currentPassword);
      const newEmail = normalizeEmail(input.newEmail);
      if (newEmail === row.email) throw new Refusal(400, SAME_EMAIL_MESSAGE);
      if ((await users.findByEmail(newEmail)) !== null) {
        throw new Refusal(409, EMAIL_UNAVAILABLE);
      }
      const allowed =
        (await rateLimiter.consume(rateLimitRules.mailIp, input.ip)) &&
        (await rateLimiter.consume(rateLimitRules.mailAccount, accountKey(newEmail)));
      if (!allowed) throw new Refusal(429, TOO_MANY_REQUESTS);

      const code = randomBytes(32).toString('base64url');
      await repository.replaceEmailChangeCode({
        id: randomUUID(),
        identifier: `${EMAIL_CHANGE_PREFIX}${hashCode(code)}`,
        prefix: EMAIL_CHANGE_PREFIX,
        userId: row.id,
        newEmail,
        expiresAt: new Date(now().getTime() + CONFIRMATION_CODE_SECONDS * 1000),
      });
      const link = `${config.publicUrl}/verify-email?oobCode=${code}&next=%2Faccount-settings`;
      await mailer.send({
        to: newEmail,
        subject: `Confirm your new email for ${productName}`,
        body: [
          {
            kind: 'paragraph',
            text: `Someone asked to use this address for their ${productName} account. The link works once, for 24 hours.`,
          },
          { kind: 'action', label: 'Confirm this email', url: link },
          { kind: 'paragraph', text: 'If it was not you, ignore this mail: nothing changes.' },
        ],
      });
      await mailer.send({
        to: row.email,
        subject: `A change of your ${productName} email was asked for`,
        body: [
          {
            kind: 'paragraph',
            text: `Someone signed in to your ${productName} account asked to change its email. It changes only once the link we sent to the new address is opened.`,
          },
          {
            kind: 'paragraph',
            text: `If it was not you, change your password now and tell us at ${config.brand.supportEmail}.`,
          },
          {
            kind: 'link',
            label: 'Change your password',
            url: `${config.publicUrl}/account-settings`,
          },
        ],
      });
      return emailChangeSentMessage(newEmail);
    },

    /** The person's live sessions, with the one that asked marked. */
    async listSessions(userId: string, currentSessionId: string): Promise<DeviceSession[]> {
      const at = now();
      const rows = await repository.listSessions(userId);
      return rows
        .filter((row) => isLive(row, at))
        .map((row) => ({
          id: row.id,
          device: describeDevice(row.userAgent),
          ipAddress: row.ipAddress === '' ? null : row.ipAddress,
          createdAt: row.createdAt.toISOString(),
          lastUsedAt: row.updatedAt.toISOString(),
          current: row.id === currentSessionId,
        }));
    },

    async endSession(userId: string, sessionId: string) {
      if (!(await repository.deleteSession(userId, sessionId))) {
        throw new Refusal(404, SESSION_NOT_FOUND);
      }
    },

    async endOtherSessions(userId: string, currentSessionId: string) {
      await repository.deleteOtherSessions(userId, currentSessionId);
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
