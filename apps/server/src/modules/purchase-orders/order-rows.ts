import { randomBytes, randomUUID } from 'node:crypto';
import {
  KIT_ID_ALPHABET,
  kitCheckCharacter,
  type Carrier,
  type OrderStage,
} from '@nestling/shared/contract/order-tracker';
import {
  productShape,
  type CheckoutPartner,
  type ProductCode,
  type ShippingAddress,
} from '@nestling/shared/contract/purchase';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { product } from '../catalogue/schema.ts';
import { checkout } from '../checkout/schema.ts';
import { kit } from '../kits/schema.ts';
import { orderEvent, purchaseOrder } from './schema.ts';
import { productName } from '../catalogue/index.ts';

/*
 * Paid orders written straight into the tables, at any stage, as checkout's fulfillment and the
 * tracker would leave them: for the demo data and for the tests of what happens after payment.
 * A real order is made only by checkout (modules/checkout/fulfill.ts).
 */

/** 'NK-' + the 8 characters + their check character. */
export function kitIdOf(body: string): string {
  return `NK-${body}${kitCheckCharacter(body)}`;
}

export function randomKitId(): string {
  const body = [...randomBytes(8)]
    .map((byte) => KIT_ID_ALPHABET[byte % KIT_ID_ALPHABET.length] ?? '0')
    .join('');
  return kitIdOf(body);
}

export interface OrderRowsEvent {
  stage: OrderStage;
  at: Date;
  carrier?: Carrier;
  trackingNumber?: string;
  note?: string;
  source?: 'system' | 'staff' | 'lab';
}

export interface OrderRows {
  id?: string;
  userId: string;
  product: ProductCode;
  /** Unix seconds. */
  purchaseDate: number;
  /** For a couple: the partner named at checkout, and the buyer's role. */
  partner?: CheckoutPartner;
  buyerRole?: 'mother' | 'father';
  buyerName: string;
  address: ShippingAddress;
  /** The kits' ids, the buyer's first; random when left out. */
  kitIds?: string[];
  /** After the 'ordered' event, which is always there. */
  events?: OrderRowsEvent[];
  refundedAt?: Date;
  cardLast4?: string | null;
  discount?: { code: string; cents: number };
  coupleAccountId?: string;
  individualOrderId?: string;
}

/** Writes the checkout, the order, its kits and its events; answers the ids made. */
export async function insertOrderRows(
  db: Database,
  order: OrderRows,
): Promise<{ id: string; seq: number; kitIds: string[] }> {
  const id = order.id ?? randomUUID();
  const shape = productShape(order.product);
  const discountCents = order.discount?.cents ?? 0;
  const purchasedAt = new Date(order.purchaseDate * 1000);
  const checkoutId = `checkout-${id}`;
  const couple = shape.kind === 'couple';
  const buyerRole = order.buyerRole ?? 'mother';
  const partnerRole = buyerRole === 'mother' ? 'father' : 'mother';
  const kitIds = order.kitIds ?? (couple ? [randomKitId(), randomKitId()] : [randomKitId()]);
  const events = order.events ?? [];
  const stage = events.at(-1)?.stage ?? 'ordered';

  return db.transaction(async (tx) => {
    // Sold at the catalogue's price, as checkout sells it.
    const [listed] = await tx.select().from(product).where(eq(product.code, order.product));
    if (listed === undefined) throw new Error(`No product ${order.product} in the catalogue`);
    const { priceCents, turnaroundDays } = listed;
    await tx.insert(checkout).values({
      id: checkoutId,
      userId: order.userId,
      idempotencyKey: `key-${id}`,
      productCode: order.product,
      request: {
        partner: order.partner ?? null,
        shipping: { buyer: order.address, partner: null },
      },
      priceCents,
      discountCode: order.discount?.code ?? null,
      discountCents,
      totalCents: priceCents - discountCents,
      currency: 'usd',
      provider: 'test',
      status: 'paid',
      cardLast4: order.cardLast4 === undefined ? '4242' : order.cardLast4,
      expiresAt: new Date(purchasedAt.getTime() + 60 * 60 * 1000),
      createdAt: purchasedAt,
    });
    const [inserted] = await tx
      .insert(purchaseOrder)
      .values({
        id,
        checkoutId,
        userId: order.userId,
        productCode: order.product,
        productName: productName(order.product),
        status: order.refundedAt === undefined ? 'paid' : 'refunded',
        stage,
        currency: 'usd',
        priceCents,
        discountCode: order.discount?.code ?? null,
        discountCents,
        totalCents: priceCents - discountCents,
        cardLast4: order.cardLast4 === undefined ? '4242' : order.cardLast4,
        provider: 'test',
        partner: order.partner ?? null,
        turnaroundDays,
        coupleAccountId: order.coupleAccountId ?? null,
        individualOrderId: order.individualOrderId ?? null,
        purchaseDate: order.purchaseDate,
        refundedAt: order.refundedAt ?? null,
        createdAt: purchasedAt,
      })
      .returning({ seq: purchaseOrder.seq });
    if (inserted === undefined) throw new Error('the order was not inserted');
    const partnerName = `${order.partner?.firstName ?? ''} ${order.partner?.lastName ?? ''}`.trim();
    await tx.insert(kit).values(
      kitIds.map((kitId, index) => ({
        id: kitId,
        orderId: id,
        role: couple ? (index === 0 ? buyerRole : partnerRole) : 'self',
        recipient: index === 0 ? order.buyerName : partnerName,
        shippingAddress: {
          ...order.address,
          name: index === 0 ? order.buyerName : partnerName,
        },
        createdAt: new Date(purchasedAt.getTime() + index),
      })),
    );
    const all: OrderRowsEvent[] = [
      { stage: 'ordered', at: purchasedAt, source: 'system' },
      ...events,
    ];
    await tx.insert(orderEvent).values(
      all.map((event, index) => ({
        id: `${id}-event-${String(index)}`,
        orderId: id,
        stage: event.stage,
        at: event.at,
        carrier: event.carrier ?? null,
        trackingNumber: event.trackingNumber ?? null,
        note: event.note ?? null,
        source: event.source ?? 'staff',
        actorId: null,
        createdAt: new Date(event.at.getTime()),
      })),
    );
    return { id, seq: inserted.seq, kitIds };
  });
}
