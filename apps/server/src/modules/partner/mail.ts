import { createHash, randomBytes } from 'node:crypto';
import { usDateFromDate } from '@nestling/shared/report-wording';
import type { Config } from '../../config.ts';
import type { MailMessage } from '../mail/index.ts';

type MailConfig = Pick<Config, 'publicUrl' | 'brand'>;

/** A link's token: 32 random bytes, base64url. Only its hash is stored. */
export function newInvitationToken(): { token: string; tokenHash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashInvitationToken(token) };
}

/** SHA-256, hex. */
export function hashInvitationToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The emailed link. All our preconception kits are saliva kits, so the saliva route. */
export function invitationUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/saliva/invite/accept/${encodeURIComponent(token)}`;
}

export function invitationMail(
  config: MailConfig,
  invitation: {
    to: string;
    token: string;
    inviterName: string;
    expiresAt: Date;
    /** Sent again: the links in earlier mails stop working. */
    resent?: boolean;
  },
): MailMessage {
  const { brand, publicUrl } = config;
  return {
    to: invitation.to,
    subject: `${invitation.inviterName} invited you to join their ${brand.productName} preconception report`,
    body: [
      {
        kind: 'paragraph',
        text: `${invitation.inviterName} invited you to be the partner on their preconception report.`,
      },
      {
        kind: 'paragraph',
        text: 'To accept, open this link and sign in or create an account with this email address.',
      },
      {
        kind: 'action',
        label: 'Accept the invitation',
        url: invitationUrl(publicUrl, invitation.token),
      },
      {
        kind: 'paragraph',
        text: `The link works once, until ${usDateFromDate(invitation.expiresAt)}. If it has expired, ask ${invitation.inviterName} to send a new one from their Partner page.`,
      },
      ...(invitation.resent === true
        ? [
            {
              kind: 'paragraph' as const,
              text: 'This email replaces any earlier invitation: the links in earlier invitation emails no longer work.',
            },
          ]
        : []),
      { kind: 'paragraph', text: 'If you were not expecting this, you can ignore this email.' },
    ],
  };
}

export function partnerJoinedMail(
  config: MailConfig,
  joined: { to: string; partnerName: string },
): MailMessage {
  const { publicUrl } = config;
  return {
    to: joined.to,
    subject: `${joined.partnerName} joined your preconception report`,
    body: [
      {
        kind: 'paragraph',
        text: `${joined.partnerName} accepted your invitation and is now your partner on your preconception report.`,
      },
      {
        kind: 'action',
        label: 'See your partner and choose what you share',
        url: `${publicUrl}/partner`,
      },
    ],
  };
}
