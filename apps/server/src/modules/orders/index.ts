/** What other modules may use of orders (ADR 051): everything else here is its own. */
export {
  createOrdersRepository,
  insertCoupleIndividualOrder,
  markKitActivated,
} from './repository.ts';
export type {
  CoupleAccountRow,
  IndividualOrderRow,
  OrdersRepository,
  PartnerRow,
} from './repository.ts';
export { createOrdersService, toCoupleAccount, toIndividualOrder } from './service.ts';
