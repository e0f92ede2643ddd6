import {
  DISCOUNT_CODE_EXPIRED,
  DISCOUNT_CODE_HELD,
  DISCOUNT_CODE_NOT_FOUND,
  DISCOUNT_CODE_TAKEN,
  DISCOUNT_CODE_UNKNOWN,
  DISCOUNT_CODE_USED_UP,
  discountCodeTextSchema,
  invalidFieldMessage,
  PRODUCT_NOT_FOUND,
  PURCHASE_PATHS,
  productShape,
  type DiscountCode,
  type DiscountCodeCreate,
  type OrderSummary,
  type Product,
  type ProductCode,
  type ProductUpdate,
} from '@nestling/shared/contract/purchase';
import { preconceptionTestName } from '@nestling/shared/products';
import type { CatalogueRepository, DiscountCodeRow, ProductRow } from './repository.ts';
import { Refusal } from '../../lib/refusal.ts';

/** The catalogue's order: that of the purchase pages. */
const PRODUCT_ORDER = Object.keys(PURCHASE_PATHS) as ProductCode[];

/** 'Preconception Genetic Screening - 30x - Individual' (spec section 9). */
export function productName(code: ProductCode): string {
  const { kind, testType } = productShape(code);
  return preconceptionTestName({ testType, individual: kind === 'individual' });
}

function toProduct(row: ProductRow): Product {
  const code = row.code as ProductCode;
  const shape = productShape(code);
  return {
    code,
    name: productName(code),
    kind: shape.kind,
    testType: shape.testType,
    kits: shape.kind === 'couple' ? 2 : 1,
    priceCents: row.priceCents,
    currency: 'usd',
    description: row.description,
    includes: row.includes,
    turnaroundDays: row.turnaroundDays,
  };
}

function toDiscountCode(row: DiscountCodeRow): DiscountCode {
  return {
    code: row.code,
    percentOff: row.percentOff,
    amountOffCents: row.amountOffCents,
    active: row.active,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    maxRedemptions: row.maxRedemptions,
    redemptions: row.redemptions,
  };
}

/**
 * What a discount takes off a price: a percentage rounded to whole cents, half up, or an
 * amount; never more than the price, so a total is never below zero.
 */
export function discountFor(
  priceCents: number,
  discount: Pick<DiscountCodeRow, 'percentOff' | 'amountOffCents'>,
): number {
  const off =
    discount.percentOff !== null
      ? Math.floor((priceCents * discount.percentOff + 50) / 100)
      : (discount.amountOffCents ?? 0);
  return Math.min(Math.max(off, 0), priceCents);
}

/** A priced product: the order summary and what the order copies as sold. */
export interface PricedProduct {
  summary: OrderSummary;
  turnaroundDays: number;
  /** The discount code's limit of uses; null for no code or a code without one. */
  discountLimit: number | null;
}

const refuseCode = (message: string) =>
  new Refusal(400, invalidFieldMessage('discountCode', message));

/** The product catalogue and discount codes: what staff edit and what checkout prices with. */
export function createCatalogueService(deps: {
  repository: CatalogueRepository;
  now?: () => Date;
}) {
  const { repository } = deps;
  const now = deps.now ?? (() => new Date());

  /**
   * The code as stored (upper case), usable now; a 400 naming the field otherwise. A code with
   * a limit counts the uses unpaid checkouts hold, but the person's own (`buyerId`), which
   * their new checkout takes over.
   */
  async function usableCode(text: string, buyerId: string | null): Promise<DiscountCodeRow> {
    const parsed = discountCodeTextSchema.safeParse(text);
    if (!parsed.success) throw refuseCode(DISCOUNT_CODE_UNKNOWN);
    const row = await repository.findDiscountCode(parsed.data);
    if (row === null || !row.active) throw refuseCode(DISCOUNT_CODE_UNKNOWN);
    if (row.expiresAt !== null && row.expiresAt.getTime() <= now().getTime()) {
      throw refuseCode(DISCOUNT_CODE_EXPIRED);
    }
    if (row.maxRedemptions !== null) {
      if (row.redemptions >= row.maxRedemptions) throw refuseCode(DISCOUNT_CODE_USED_UP);
      const held = await repository.heldUses(row.code, now(), buyerId);
      if (row.redemptions + held >= row.maxRedemptions) throw refuseCode(DISCOUNT_CODE_HELD);
    }
    return row;
  }

  return {
    async listProducts(): Promise<Product[]> {
      const rows = await repository.listProducts();
      return PRODUCT_ORDER.flatMap((code) => {
        const row = rows.find((candidate) => candidate.code === code);
        return row === undefined ? [] : [toProduct(row)];
      });
    },

    async updateProduct(
      code: ProductCode,
      update: ProductUpdate,
      actorId: string | null,
    ): Promise<Product> {
      const row = await repository.updateProduct(code, update, actorId);
      if (row === null) throw new Refusal(404, PRODUCT_NOT_FOUND);
      return toProduct(row);
    },

    /**
     * The price of a product with an optional discount code, from the tables alone. An empty
     * code is no code; an unknown, inactive, expired or used-up one is a 400 at `discountCode`.
     */
    async price(
      code: ProductCode,
      discountCodeText: string | undefined,
      buyerId: string | null = null,
    ): Promise<PricedProduct> {
      const row = await repository.findProduct(code);
      if (row === null) throw new Refusal(404, PRODUCT_NOT_FOUND);
      const text = discountCodeText?.trim() ?? '';
      const discount = text === '' ? null : await usableCode(text, buyerId);
      const discountCents = discount === null ? 0 : discountFor(row.priceCents, discount);
      return {
        summary: {
          product: code,
          productName: productName(code),
          currency: 'usd',
          priceCents: row.priceCents,
          discountCode: discount?.code ?? null,
          discountCents,
          totalCents: row.priceCents - discountCents,
        },
        turnaroundDays: row.turnaroundDays,
        discountLimit: discount?.maxRedemptions ?? null,
      };
    },

    async listDiscountCodes(): Promise<DiscountCode[]> {
      return (await repository.listDiscountCodes()).map(toDiscountCode);
    },

    async createDiscountCode(
      body: DiscountCodeCreate,
      actorId: string | null,
    ): Promise<DiscountCode> {
      const row = await repository.insertDiscountCode({
        code: body.code,
        percentOff: body.percentOff ?? null,
        amountOffCents: body.amountOffCents ?? null,
        expiresAt: body.expiresAt === undefined ? null : new Date(body.expiresAt),
        maxRedemptions: body.maxRedemptions ?? null,
        createdBy: actorId,
      });
      if (row === null) throw new Refusal(409, DISCOUNT_CODE_TAKEN);
      return toDiscountCode(row);
    },

    async setDiscountCodeActive(code: string, active: boolean): Promise<DiscountCode> {
      const row = await repository.setDiscountCodeActive(code.trim().toUpperCase(), active);
      if (row === null) throw new Refusal(404, DISCOUNT_CODE_NOT_FOUND);
      return toDiscountCode(row);
    },
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
