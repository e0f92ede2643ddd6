/** What other features may use of partner (ADR 051): everything else here is its own. */
export { usePendingInvitations, useSharedReports } from './use-partner.ts';
