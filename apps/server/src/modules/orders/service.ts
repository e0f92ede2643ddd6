import {
  ACTIVATE_COUPLE_TOGETHER,
  ORDER_NOT_FOUND,
  type CoupleAccount,
  type IndividualOrder,
} from '@nestling/shared/contract/orders';
import type { CoupleAccountRow, IndividualOrderRow, OrdersRepository } from './repository.ts';
import { Refusal } from '../../lib/refusal.ts';

export function toCoupleAccount(row: CoupleAccountRow): CoupleAccount {
  return {
    id: row.id,
    mother: row.mother,
    father: row.father,
    motherEmail: row.motherEmail,
    fatherEmail: row.fatherEmail,
    motherOrder: row.motherOrder,
    fatherOrder: row.fatherOrder,
    pendingFatherAccept: row.pendingFatherAccept,
    pendingMotherAccept: row.pendingMotherAccept,
    purchaseDate: row.purchaseDate,
    testType: row.testType,
    donePilotOnboardingSteps: row.donePilotOnboardingSteps,
  };
}

export function toIndividualOrder(row: IndividualOrderRow): IndividualOrder {
  return {
    id: row.id,
    purchaseId: row.purchaseId,
    purchaseDate: row.purchaseDate,
    testType: row.testType,
    activatedAt: row.activatedAt === null ? null : Math.floor(row.activatedAt.getTime() / 1000),
  };
}

/** Individual orders: activation (spec section 4). */
export function createOrdersService(
  repository: OrdersRepository,
  now: () => Date = () => new Date(),
  /** Throws (409) while the person has not done the survey or accepted the terms. */
  requireReady: (userId: string) => Promise<void> = () => Promise.resolve(),
  /** Throws (409) while the order's kit has not shipped. */
  requireShipped: (orderId: string) => Promise<void> = () => Promise.resolve(),
) {
  return {
    /**
     * Activates the user's own order once their survey is done and the terms accepted;
     * activating again keeps the first time. Anyone else's order, like an unknown one, is 404:
     * its existence is not theirs to learn.
     */
    async activate(userId: string, orderId: string): Promise<IndividualOrder> {
      const order = await repository.findIndividualOrder(orderId);
      if (order?.userId !== userId) throw new Refusal(404, ORDER_NOT_FOUND);
      // Activating again is harmless, even after a newer version of the terms.
      if (order.activatedAt !== null) return toIndividualOrder(order);
      // A couple's kits are activated together (spec section 4), with both tubes' ids.
      if (order.coupleAccountId !== null) throw new Refusal(409, ACTIVATE_COUPLE_TOGETHER);
      await requireReady(userId);
      // Last, since the survey and the terms can be done while the kit is on its way.
      await requireShipped(orderId);
      const activated = await repository.activateIndividualOrder(orderId, now());
      if (activated === null) throw new Refusal(404, ORDER_NOT_FOUND);
      return toIndividualOrder(activated);
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
