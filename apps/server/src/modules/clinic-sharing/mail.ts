import type { Config } from '../../config.ts';
import type { MailMessage } from '../mail/index.ts';

/**
 * The mail that gives a clinic its link to the reports a patient shares with it (ADR 026). Mail
 * is not a safe place for health data: it names neither the patient nor any result, only the
 * link, which works until `expiresAt` or until the patient stops sharing.
 */
export function clinicShareMail(
  config: Pick<Config, 'publicUrl' | 'brand'>,
  facts: { to: string; clinicName: string; token: string; expiresAt: Date },
): MailMessage {
  const { brand, publicUrl } = config;
  const until = new Intl.DateTimeFormat('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(facts.expiresAt);
  const link = `${publicUrl}/clinic-share/${facts.token}`;
  return {
    to: facts.to,
    subject: `A patient has shared their ${brand.productName} reports with ${facts.clinicName}`,
    body: [
      { kind: 'paragraph', text: `Hello ${facts.clinicName},` },
      {
        kind: 'paragraph',
        text: `A patient has chosen to share their reports from ${brand.companyName} with you. For their privacy, this mail holds no names and no results.`,
      },
      {
        kind: 'paragraph',
        text: `The link works until ${until}, or until the patient stops sharing.`,
      },
      { kind: 'action', label: 'Open the reports', url: link },
      {
        kind: 'paragraph',
        text: 'Anyone with the link can open the reports: keep it within your clinic. If you did not expect this mail, you can ignore it.',
      },
    ],
  };
}
