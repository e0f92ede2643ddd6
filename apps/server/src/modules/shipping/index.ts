/** What other modules may use of shipping (ADR 051): everything else here is its own. */
export type { LabAddress, ShippingProvider } from './provider.ts';
export { configuredShippingProvider, labReturnAddress } from './providers.ts';
export { createShippingRepository } from './repository.ts';
export type { ReturnShipmentRow, ShippingRepository } from './repository.ts';
