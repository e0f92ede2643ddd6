import { randomUUID } from 'node:crypto';
import {
  ALREADY_ON_ACCOUNT,
  INVITATION_CANCELED,
  INVITATION_DAYS,
  INVITATION_MAX_SENDS,
  INVITATION_NOT_FOUND,
  invitationReplaced,
  INVITATION_SEND_LIMIT,
  INVITATION_USED,
  INVITE_YOURSELF,
  NO_OPEN_INVITATION,
  PARTNER_ALREADY_JOINED,
  PROFILE_NEEDS_SEX,
  SLOT_TAKEN,
  TOO_MANY_INVITATIONS,
  invitationExpired,
  maskEmail,
  placeDoesNotFit,
  roleFromSex,
  tooManyCouplePlaces,
  wrongInvitee,
  type AcceptAnswer,
  type InvitationState,
  type InvitationView,
  type InviteRequest,
  type PartnerAccount,
  type PartnerRole,
  type PartnerSlot,
  type PendingInvitations,
  type SharedReportsAnswer,
} from '@nestling/shared/contract/partner';
import { ACCOUNT_NOT_FOUND } from '@nestling/shared/contract/orders';
import { testTypeSchema } from '@nestling/shared/contract/report';
import type { MailMessage } from '../mail/index.ts';
import { recordAccountStep, recordPersonalStep } from '../onboarding/index.ts';
import type { RateLimiter, RateLimitRule } from '../rate-limit/index.ts';
import { insertCoupleIndividualOrder } from '../orders/index.ts';
import type { ReportsRepository } from '../reports/index.ts';
import type { TermsStatus } from '../terms/index.ts';
import { normalizeEmail } from '@nestling/shared/contract/fields';
import {
  hashInvitationToken,
  invitationMail,
  newInvitationToken,
  partnerJoinedMail,
} from './mail.ts';
import {
  insertInvitation,
  type CoupleAccountRow,
  type InvitationRow,
  type PartnerRepository,
  type Transaction,
} from './repository.ts';
import { Refusal } from '../../lib/refusal.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/** Invitation mails (first ones and resends) one person may send for one account per hour. */
export const invitationMailRule: RateLimitRule = {
  bucket: 'partner-invitation:account',
  limit: 3,
  windowMs: HOUR_MS,
};
/** Looks of invitation links from one address: a guesser is stopped (tokens are 256 bits). */
export const invitationLookupRule: RateLimitRule = {
  bucket: 'partner-invitation-lookup:ip',
  limit: 60,
  windowMs: 15 * 60 * 1000,
};

/** The invitation's id is a UUID; anything else in the link is a token. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The invitation a couple purchase makes, inside the fulfill transaction; the caller mails the
 * token after the commit.
 */
export async function insertNewInvitation(
  tx: Transaction,
  invitation: { coupleAccountId: string; invitedBy: string; email: string; role: PartnerRole },
  at: Date = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const { token, tokenHash } = newInvitationToken();
  const expiresAt = new Date(at.getTime() + INVITATION_DAYS * DAY_MS);
  await insertInvitation(tx, {
    id: randomUUID(),
    ...invitation,
    email: normalizeEmail(invitation.email),
    tokenHash,
    lastSentAt: at,
    expiresAt,
  });
  return { token, expiresAt };
}

export function invitationStateOf(row: InvitationRow, now: Date): InvitationState {
  if (row.acceptedAt !== null) return 'used';
  if (row.canceledAt !== null) return 'canceled';
  if (row.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'open';
}

function otherRole(role: PartnerRole): PartnerRole {
  return role === 'mother' ? 'father' : 'mother';
}

function roleOf(account: CoupleAccountRow, userId: string): PartnerRole | null {
  if (account.mother === userId) return 'mother';
  if (account.father === userId) return 'father';
  return null;
}

function displayName(person: { firstName: string | null; email: string }): string {
  return person.firstName?.trim() ? person.firstName.trim() : person.email;
}

/** Who a person is, for the rules: their id and (for acceptance) their email. */
export interface Person {
  id: string;
  email: string;
}

export function createPartnerService(deps: {
  repository: PartnerRepository;
  reports: Pick<ReportsRepository, 'latestSummaries'>;
  termsStatus: (userId: string) => Promise<TermsStatus>;
  rateLimiter: RateLimiter;
  /** Sends after the answer; failures are logged without the message. */
  queueMail: (message: MailMessage) => Promise<void>;
  config: Parameters<typeof invitationMail>[0];
  /** Couple tests one person may hold a place on at a time (COUPLE_PLACES_PER_PERSON). */
  couplePlacesPerPerson: number;
  now?: () => Date;
}) {
  const { repository } = deps;
  const now = deps.now ?? (() => new Date());

  /** The invitation a link or the banner names; null when there is none the person may see. */
  async function resolve(key: string, person: Person | null): Promise<InvitationRow | null> {
    if (UUID.test(key)) {
      // By id only for the invited person, signed in: the id is not a secret.
      if (person === null) return null;
      const row = await repository.findById(key);
      return row?.email === normalizeEmail(person.email) ? row : null;
    }
    return repository.findByTokenHash(hashInvitationToken(key));
  }

  /**
   * Refuses a link that does not open an invitation: one a resend replaced says so, naming who
   * sent it; anything else is not valid.
   */
  async function notFound(key: string): Promise<never> {
    const replaced = UUID.test(key)
      ? null
      : await repository.findByReplacedTokenHash(hashInvitationToken(key));
    if (replaced !== null && replaced.acceptedAt === null && replaced.canceledAt === null) {
      throw new Refusal(410, invitationReplaced(displayName(await inviterOf(replaced))));
    }
    throw new Refusal(404, INVITATION_NOT_FOUND);
  }

  async function inviterOf(row: InvitationRow) {
    const inviter = await repository.findUser(row.invitedBy);
    return inviter ?? { id: row.invitedBy, email: '', firstName: null, lastName: null };
  }

  /** The account of one of its partners; 404 for anyone else, as for an unknown one. */
  async function accountOf(userId: string, accountId: string) {
    const account = await repository.findAccount(accountId);
    const role = account === null ? null : roleOf(account, userId);
    if (account === null || role === null) throw new Refusal(404, ACCOUNT_NOT_FOUND);
    return { account, role };
  }

  async function mailInvitation(
    row: { email: string; invitedBy: string; sendCount?: number },
    token: string,
    expiresAt: Date,
  ) {
    const inviter = await repository.findUser(row.invitedBy);
    await deps.queueMail(
      invitationMail(deps.config, {
        to: row.email,
        token,
        inviterName: inviter === null ? 'Your partner' : displayName(inviter),
        expiresAt,
        resent: (row.sendCount ?? 1) > 1,
      }),
    );
  }

  async function countMail(userId: string, accountId: string) {
    if (!(await deps.rateLimiter.consume(invitationMailRule, `${userId}:${accountId}`))) {
      throw new Refusal(429, TOO_MANY_INVITATIONS);
    }
  }

  function slotOf(
    account: CoupleAccountRow,
    role: PartnerRole,
    partner: { firstName: string | null; lastName: string | null; email: string } | null,
    open: InvitationRow | null,
  ): PartnerSlot {
    const partnerId = role === 'mother' ? account.father : account.mother;
    if (partnerId !== null && partner !== null) {
      return {
        state: 'joined',
        firstName: partner.firstName,
        lastName: partner.lastName,
        email: partner.email,
      };
    }
    if (open !== null) {
      return {
        state: 'invited',
        invitationId: open.id,
        email: open.email,
        sentAt: open.lastSentAt.toISOString(),
        expiresAt: open.expiresAt.toISOString(),
        expired: open.expiresAt.getTime() <= now().getTime(),
        sendCount: open.sendCount,
      };
    }
    return { state: 'none' };
  }

  return {
    /** GET /invitations/{key}: the link's state and who sent it; the invitee's address masked. */
    async view(key: string, person: Person | null): Promise<InvitationView> {
      const row = await resolve(key, person);
      if (row === null) return notFound(key);
      const inviter = await inviterOf(row);
      return {
        state: invitationStateOf(row, now()),
        role: row.role as PartnerRole,
        inviterEmail: inviter.email,
        inviterFirstName: inviter.firstName,
        invitedEmail: maskEmail(row.email),
        expiresAt: row.expiresAt.toISOString(),
      };
    },

    /**
     * POST /invitations/{key}/accept: in one transaction the slot is filled, the pending flag
     * cleared, the invitation used (once), and the steps recorded.
     */
    async accept(key: string, person: Person): Promise<AcceptAnswer & { inviterId: string }> {
      const row = await resolve(key, person);
      if (row === null) return notFound(key);
      const inviter = await inviterOf(row);
      const inviterName = displayName(inviter);
      const at = now();
      const state = invitationStateOf(row, at);
      if (state === 'used') throw new Refusal(409, INVITATION_USED);
      if (state === 'canceled') throw new Refusal(410, INVITATION_CANCELED);
      if (state === 'expired') throw new Refusal(410, invitationExpired(inviterName));
      if (row.email !== normalizeEmail(person.email)) {
        throw new Refusal(403, wrongInvitee(maskEmail(row.email), inviterName));
      }
      const role = row.role as PartnerRole;
      const account = await repository.findAccount(row.coupleAccountId);
      if (account === null) throw new Refusal(404, INVITATION_NOT_FOUND);
      if (roleOf(account, person.id) !== null) throw new Refusal(409, ALREADY_ON_ACCOUNT);
      const joining = await repository.findUser(person.id);
      // The test reads the mother's and the father's DNA as such (ADR 039).
      const fits = roleFromSex(joining?.sex ?? null);
      if (fits === null) throw new Refusal(409, PROFILE_NEEDS_SEX);
      if (fits !== role) throw new Refusal(409, placeDoesNotFit(role, inviterName));

      const survey = joining?.healthSurveyStatus === 'done';
      const terms = await deps.termsStatus(person.id);
      const limit = deps.couplePlacesPerPerson;
      await repository.transaction(async (tx) => {
        // Places the person takes at once are counted one after the other.
        await repository.lockPerson(tx, person.id);
        if ((await repository.couplePlacesHeld(tx, person.id)) >= limit) {
          throw new Refusal(409, tooManyCouplePlaces(limit));
        }
        if (!(await repository.markAccepted(tx, row.id, person.id, at))) {
          throw new Refusal(409, INVITATION_USED);
        }
        if (!(await repository.fillSlot(tx, row.coupleAccountId, role, person.id))) {
          throw new Refusal(409, SLOT_TAKEN);
        }
        // Their own part of the test: the individual order of their kit.
        const kitId = role === 'mother' ? account.motherOrder : account.fatherOrder;
        if (kitId !== null) {
          await insertCoupleIndividualOrder(tx, account, { userId: person.id, kitId });
        }
        await recordAccountStep(tx, row.coupleAccountId, 'PARTNER_JOINED');
        // Steps the person finished before joining count on this account too.
        if (survey) await recordPersonalStep(tx, person.id, 'HEALTH_SURVEY');
        if (terms.tosAccepted && terms.hipaaAccepted) {
          await recordPersonalStep(tx, person.id, 'TERMS');
        }
      });

      const joined = await repository.findUser(person.id);
      if (inviter.email !== '') {
        await deps.queueMail(
          partnerJoinedMail(deps.config, {
            to: inviter.email,
            partnerName: joined === null ? person.email : displayName(joined),
          }),
        );
      }
      return { coupleAccountId: row.coupleAccountId, role, inviterId: row.invitedBy };
    },

    /** GET /invitations/pending: the invite banner's invitations. */
    async pending(person: Person): Promise<PendingInvitations> {
      const rows = await repository.pendingFor(normalizeEmail(person.email), now());
      return {
        invitations: rows.map((row) => ({
          id: row.id,
          inviterEmail: row.inviterEmail,
          role: row.role as PartnerRole,
          expiresAt: row.expiresAt.toISOString(),
        })),
      };
    },

    /** GET /partner: each couple account of the person, with the partner's place and sharing. */
    async overview(userId: string): Promise<PartnerAccount[]> {
      const accounts = await repository.accountsOf(userId);
      const answer: PartnerAccount[] = [];
      for (const account of accounts) {
        const role = roleOf(account, userId);
        if (role === null) continue;
        const partnerId = role === 'mother' ? account.father : account.mother;
        const partner = partnerId === null ? null : await repository.findUser(partnerId);
        const open = partnerId === null ? await repository.openInvitationOf(account.id) : null;
        answer.push({
          id: account.id,
          role,
          testType: account.testType,
          partner: slotOf(account, role, partner, open),
          sharesIndividual:
            role === 'mother' ? account.motherSharesIndividual : account.fatherSharesIndividual,
          partnerSharesIndividual:
            role === 'mother' ? account.fatherSharesIndividual : account.motherSharesIndividual,
        });
      }
      return answer;
    },

    /**
     * POST /partner/{accountId}/invitation: invites the partner, or another address instead (the
     * open invitation is canceled and the account's address for the role changes).
     */
    async invite(inviter: Person, accountId: string, request: InviteRequest) {
      const { account, role } = await accountOf(inviter.id, accountId);
      const partnerRole = otherRole(role);
      if ((partnerRole === 'mother' ? account.mother : account.father) !== null) {
        throw new Refusal(409, PARTNER_ALREADY_JOINED);
      }
      const email = normalizeEmail(request.email);
      if (email === normalizeEmail(inviter.email)) throw new Refusal(400, INVITE_YOURSELF);
      await countMail(inviter.id, accountId);
      const at = now();
      const { token, expiresAt } = await repository.transaction(async (tx) => {
        await repository.cancelOpen(accountId, at, tx);
        await repository.setInvited(accountId, partnerRole, email, tx);
        return insertNewInvitation(
          tx,
          { coupleAccountId: accountId, invitedBy: inviter.id, email, role: partnerRole },
          at,
        );
      });
      await mailInvitation({ email, invitedBy: inviter.id }, token, expiresAt);
    },

    /** POST /partner/{accountId}/invitation/resend: a new link (the old one dies), 14 more days. */
    async resend(person: Person, accountId: string) {
      await accountOf(person.id, accountId);
      const open = await repository.openInvitationOf(accountId);
      if (open === null) throw new Refusal(409, NO_OPEN_INVITATION);
      if (open.sendCount >= INVITATION_MAX_SENDS) throw new Refusal(429, INVITATION_SEND_LIMIT);
      await countMail(person.id, accountId);
      const { token, tokenHash } = newInvitationToken();
      const at = now();
      const expiresAt = new Date(at.getTime() + INVITATION_DAYS * DAY_MS);
      const updated = await repository.resend(open.id, { tokenHash, lastSentAt: at, expiresAt });
      if (updated === null) throw new Refusal(409, NO_OPEN_INVITATION);
      await mailInvitation(updated, token, expiresAt);
    },

    /** POST /partner/{accountId}/invitation/cancel: the link then says it was canceled. */
    async cancel(person: Person, accountId: string) {
      await accountOf(person.id, accountId);
      if ((await repository.cancelOpen(accountId, now())) === 0) {
        throw new Refusal(409, NO_OPEN_INVITATION);
      }
    },

    /** PUT /partner/{accountId}/sharing: the person's own choice only. */
    async setSharing(userId: string, accountId: string, shares: boolean) {
      const { role } = await accountOf(userId, accountId);
      await repository.setSharing(accountId, role, shares);
    },

    /** Whether the owner of an individual report lets this reader see it. */
    sharesIndividualWith: (ownerId: string, readerId: string) =>
      repository.sharesIndividualWith(ownerId, readerId),

    /** GET /partner/individual-reports: what partners share with the person, now. */
    async sharedReports(userId: string): Promise<SharedReportsAnswer> {
      const shared: SharedReportsAnswer['shared'] = [];
      for (const account of await repository.accountsOf(userId)) {
        const role = roleOf(account, userId);
        if (role === null) continue;
        const partnerId = role === 'mother' ? account.father : account.mother;
        const partnerShares =
          role === 'mother' ? account.fatherSharesIndividual : account.motherSharesIndividual;
        if (partnerId === null || !partnerShares) continue;
        const partner = await repository.findUser(partnerId);
        if (partner === null) continue;
        const orders = await repository.individualOrdersOf(partnerId);
        const summaries = await deps.reports.latestSummaries({
          individualOrderIds: orders.map((order) => order.id),
        });
        shared.push({
          coupleAccountId: account.id,
          partner: {
            firstName: partner.firstName,
            lastName: partner.lastName,
            email: partner.email,
          },
          orders: summaries
            .filter((row) => row.kind === 'individual' && row.individualOrderId !== null)
            .map((row) => ({
              orderId: row.individualOrderId ?? '',
              report: {
                id: row.id,
                kind: row.kind,
                labReportId: row.labReportId,
                version: row.version,
                signedOffOn: row.signedOffOn,
                testType: testTypeSchema.parse(row.testType),
              },
            })),
        });
      }
      return { shared };
    },
  };
}

export type PartnerService = ReturnType<typeof createPartnerService>;
