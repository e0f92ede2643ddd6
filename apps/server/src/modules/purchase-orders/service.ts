import { randomUUID } from 'node:crypto';
import {
  ALREADY_REFUNDED,
  CORRECTION_NEEDS_NOTE,
  normalizeKitId,
  ORDER_NOT_FOUND_MESSAGE,
  ORDER_STAGES,
  REFUND_AFTER_SHIPMENT,
  carrierSchema,
  orderNumber,
  orderStageSchema,
  trackingUrl,
  type AdminOrder,
  type AdminOrdersQuery,
  type Kit,
  type OrderEvent,
  type OrderEventRequest,
  type OrderStage,
  type PurchaseOrder,
} from '@nestling/shared/contract/order-tracker';
import {
  currencySchema,
  paymentProviderSchema,
  productCodeSchema,
  shippingAddressSchema,
  type CheckoutPartner,
} from '@nestling/shared/contract/purchase';
import { csvText } from '../../csv.ts';
import type { MailBlock, MailMessage } from '../mail/index.ts';
import { recordAccountStep } from '../onboarding/index.ts';
import type {
  KitRow,
  OrderEventRow,
  OrderWithBuyer,
  PurchaseOrderRow,
  PurchaseOrdersRepository,
} from './repository.ts';
import { Refusal } from '../../lib/refusal.ts';

const DAY_SECONDS = 24 * 60 * 60;
/** Before the sample arrives: the kit's journey out and back, as the lab plans it. */
export const KIT_JOURNEY_DAYS = 10;
/** An order paid with a provider this server no longer has set up. */
export const REFUND_IN_PROVIDER =
  'This order was paid with a payment provider that is not set up here: refund it in the provider.';
/** Staff see at most this many orders per search; the CSV holds the same. */
export const ADMIN_ORDERS_LIMIT = 200;

const stageIndex = (stage: OrderStage) => ORDER_STAGES.indexOf(stage);

/**
 * Who reads an order: the buyer (or an admin viewing as them) sees all of it; the partner of a
 * couple's order sees the product, their own kit and the tracker, but not the buyer's card
 * digits, receipt or address; staff see everything, with the notes of corrections.
 */
export type Reader = 'buyer' | { partner: 'mother' | 'father' } | 'staff';

function asStage(text: string): OrderStage {
  return orderStageSchema.parse(text);
}

function toEvent(row: OrderEventRow, reader: Reader): OrderEvent {
  const carrier = row.carrier === null ? null : carrierSchema.parse(row.carrier);
  return {
    id: row.id,
    stage: asStage(row.stage),
    at: row.at.toISOString(),
    carrier,
    trackingNumber: row.trackingNumber,
    trackingUrl:
      carrier !== null && row.trackingNumber !== null
        ? trackingUrl(carrier, row.trackingNumber)
        : null,
    note: reader === 'staff' ? row.note : null,
  };
}

function toKit(row: KitRow): Kit {
  const role = row.role === 'mother' || row.role === 'father' ? row.role : 'self';
  return {
    id: row.id,
    role,
    recipient: row.recipient,
    shippingAddress: shippingAddressSchema.parse(row.shippingAddress),
  };
}

function partnerOf(row: PurchaseOrderRow): CheckoutPartner | null {
  const partner = row.partner as Partial<CheckoutPartner> | null;
  if (partner === null || typeof partner.email !== 'string') return null;
  return {
    firstName: partner.firstName ?? '',
    lastName: partner.lastName ?? '',
    email: partner.email,
  };
}

/**
 * Unix seconds. Once the sample has arrived: that day plus the lab's turnaround. Before: the
 * purchase date plus the kit's journey (KIT_JOURNEY_DAYS) plus the turnaround.
 */
export function expectedReportDate(
  row: PurchaseOrderRow,
  events: readonly OrderEventRow[],
): number {
  const turnaround = row.turnaroundDays * DAY_SECONDS;
  const arrived = stageIndex(asStage(row.stage)) >= stageIndex('sample-received');
  const received = events.filter((event) => event.stage === 'sample-received').at(-1);
  if (arrived && received !== undefined) {
    return Math.floor(received.at.getTime() / 1000) + turnaround;
  }
  return row.purchaseDate + KIT_JOURNEY_DAYS * DAY_SECONDS + turnaround;
}

export function toPurchaseOrder(
  row: PurchaseOrderRow,
  kits: readonly KitRow[],
  events: readonly OrderEventRow[],
  reader: Reader,
): PurchaseOrder {
  const partnerView = typeof reader === 'object';
  const ownKits = kits.filter(
    (entry) => entry.orderId === row.id && (!partnerView || entry.role === reader.partner),
  );
  const ownEvents = events.filter((event) => event.orderId === row.id);
  return {
    id: row.id,
    number: orderNumber(row.seq),
    product: productCodeSchema.parse(row.productCode),
    productName: row.productName,
    status: row.status === 'refunded' ? 'refunded' : 'paid',
    stage: asStage(row.stage),
    currency: currencySchema.parse(row.currency),
    priceCents: row.priceCents,
    discountCode: row.discountCode,
    discountCents: row.discountCents,
    totalCents: row.totalCents,
    cardLast4: partnerView ? null : row.cardLast4,
    purchaseDate: row.purchaseDate,
    expectedReportDate: expectedReportDate(row, ownEvents),
    partner: partnerOf(row),
    kits: ownKits.map(toKit),
    events: ownEvents.map((event) => toEvent(event, reader)),
    coupleAccountId: row.coupleAccountId,
    individualOrderId: row.individualOrderId,
    receiptDocumentId: partnerView ? null : row.receiptDocumentId,
  };
}

/** What staff typed in the search box, read as an order number, a kit id or an email. */
export function parseSearch(q: string | undefined): {
  seq?: number;
  kitId?: string;
  email?: string;
} {
  const text = (q ?? '').trim();
  if (text === '') return {};
  // At most 9 digits: larger numbers are no order and would overflow the column.
  const number = /^(?:NS-?)?(\d{1,9})$/i.exec(text);
  if (number?.[1] !== undefined) return { seq: Number(number[1]) };
  const kitId = normalizeKitId(text);
  if (kitId !== null) return { kitId };
  return { email: text };
}

export const CSV_COLUMNS = [
  'number',
  'date',
  'product',
  'status',
  'stage',
  'buyer email',
  'partner email',
  'total',
  'currency',
  'kit ids',
  'carrier',
  'tracking number',
] as const;

/** The orders as CSV, one line each (CRLF, as RFC 4180 has it). */
export function ordersCsv(orders: readonly AdminOrder[]): string {
  const lines: string[][] = [[...CSV_COLUMNS]];
  for (const order of orders) {
    const shipment = order.events.filter((event) => event.stage === 'kit-shipped').at(-1);
    lines.push([
      order.number,
      new Date(order.purchaseDate * 1000).toISOString().slice(0, 10),
      order.productName,
      order.status,
      order.stage,
      order.buyer.email,
      order.partner?.email ?? '',
      (order.totalCents / 100).toFixed(2),
      order.currency.toUpperCase(),
      order.kits.map((entry) => entry.id).join(' '),
      shipment?.carrier ?? '',
      shipment?.trackingNumber ?? '',
    ]);
  }
  return csvText(lines);
}

/**
 * Who moved the tracker: lab staff on /admin, the lab's pipeline with its key, or the carrier's
 * tracking webhook (a return label delivered to the lab, ADR 044).
 */
export interface EventActor {
  source: 'staff' | 'lab' | 'carrier';
  actorId: string | null;
}

/**
 * The orders a person may read, each as that person reads it: bought (all of it), or the
 * couple's where they are mother or father (their own kit only). /delivery shares these rules.
 */
export async function readableOrders(
  repository: PurchaseOrdersRepository,
  userId: string,
): Promise<PurchaseOrder[]> {
  const rows = await repository.listForPerson(userId);
  const roles = await repository.coupleRoles(
    rows.filter((row) => row.userId !== userId).map((row) => row.id),
  );
  const ids = rows.map((row) => row.id);
  const [kits, events] = await Promise.all([repository.kitsOf(ids), repository.eventsOf(ids)]);
  return rows.map((row) =>
    toPurchaseOrder(
      row,
      kits,
      events,
      row.userId === userId
        ? 'buyer'
        : { partner: roles.get(row.id)?.mother === userId ? 'mother' : 'father' },
    ),
  );
}

export interface PurchaseOrdersDeps {
  repository: PurchaseOrdersRepository;
  /** Gives the payment back through the order's provider. */
  refund: (order: PurchaseOrderRow) => Promise<void>;
  /** Queues mails (app.mailer, ADR 047) after the change committed, before the answer. */
  queueMail: (messages: MailMessage[]) => Promise<void>;
  publicUrl: string;
  now?: () => Date;
}

/**
 * Orders after payment: reading them, the tracker that staff and the lab's pipeline
 * move along, and refunds before the kit ships. Orders are made by checkout (fulfill.ts).
 */
export function createPurchaseOrdersService(deps: PurchaseOrdersDeps) {
  const { repository, publicUrl } = deps;
  const now = deps.now ?? (() => new Date());

  /** The orders with their kits and events, for one reader each. */
  async function assemble(
    rows: readonly PurchaseOrderRow[],
    readerOf: (row: PurchaseOrderRow) => Reader,
  ): Promise<PurchaseOrder[]> {
    const ids = rows.map((row) => row.id);
    const [kits, events] = await Promise.all([repository.kitsOf(ids), repository.eventsOf(ids)]);
    return rows.map((row) => toPurchaseOrder(row, kits, events, readerOf(row)));
  }

  /** The person's orders: bought, or the couple's where they are mother or father. */
  function readable(userId: string): Promise<PurchaseOrder[]> {
    return readableOrders(repository, userId);
  }

  async function toAdminOrders(rows: readonly OrderWithBuyer[]): Promise<AdminOrder[]> {
    const orders = await assemble(
      rows.map((row) => row.order),
      () => 'staff',
    );
    return orders.map((order, index) => {
      const row = rows[index];
      if (row === undefined) throw new Error('order rows and answers out of step');
      return {
        ...order,
        buyer: row.buyer,
        provider: paymentProviderSchema.parse(row.order.provider),
      };
    });
  }

  async function adminOrders(query: AdminOrdersQuery): Promise<AdminOrder[]> {
    const rows = await repository.search({
      ...parseSearch(query.q),
      stage: query.stage,
      limit: ADMIN_ORDERS_LIMIT,
    });
    return toAdminOrders(rows);
  }

  /** An order by its id, its number ('NS-10042') or one of its kit ids; null for none. */
  async function findByReference(reference: string): Promise<PurchaseOrderRow | null> {
    const search = parseSearch(reference);
    if (search.seq !== undefined) {
      const bySeq = await repository.findBySeq(search.seq);
      if (bySeq !== null) return bySeq;
    }
    if (search.kitId !== undefined) {
      const byKit = await repository.findByKitId(search.kitId);
      if (byKit !== null) return byKit;
    }
    return repository.findById(reference);
  }

  /** One order as staff see it, with its buyer. */
  async function staffView(id: string): Promise<AdminOrder> {
    const found = await repository.findWithBuyer(id);
    if (found === null) throw new Refusal(404, ORDER_NOT_FOUND_MESSAGE);
    const [order] = await toAdminOrders([found]);
    if (order === undefined) throw new Refusal(404, ORDER_NOT_FOUND_MESSAGE);
    return order;
  }

  /** The buyer, and the partner named at checkout for a couple's order. */
  async function recipientsOf(row: PurchaseOrderRow): Promise<string[]> {
    const buyer = await repository.buyerOf(row.id);
    const partner = partnerOf(row);
    return [buyer?.email, partner?.email].filter(
      (email): email is string => typeof email === 'string' && email !== '',
    );
  }

  const orderLink = (row: PurchaseOrderRow) =>
    `${publicUrl}/order?id=${encodeURIComponent(row.id)}`;

  /** The mails a new event sends: shipped and sample received. No health data. */
  function mailsFor(row: PurchaseOrderRow, event: OrderEventRow, to: string[]): MailMessage[] {
    const number = orderNumber(row.seq);
    const followOrder: MailBlock = {
      kind: 'action',
      label: 'Follow your order',
      url: orderLink(row),
    };
    if (event.stage === 'kit-shipped' && event.carrier !== null && event.trackingNumber !== null) {
      const carrier = carrierSchema.parse(event.carrier);
      const body: MailBlock[] = [
        {
          kind: 'paragraph',
          text: `Your ${row.productName} kit for order ${number} is on its way.`,
        },
        {
          kind: 'facts',
          rows: [
            ['Carrier', carrier],
            ['Tracking number', event.trackingNumber],
          ],
        },
        {
          kind: 'link',
          label: 'Track the parcel',
          url: trackingUrl(carrier, event.trackingNumber),
        },
        followOrder,
      ];
      return to.map((address) => ({
        to: address,
        subject: `Your kit has shipped (order ${number})`,
        body,
      }));
    }
    if (event.stage === 'sample-received') {
      const body: MailBlock[] = [
        {
          kind: 'paragraph',
          text: `The lab has received a sample for order ${number}. Your order page shows each step until the report is ready.`,
        },
        followOrder,
      ];
      return to.map((address) => ({
        to: address,
        subject: `The lab has received your sample (order ${number})`,
        body,
      }));
    }
    return [];
  }

  return {
    readable,

    /** GET /orders/{id}: 404 for an unknown order and for another person's alike. */
    async readOne(userId: string, id: string): Promise<PurchaseOrder> {
      const order = (await readable(userId)).find((entry) => entry.id === id);
      if (order === undefined) throw new Refusal(404, ORDER_NOT_FOUND_MESSAGE);
      return order;
    },

    adminOrders,

    async adminOrdersCsv(query: AdminOrdersQuery): Promise<string> {
      return ordersCsv(await adminOrders(query));
    },

    /** Staff address orders by id; the lab also by number or kit id. */
    async resolveOrderId(reference: string, byAnyReference: boolean): Promise<string> {
      const row = byAnyReference
        ? await findByReference(reference)
        : await repository.findById(reference);
      if (row === null) throw new Refusal(404, ORDER_NOT_FOUND_MESSAGE);
      return row.id;
    },

    /**
     * Moves the tracker. Forward: the event is recorded and the stage becomes the new one. The
     * same stage again records a new event (a corrected tracking number) unless it repeats the
     * last one exactly, as a retrying pipeline would. Back: a correction, which needs a note.
     * Answers the order as staff see it.
     */
    async recordEvent(id: string, body: OrderEventRequest, actor: EventActor): Promise<AdminOrder> {
      const recorded = await repository.transaction(async (tx) => {
        const row = await repository.lock(tx, id);
        if (row === null) throw new Refusal(404, ORDER_NOT_FOUND_MESSAGE);
        if (row.status === 'refunded') throw new Refusal(409, ALREADY_REFUNDED);
        const current = stageIndex(asStage(row.stage));
        const wanted = stageIndex(body.stage);
        const note = body.note === undefined || body.note === '' ? null : body.note;
        if (wanted < current && note === null) {
          throw new Refusal(400, CORRECTION_NEEDS_NOTE);
        }
        // A shipment names its parcel: the kit going out, or the sample coming back by carrier.
        const shipment =
          body.stage === 'kit-shipped' ||
          (actor.source === 'carrier' && body.stage === 'sample-received');
        const event: OrderEventRow = {
          id: randomUUID(),
          orderId: row.id,
          stage: body.stage,
          at: body.at === undefined ? now() : new Date(body.at),
          carrier: shipment ? (body.carrier ?? null) : null,
          trackingNumber: shipment ? (body.trackingNumber ?? null) : null,
          note,
          source: actor.source,
          actorId: actor.actorId,
          createdAt: now(),
        };
        if (wanted === current) {
          const last = (await repository.eventsOf([row.id], tx))
            .filter((entry) => entry.stage === body.stage)
            .at(-1);
          const repeat =
            last !== undefined &&
            last.carrier === event.carrier &&
            last.trackingNumber === event.trackingNumber &&
            last.note === event.note;
          if (repeat) return null;
        }
        await repository.insertEvent(tx, event);
        if (wanted !== current) await repository.setStage(tx, row.id, body.stage);
        // The couple's journey: the lab has the samples.
        if (body.stage === 'sample-received' && row.coupleAccountId !== null) {
          await recordAccountStep(tx, row.coupleAccountId, 'SAMPLE_SENT');
        }
        return { row, event };
      });
      if (recorded !== null) {
        const to = await recipientsOf(recorded.row);
        const mails = mailsFor(recorded.row, recorded.event, to);
        if (mails.length > 0) await deps.queueMail(mails);
      }
      return staffView(id);
    },

    /**
     * Gives the whole amount back, before the kit ships only: after that the refund is the
     * provider's to make. The tracker keeps its stage; the buyer gets a mail.
     */
    async refund(id: string): Promise<AdminOrder> {
      const refunded = await repository.transaction(async (tx) => {
        const row = await repository.lock(tx, id);
        if (row === null) throw new Refusal(404, ORDER_NOT_FOUND_MESSAGE);
        if (row.status === 'refunded') throw new Refusal(409, ALREADY_REFUNDED);
        if (stageIndex(asStage(row.stage)) >= stageIndex('kit-shipped')) {
          throw new Refusal(409, REFUND_AFTER_SHIPMENT);
        }
        // Inside the lock, so that two clicks refund once; the provider's own idempotency
        // covers a refund that succeeded there while this transaction failed.
        await deps.refund(row);
        await repository.markRefunded(tx, row.id, now());
        return row;
      });
      const buyer = await repository.buyerOf(refunded.id);
      if (buyer !== null) {
        const number = orderNumber(refunded.seq);
        await deps.queueMail([
          {
            to: buyer.email,
            subject: `Your order ${number} has been refunded`,
            body: [
              {
                kind: 'paragraph',
                text: `Your order ${number} (${refunded.productName}) has been canceled and refunded in full.`,
              },
              {
                kind: 'paragraph',
                text: 'The money reaches your card within 5 to 10 business days, depending on your bank.',
              },
            ],
          },
        ]);
      }
      return staffView(id);
    },
  };
}

export type PurchaseOrdersService = ReturnType<typeof createPurchaseOrdersService>;
