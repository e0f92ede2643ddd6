import * as z from 'zod/mini';
import { checkoutPartnerSchema } from './purchase.ts';
import { reportSummarySchema } from './report-view.ts';
import { asUserSchema } from './view-as.ts';

/*
 * Partner invitations and per-partner sharing (ADR 015). The emailed link carries a random token
 * (`/saliva/invite/accept/{token}`); the invite banner links with the invitation's id instead,
 * which only the invited person, signed in, can use.
 */

/** Days an invitation link stays valid. */
export const INVITATION_DAYS = 14;
/** Mails of one invitation (the first and every resend); then a new invitation is needed. */
export const INVITATION_MAX_SENDS = 10;

export const partnerRoleSchema = z.enum(['mother', 'father']);
export type PartnerRole = z.infer<typeof partnerRoleSchema>;

/** Male/M is the father, Female/F the mother (spec section 3); null for anything else. */
export function roleFromSex(sex: string | null): PartnerRole | null {
  const text = sex?.trim().toLowerCase();
  if (text === 'male' || text === 'm') return 'father';
  if (text === 'female' || text === 'f') return 'mother';
  return null;
}

export const invitationStateSchema = z.enum(['open', 'expired', 'used', 'canceled']);
export type InvitationState = z.infer<typeof invitationStateSchema>;

/** `{key}`: the link's token, or (for the banner, signed in) the invitation's id. */
export const invitationParamsSchema = z.object({
  key: z.string().check(z.minLength(1), z.maxLength(200)),
});

/** GET /invitations/{key}: what the link is, for anyone holding it; never the invitee's data. */
export const invitationViewSchema = z.object({
  state: invitationStateSchema,
  /** The role the invited person takes on the account. */
  role: partnerRoleSchema,
  inviterEmail: z.string(),
  inviterFirstName: z.nullable(z.string()),
  /** The invited address, masked: 'j•••@example.com'. */
  invitedEmail: z.string(),
  /** ISO 8601. */
  expiresAt: z.string(),
});
export type InvitationView = z.infer<typeof invitationViewSchema>;

/** POST /invitations/{key}/accept. */
export const acceptAnswerSchema = z.object({
  coupleAccountId: z.string(),
  role: partnerRoleSchema,
});
export type AcceptAnswer = z.infer<typeof acceptAnswerSchema>;

/** GET /invitations/pending: open invitations to the signed-in person (the invite banner). */
export const pendingInvitationsSchema = z.object({
  invitations: z.array(
    z.object({
      /** The invitation's id: the banner's link /saliva/invite/accept/{id}. */
      id: z.string(),
      inviterEmail: z.string(),
      role: partnerRoleSchema,
      expiresAt: z.string(),
    }),
  ),
});
export type PendingInvitations = z.infer<typeof pendingInvitationsSchema>;

export const partnerQuerySchema = z.object({ asUser: z.optional(asUserSchema) });
export const partnerAccountParamsSchema = z.object({
  accountId: z.string().check(z.minLength(1), z.maxLength(200)),
});

/** The other partner's place on an account: joined, invited, or nobody yet. */
export const partnerSlotSchema = z.discriminatedUnion('state', [
  z.object({
    state: z.literal('joined'),
    firstName: z.nullable(z.string()),
    lastName: z.nullable(z.string()),
    email: z.string(),
  }),
  z.object({
    state: z.literal('invited'),
    invitationId: z.string(),
    email: z.string(),
    /** ISO 8601: the last mail, and when its link stops working. */
    sentAt: z.string(),
    expiresAt: z.string(),
    expired: z.boolean(),
    sendCount: z.number(),
  }),
  z.object({ state: z.literal('none') }),
]);
export type PartnerSlot = z.infer<typeof partnerSlotSchema>;

/** One couple account as GET /partner shows it to one of its partners. */
export const partnerAccountSchema = z.object({
  id: z.string(),
  /** The person's own role on it. */
  role: partnerRoleSchema,
  testType: z.string(),
  partner: partnerSlotSchema,
  /** Whether the person lets the partner see their individual results. */
  sharesIndividual: z.boolean(),
  /** Whether the partner lets the person see theirs. */
  partnerSharesIndividual: z.boolean(),
});
export type PartnerAccount = z.infer<typeof partnerAccountSchema>;

export const partnerAnswerSchema = z.object({ accounts: z.array(partnerAccountSchema) });
export type PartnerAnswer = z.infer<typeof partnerAnswerSchema>;

/** POST /partner/{accountId}/invitation: invite (or invite another address instead). */
export const inviteRequestSchema = checkoutPartnerSchema;
export type InviteRequest = z.infer<typeof inviteRequestSchema>;

/** PUT /partner/{accountId}/sharing. */
export const sharingRequestSchema = z.object({ sharesIndividual: z.boolean() });
export type SharingRequest = z.infer<typeof sharingRequestSchema>;

/** GET /partner/individual-reports: the partners' individual results shared with the person. */
export const sharedReportsAnswerSchema = z.object({
  shared: z.array(
    z.object({
      coupleAccountId: z.string(),
      partner: z.object({
        firstName: z.nullable(z.string()),
        lastName: z.nullable(z.string()),
        email: z.string(),
      }),
      /** The partner's individual orders that have a report; the id opens /individual_reports. */
      orders: z.array(z.object({ orderId: z.string(), report: reportSummarySchema })),
    }),
  ),
});
export type SharedReportsAnswer = z.infer<typeof sharedReportsAnswerSchema>;

export const INVITATION_NOT_FOUND =
  'This invitation link is not valid. Check that you copied the whole link.';
export const INVITATION_CANCELED =
  'This invitation was canceled. Ask your partner to invite you again from their Partner page.';
export const INVITATION_USED =
  'This invitation has already been accepted. Sign in to see your reports.';
export const INVITE_YOURSELF = "Your partner's email must be different from yours";
export const ALREADY_ON_ACCOUNT = 'You are already on this account.';
export const PARTNER_ALREADY_JOINED = 'Your partner has already joined this account.';
export const SLOT_TAKEN = 'Someone else has already joined this account as the partner.';
export const NO_OPEN_INVITATION = 'There is no open invitation to resend or cancel.';
export const TOO_MANY_INVITATIONS =
  'Too many invitation emails. Please wait an hour and try again.';
export const INVITATION_SEND_LIMIT = `This invitation was sent ${String(INVITATION_MAX_SENDS)} times. Cancel it and invite your partner again.`;

/** Who to ask when a link no longer works. */
function askInviter(inviter: string): string {
  return `Ask ${inviter} to send a new one from their Partner page.`;
}

/** An earlier link of an invitation that was sent again: the newest mail holds the one that works. */
export function invitationReplaced(inviter: string): string {
  return `A newer invitation from ${inviter} replaced this link. Open the most recent invitation email, or ask ${inviter} to send it again from their Partner page.`;
}

export function invitationExpired(inviter: string): string {
  return `This invitation has expired. ${askInviter(inviter)}`;
}

/**
 * The place an invitation is for does not fit the sex on the person's profile: the couple test
 * reads the mother's and the father's DNA as such, so the place cannot be swapped.
 */
export function placeDoesNotFit(role: PartnerRole, inviter: string): string {
  const place = role === 'mother' ? "the mother's place (female)" : "the father's place (male)";
  return `This invitation is for ${place} on ${inviter}'s couple test, which does not match the sex on your profile. Ask ${inviter} to contact our support team, who can set up the test for the two of you.`;
}

export const PROFILE_NEEDS_SEX =
  'Add your sex to your profile in Account settings first: the couple test reads each partner by it.';

/** The person already holds as many places on couple tests as the lab allows. */
export function tooManyCouplePlaces(limit: number): string {
  return limit === 1
    ? 'You are already on a couple test, and one person can be on one couple test at a time. Contact our support team if you need another.'
    : `You are already on ${String(limit)} couple tests, the most one person can be on at a time. Contact our support team if you need another.`;
}

export function wrongInvitee(maskedEmail: string, inviter: string): string {
  return `This invitation was sent to ${maskedEmail}. Sign in with that address, or ask ${inviter} to invite the address you use.`;
}

/** 'jane@example.com' → 'j•••@example.com'. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '•••';
  return `${email.slice(0, 1)}•••${email.slice(at)}`;
}
