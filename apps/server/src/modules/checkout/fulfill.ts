import type { FileStore } from '../storage/index.ts';
import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { KIT_ID_ALPHABET, kitCheckCharacter } from '@nestling/shared/contract/order-tracker';
import { productShape, type ProductCode } from '@nestling/shared/contract/purchase';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import type { Mailer } from '../mail/index.ts';
import { productName } from '../catalogue/index.ts';
import type { JobQueue } from '../jobs/index.ts';
import { insertNewInvitation, invitationMail } from '../partner/index.ts';
import { insertCoupleIndividualOrder } from '../orders/index.ts';
import { createCheckoutRepository } from './repository.ts';
import { roleFromSex } from '@nestling/shared/contract/partner';
import type { StoredRequest } from './stored-request.ts';

/** What making an order needs: the database, and for the receipt the files, mail and logs. */
export interface FulfillDeps {
  db: Database;
  config: Pick<Config, 'publicUrl' | 'brand'>;
  /** Where the receipt's PDF is kept (ADR 023). */
  fileStore: FileStore;
  mailer: Mailer;
  /** Where the receipt job is queued, in the order's own transaction (receipt.tsx). */
  jobs: Pick<JobQueue, 'enqueue' | 'wake'>;
  log: FastifyBaseLogger;
}

/** The job that stores a new order's receipt PDF and mails the receipt (receipt.tsx). */
export const RECEIPT_JOB_KIND = 'order-receipt';
export interface ReceiptJobPayload {
  orderId: string;
}

/** The deps from the app, for a route or a webhook. */
export function fulfillDepsOf(app: FastifyInstance): FulfillDeps {
  return {
    db: app.database.db,
    config: app.config,
    fileStore: app.fileStore,
    mailer: app.mailer,
    jobs: app.jobs,
    log: app.log,
  };
}

/** 'NK-' + 8 random characters + the check character, e.g. 'NK-7QX49HZ2K'. */
export function newKitId(): string {
  // 32 characters: a byte's low 5 bits pick one without bias.
  const body = [...randomBytes(8)]
    .map((byte) => KIT_ID_ALPHABET[byte % KIT_ID_ALPHABET.length] ?? '0')
    .join('');
  return `NK-${body}${kitCheckCharacter(body)}`;
}

/**
 * A payment was confirmed: the ONE way an order is made, whichever provider confirmed it. In
 * one transaction, the checkout is marked paid and, unless it already has one, its order is made
 * with the prices it was sold at, its kits, the tracker's first event, and the couple account or
 * individual order the rest of the portal reads. The checkout row is locked first, and the
 * order's checkout id is unique, so any number of confirmations at once make one order; the
 * others answer it with `created` false.
 *
 * A payment is made whatever the checkout's state (canceled or expired too): the money was
 * taken, so the order is owed. A refund the provider reported first (`checkout.refunded_at`)
 * makes the order refunded from the start.
 *
 * A new order's receipt job and mails are written in the same transaction (ADR 047).
 */
export async function fulfillCheckout(
  deps: FulfillDeps,
  checkoutId: string,
  payment: { cardLast4: string | null; providerPaymentId: string | null },
): Promise<{ orderId: string; created: boolean }> {
  const repository = createCheckoutRepository(deps.db);
  const result = await repository.transaction(async (tx) => {
    const row = await repository.lockCheckout(tx, checkoutId);
    if (row === null) throw new Error(`No checkout ${checkoutId}`);
    const existing = await repository.orderOfCheckout(tx, checkoutId);
    if (existing !== null) return { orderId: existing, created: false };

    // A later confirmation (a replayed webhook) with less to say keeps what the first one gave.
    await repository.markPaid(tx, checkoutId, {
      cardLast4: payment.cardLast4 ?? row.cardLast4,
      providerPaymentId: payment.providerPaymentId ?? row.providerPaymentId,
    });

    const code = row.productCode as ProductCode;
    const shape = productShape(code);
    const request = row.request as StoredRequest;
    const purchasedAt = new Date();
    const purchaseDate = Math.floor(purchasedAt.getTime() / 1000);
    const orderId = randomUUID();
    const inserted = await repository.insertOrder(tx, {
      id: orderId,
      checkoutId,
      userId: row.userId,
      productCode: code,
      productName: productName(code),
      status: row.refundedAt === null ? 'paid' : 'refunded',
      refundedAt: row.refundedAt,
      stage: 'ordered',
      currency: row.currency,
      priceCents: row.priceCents,
      discountCode: row.discountCode,
      discountCents: row.discountCents,
      totalCents: row.totalCents,
      cardLast4: payment.cardLast4 ?? row.cardLast4,
      provider: row.provider,
      providerPaymentId: payment.providerPaymentId ?? row.providerPaymentId,
      partner: request.partner,
      // The turnaround as sold; the catalogue's default if the product has since gone.
      turnaroundDays: (await repository.turnaroundDays(tx, code)) ?? 21,
      purchaseDate,
    });
    // The lock makes this unreachable, but the unique checkout id is the guarantee.
    if (inserted === null) {
      const order = await repository.orderOfCheckout(tx, checkoutId);
      if (order === null) throw new Error('The order of a paid checkout vanished');
      return { orderId: order, created: false };
    }

    await repository.insertOrderEvent(tx, {
      id: randomUUID(),
      orderId,
      stage: 'ordered',
      at: purchasedAt,
      source: 'system',
    });

    if (shape.kind === 'couple') {
      const buyer = await repository.buyerOf(tx, row.userId);
      const buyerRole = request.buyerRole ?? roleFromSex(buyer?.sex ?? null) ?? 'mother';
      const partnerRole = buyerRole === 'mother' ? 'father' : 'mother';
      const buyerKit = newKitId();
      const partnerKit = newKitId();
      const buyerAddress = request.shipping.buyer;
      const partnerAddress = request.shipping.partner ?? request.shipping.buyer;
      const partnerName =
        request.partner === null
          ? partnerAddress.name
          : `${request.partner.firstName} ${request.partner.lastName}`;
      await repository.insertKits(tx, [
        {
          id: buyerKit,
          orderId,
          role: buyerRole,
          recipient: buyerAddress.name,
          shippingAddress: buyerAddress,
        },
        {
          id: partnerKit,
          orderId,
          role: partnerRole,
          recipient: request.shipping.partner?.name ?? partnerName,
          shippingAddress: partnerAddress,
        },
      ]);
      const coupleAccountId = randomUUID();
      const kits = { [buyerRole]: buyerKit, [partnerRole]: partnerKit } as Record<
        'mother' | 'father',
        string
      >;
      const emails = {
        [buyerRole]: buyer?.email ?? null,
        [partnerRole]: request.partner?.email ?? null,
      } as Record<'mother' | 'father', string | null>;
      await repository.insertCoupleAccount(tx, {
        id: coupleAccountId,
        mother: buyerRole === 'mother' ? row.userId : null,
        father: buyerRole === 'father' ? row.userId : null,
        motherEmail: emails.mother,
        fatherEmail: emails.father,
        motherOrder: kits.mother,
        fatherOrder: kits.father,
        // The partner is invited to join (the invitation below).
        pendingMotherAccept: partnerRole === 'mother',
        pendingFatherAccept: partnerRole === 'father',
        purchaseDate,
        testType: shape.testType,
        donePilotOnboardingSteps: ['PURCHASED'],
      });
      await repository.linkOrder(tx, orderId, { coupleAccountId });
      // The buyer's own part of the test; the partner's comes with their place (partner module).
      await insertCoupleIndividualOrder(
        tx,
        { id: coupleAccountId, purchaseDate, testType: shape.testType },
        { userId: row.userId, kitId: buyerKit },
      );
      const partnerEmail = emails[partnerRole];
      if (partnerEmail !== null && partnerEmail.toLowerCase() !== buyer?.email.toLowerCase()) {
        const made = await insertNewInvitation(
          tx,
          { coupleAccountId, invitedBy: row.userId, email: partnerEmail, role: partnerRole },
          purchasedAt,
        );
        await deps.mailer.send(
          invitationMail(deps.config, {
            to: partnerEmail,
            ...made,
            inviterName: buyer?.firstName?.trim() || (buyer?.email ?? 'Your partner'),
          }),
          { db: tx },
        );
      }
    } else {
      const kitId = newKitId();
      await repository.insertKits(tx, [
        {
          id: kitId,
          orderId,
          role: 'self',
          recipient: request.shipping.buyer.name,
          shippingAddress: request.shipping.buyer,
        },
      ]);
      const individualOrderId = randomUUID();
      await repository.insertIndividualOrder(tx, {
        id: individualOrderId,
        userId: row.userId,
        purchaseId: kitId,
        purchaseDate,
        testType: shape.testType,
      });
      await repository.linkOrder(tx, orderId, { individualOrderId });
    }

    if (row.discountCode !== null) {
      const counted = await repository.countRedemption(tx, row.discountCode);
      // Only a payment that came after its hold ended (Stripe, past the margin) can do this:
      // the money was taken at the discounted price, so the order stands; staff are told.
      if (counted?.limit != null && counted.redemptions > counted.limit) {
        deps.log.warn(
          { checkoutId, redemptions: counted.redemptions, limit: counted.limit },
          'A discount code was redeemed past its limit by a payment made after its hold ended',
        );
      }
    }
    // The receipt and the partner's invitation are queued with the order: kept together, or
    // neither (ADR 047).
    await deps.jobs.enqueue({
      kind: RECEIPT_JOB_KIND,
      payload: { orderId } satisfies ReceiptJobPayload,
      userId: null,
      dedupeKey: `receipt:${orderId}`,
      db: tx,
    });
    return { orderId, created: true };
  });

  // The receipt and mails queued in the transaction are due now that it committed.
  if (result.created) deps.jobs.wake();
  deps.log.info(
    { checkoutId, orderId: result.orderId, created: result.created },
    result.created ? 'Order made from a paid checkout' : 'Payment confirmed again; order exists',
  );
  return result;
}
