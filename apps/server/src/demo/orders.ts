import { ORDER_STAGES, type OrderStage } from '@nestling/shared/contract/order-tracker';
import type { ProductCode, ShippingAddress } from '@nestling/shared/contract/purchase';
import {
  createOrdersRepository,
  insertCoupleIndividualOrder,
} from '../modules/orders/repository.ts';
import { insertNewInvitation } from '../modules/partner/service.ts';
import { createPurchaseOrdersRepository } from '../modules/purchase-orders/repository.ts';
import {
  insertOrderRows,
  kitIdOf,
  randomKitId,
  type OrderRowsEvent,
} from '../modules/purchase-orders/order-rows.ts';
import type { Database } from '../db/database.ts';
import {
  demoCoupleAccountId,
  demoEmbryoCoupleAccountId,
  demoOrders,
} from '../modules/demo-reports/payloads.ts';

/*
 * The demo data's paid orders: the demo couples and the individual have theirs, at
 * 'report ready' since the lab delivered their reports; orders@demo.test has one order at each
 * other stage of the tracker, and one refunded, so every state can be seen.
 */

/** The kits printed for the demo couples and the individual, with valid check characters. */
export const demoKits = {
  mother: kitIdOf('DEM01001'),
  father: kitIdOf('DEM01002'),
  embryoMother: kitIdOf('DEM03001'),
  embryoFather: kitIdOf('DEM03002'),
  individual: kitIdOf('DEM02001'),
} as const;

export const demoOrdersUser = {
  id: 'demo-orders',
  email: 'orders@demo.test',
  partnerEmail: 'orders-partner@demo.test',
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The couple order whose partner's invitation is still open in the demo data. */
const DEMO_INVITING_ORDER = 'demo-purchase-shipped';
const stageIndex = (stage: OrderStage) => ORDER_STAGES.indexOf(stage);

function addressOf(name: string): ShippingAddress {
  return { name, line1: '100 Demo Street', city: 'Springfield', state: 'IL', zip: '62701' };
}

/**
 * The tracker's steps from the purchase up to `stage`, a few days apart: the kit ships the next
 * day with USPS, arrives three days later, and so on.
 */
function eventsUpTo(stage: OrderStage, purchasedAt: Date): OrderRowsEvent[] {
  const day = (days: number) => new Date(purchasedAt.getTime() + days * DAY_MS);
  const steps: OrderRowsEvent[] = [
    {
      stage: 'kit-shipped',
      at: day(1),
      carrier: 'USPS',
      trackingNumber: '9400111899223197428490',
      source: 'staff',
    },
    { stage: 'kit-delivered', at: day(4), source: 'lab' },
    { stage: 'kit-activated', at: day(5), source: 'system' },
    { stage: 'sample-received', at: day(9), source: 'lab' },
    { stage: 'in-lab', at: day(10), source: 'lab' },
    { stage: 'report-ready', at: day(30), source: 'lab' },
  ];
  const last = steps.findIndex((step) => step.stage === stage);
  return last === -1 ? [] : steps.slice(0, last + 1);
}

const unix = (date: Date) => Math.floor(date.getTime() / 1000);

interface DemoOrder {
  id: string;
  userId: string;
  buyerName: string;
  product: ProductCode;
  purchasedAt: Date;
  stage: OrderStage;
  partner?: { firstName: string; lastName: string; email: string };
  kitIds?: string[];
  coupleAccountId?: string;
  individualOrderId?: string;
  refunded?: boolean;
}

/** The demo couples' and the individual's orders; the purchase dates of their accounts. */
export function reportedDemoOrders(purchased: {
  couple: number;
  individual: number;
  embryo: number;
}): DemoOrder[] {
  return [
    {
      id: 'demo-purchase-couple',
      userId: 'demo-mother',
      buyerName: 'Maya Demo',
      product: 'couple-30x',
      purchasedAt: new Date(purchased.couple * 1000),
      stage: 'report-ready',
      partner: { firstName: 'Daniel', lastName: 'Demo', email: 'father@demo.test' },
      kitIds: [demoKits.mother, demoKits.father],
      coupleAccountId: demoCoupleAccountId,
    },
    {
      id: 'demo-purchase-embryo',
      userId: 'demo-embryo',
      buyerName: 'Elena Example',
      product: 'couple',
      purchasedAt: new Date(purchased.embryo * 1000),
      stage: 'report-ready',
      partner: { firstName: 'Owen', lastName: 'Example', email: 'embryo-partner@demo.test' },
      kitIds: [demoKits.embryoMother, demoKits.embryoFather],
      coupleAccountId: demoEmbryoCoupleAccountId,
    },
    {
      id: 'demo-purchase-individual',
      userId: 'demo-individual',
      buyerName: 'Iris Sample',
      product: 'individual-30x',
      purchasedAt: new Date(purchased.individual * 1000),
      stage: 'report-ready',
      kitIds: [demoKits.individual],
      individualOrderId: demoOrders.individual,
    },
  ];
}

/** orders@demo.test: one order per stage before the report, and a refunded one, recent. */
function trackerDemoOrders(now: Date): DemoOrder[] {
  const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const base = { userId: demoOrdersUser.id, buyerName: 'Olivia Orders' };
  const partner = { firstName: 'Oscar', lastName: 'Orders', email: demoOrdersUser.partnerEmail };
  return [
    {
      ...base,
      id: 'demo-purchase-ordered',
      product: 'individual',
      purchasedAt: daysAgo(0),
      stage: 'ordered',
    },
    {
      ...base,
      id: 'demo-purchase-shipped',
      product: 'couple',
      purchasedAt: daysAgo(2),
      stage: 'kit-shipped',
      partner,
    },
    {
      ...base,
      id: 'demo-purchase-delivered',
      product: 'individual-30x',
      purchasedAt: daysAgo(5),
      stage: 'kit-delivered',
    },
    {
      ...base,
      id: 'demo-purchase-activated',
      product: 'individual',
      purchasedAt: daysAgo(7),
      stage: 'kit-activated',
    },
    {
      ...base,
      id: 'demo-purchase-received',
      product: 'couple-30x',
      purchasedAt: daysAgo(10),
      stage: 'sample-received',
      partner,
    },
    {
      ...base,
      id: 'demo-purchase-in-lab',
      product: 'individual',
      purchasedAt: daysAgo(14),
      stage: 'in-lab',
    },
    {
      ...base,
      id: 'demo-purchase-refunded',
      product: 'individual',
      purchasedAt: daysAgo(3),
      stage: 'ordered',
      refunded: true,
    },
  ];
}

/**
 * Writes the demo orders whose buyer exists and that are not there yet; a couple's order of
 * orders@demo.test gets its couple account (the partner invited, not joined), an individual's
 * its individual order. Answers the ids written.
 */
export async function seedDemoOrders(
  db: Database,
  options: {
    purchased: { couple: number; individual: number; embryo: number };
    userExists: (id: string) => Promise<boolean>;
    /** Whether the demo couple account or individual order an order belongs to was written. */
    ownerExists: (id: string) => boolean;
    now?: Date;
  },
): Promise<string[]> {
  const now = options.now ?? new Date();
  const purchaseOrders = createPurchaseOrdersRepository(db);
  const accounts = createOrdersRepository(db);
  const written: string[] = [];
  const all = [...reportedDemoOrders(options.purchased), ...trackerDemoOrders(now)];
  for (const order of all) {
    if (!(await options.userExists(order.userId))) continue;
    if ((await purchaseOrders.findById(order.id)) !== null) continue;
    const preset = order.coupleAccountId ?? order.individualOrderId;
    if (preset !== undefined && !options.ownerExists(preset)) continue;
    const purchaseDate = unix(order.purchasedAt);
    const testType = order.product.endsWith('-30x') ? '30x' : 'standard';
    const owner: { coupleAccountId?: string; individualOrderId?: string } = {
      ...(order.coupleAccountId === undefined ? {} : { coupleAccountId: order.coupleAccountId }),
      ...(order.individualOrderId === undefined
        ? {}
        : { individualOrderId: order.individualOrderId }),
    };
    const couple = order.partner !== undefined;
    const kitIds = order.kitIds ?? (couple ? [randomKitId(), randomKitId()] : [randomKitId()]);
    if (order.userId === demoOrdersUser.id) {
      // Made as checkout makes them: the order's own account or individual order, first.
      const [buyerKit = null, partnerKit = null] = kitIds;
      if (couple) {
        owner.coupleAccountId = `${order.id}-account`;
        await accounts.insertCoupleAccount({
          id: owner.coupleAccountId,
          mother: order.userId,
          father: null,
          motherEmail: demoOrdersUser.email,
          fatherEmail: order.partner?.email ?? null,
          motherOrder: buyerKit,
          fatherOrder: partnerKit,
          // The partner has been invited and has not joined.
          pendingFatherAccept: true,
          pendingMotherAccept: false,
          purchaseDate,
          testType,
          donePilotOnboardingSteps: ['PURCHASED'],
        });
        // The buyer's own part of the test, as checkout makes it.
        if (buyerKit !== null) {
          await insertCoupleIndividualOrder(
            db,
            { id: owner.coupleAccountId, purchaseDate, testType },
            { userId: order.userId, kitId: buyerKit },
          );
        }
        if (order.id === DEMO_INVITING_ORDER) {
          // As checkout does: the partner named at purchase is invited then, for 14 days;
          // orders-partner@demo.test sees the invite banner (the link's token is never used).
          await db.transaction((tx) =>
            insertNewInvitation(
              tx,
              {
                coupleAccountId: owner.coupleAccountId ?? '',
                invitedBy: order.userId,
                email: demoOrdersUser.partnerEmail,
                role: 'father',
              },
              order.purchasedAt,
            ),
          );
        }
      } else {
        owner.individualOrderId = `${order.id}-individual`;
        const activated = stageIndex(order.stage) >= stageIndex('kit-activated');
        await accounts.insertIndividualOrder({
          id: owner.individualOrderId,
          userId: order.userId,
          purchaseId: buyerKit ?? order.id,
          purchaseDate,
          testType,
          activatedAt: activated ? new Date(order.purchasedAt.getTime() + 5 * DAY_MS) : null,
        });
      }
    }
    await insertOrderRows(db, {
      id: order.id,
      userId: order.userId,
      product: order.product,
      purchaseDate,
      buyerName: order.buyerName,
      address: addressOf(order.buyerName),
      ...(couple ? { partner: order.partner, buyerRole: 'mother' as const } : {}),
      kitIds,
      events: eventsUpTo(order.stage, order.purchasedAt),
      ...(order.refunded === true
        ? { refundedAt: new Date(order.purchasedAt.getTime() + DAY_MS) }
        : {}),
      ...owner,
    });
    written.push(order.id);
  }
  return written;
}
