/** What other features may use of delivery (ADR 051): everything else here is its own. */
export { useDeliveries } from './use-deliveries.ts';
