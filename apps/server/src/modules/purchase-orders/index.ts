/** What other modules may use of purchase orders (ADR 051): everything else here is its own. */
export { createPurchaseOrdersRepository } from './repository.ts';
export type { PurchaseOrdersRepository } from './repository.ts';
export { createPurchaseOrdersService, expectedReportDate, readableOrders } from './service.ts';
export type { PurchaseOrdersService } from './service.ts';
