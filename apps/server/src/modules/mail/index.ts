/** What other modules may use of mail (ADR 051): everything else here is its own. */
export type { MailBlock } from './layout.tsx';
export type { MailMessage, Mailer } from './mailer.ts';
export { verifyMailServer } from './transport.ts';
