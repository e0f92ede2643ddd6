import { testRecordsKeptText } from '@nestling/shared/contract/data-rights';
import { formatUsDate } from '@nestling/shared/products';
import type { Config } from '../../config.ts';
import type { MailMessage } from '../mail/index.ts';

/**
 * The mail that confirms an account is set to be deleted, and how to keep it: the person hears
 * of it even if they did not ask (someone else signed in to their account), in time to undo it.
 */
export function deletionScheduledMail(
  config: Pick<Config, 'publicUrl' | 'brand' | 'lab'>,
  to: string,
  dueAt: Date,
): MailMessage {
  const product = config.brand.productName;
  const day = formatUsDate(Math.floor(dueAt.getTime() / 1000));
  return {
    to,
    subject: `Your ${product} account will be deleted on ${day}`,
    body: [
      {
        kind: 'paragraph',
        text: `Your ${product} account is set to be deleted on ${day}, with your reports, documents, surveys and other data, as you asked. Until then you can keep it.`,
      },
      { kind: 'paragraph', text: testRecordsKeptText(config.lab.testRecordRetentionYears) },
      {
        kind: 'action',
        label: 'Keep my account',
        url: `${config.publicUrl}/account-settings`,
      },
      {
        kind: 'paragraph',
        text: 'If you did not ask for this, keep your account and change your password at once.',
      },
    ],
  };
}
