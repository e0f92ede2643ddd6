/** What other modules may use of partner (ADR 051): everything else here is its own. */
export { invitationMail } from './mail.ts';
export { createPartnerRepository } from './repository.ts';
export { insertNewInvitation } from './service.ts';
