import * as z from 'zod/mini';
import { emailSchema } from './fields.ts';

/*
 * Buying a test: the product catalogue, discount codes, checkout and the test payment
 * provider's card form. Every amount is integer cents and is computed by the server; the
 * browser only ever shows what the server answered.
 */

/** The four products of spec sections 2 and 9, one per purchase page. */
export const productCodeSchema = z.enum(['couple', 'couple-30x', 'individual', 'individual-30x']);
export type ProductCode = z.infer<typeof productCodeSchema>;

/** The purchase page of each product (spec section 2). */
export const PURCHASE_PATHS = {
  couple: '/purchase',
  'couple-30x': '/purchase-30x',
  individual: '/individual-purchase',
  'individual-30x': '/individual-purchase-30x',
} as const satisfies Record<ProductCode, string>;

/** 'couple-30x' -> who it is for and the test type stored on the account or order. */
export function productShape(code: ProductCode): {
  kind: 'couple' | 'individual';
  testType: '30x' | 'standard';
} {
  return {
    kind: code.startsWith('couple') ? 'couple' : 'individual',
    testType: code.endsWith('-30x') ? '30x' : 'standard',
  };
}

export const currencySchema = z.enum(['usd']);
export type Currency = z.infer<typeof currencySchema>;

/** A product as the catalogue answers it. `name` comes from the naming helper of spec section 9. */
export const productSchema = z.object({
  code: productCodeSchema,
  name: z.string(),
  kind: z.enum(['couple', 'individual']),
  testType: z.enum(['30x', 'standard']),
  /** How many kits the order ships: two for a couple, one for an individual. */
  kits: z.int(),
  priceCents: z.int(),
  currency: currencySchema,
  description: z.string(),
  /** What the test includes, one line each. */
  includes: z.array(z.string()),
  /** Days from the sample's arrival at the lab to the report, as the lab expects. */
  turnaroundDays: z.int(),
});
export type Product = z.infer<typeof productSchema>;

/** GET /products: the catalogue, in the order of PURCHASE_PATHS. */
export const productsAnswerSchema = z.object({ products: z.array(productSchema) });
export type ProductsAnswer = z.infer<typeof productsAnswerSchema>;

export const productParamsSchema = z.object({ code: productCodeSchema });

/** The most a product may cost, $100,000: a guard against a slipped digit, not a business rule. */
export const MAX_PRICE_CENTS = 10_000_000;

/** PUT /admin/products/{code}: what lab staff may change. Past orders keep their price. */
export const productUpdateSchema = z.object({
  priceCents: z
    .int({ error: 'Give the price in whole cents' })
    .check(
      z.minimum(0, { error: 'The price cannot be negative' }),
      z.maximum(MAX_PRICE_CENTS, { error: 'The price can be at most $100,000' }),
    ),
  description: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, { error: 'Describe the test' }),
      z.maxLength(2000, { error: 'Keep the description under 2,000 characters' }),
    ),
  includes: z
    .array(z.string().check(z.trim(), z.minLength(1), z.maxLength(200)))
    .check(z.maxLength(20, { error: 'List at most 20 items' })),
  turnaroundDays: z
    .int({ error: 'Give the turnaround in whole days' })
    .check(
      z.minimum(1, { error: 'Give at least 1 day' }),
      z.maximum(365, { error: 'Give at most 365 days' }),
    ),
});
export type ProductUpdate = z.infer<typeof productUpdateSchema>;

// --- Discount codes -------------------------------------------------------------------------

/** Codes are stored and compared in upper case; what the patient types is trimmed first. */
export const discountCodeTextSchema = z.pipe(
  z.pipe(
    z.string().check(z.trim()),
    z.transform((text: string) => text.toUpperCase()),
  ),
  z
    .string()
    .check(
      z.minLength(3, { error: 'A discount code has at least 3 characters' }),
      z.maxLength(40, { error: 'A discount code has at most 40 characters' }),
      z.regex(/^[A-Z0-9-]+$/, { error: 'A discount code has only letters, digits and dashes' }),
    ),
);

/** A discount is a percentage or a fixed amount off the product's price, never below zero. */
export const discountCodeSchema = z.object({
  code: z.string(),
  /** 1 to 100, or null when the discount is an amount. */
  percentOff: z.nullable(z.int()),
  /** Cents, or null when the discount is a percentage. */
  amountOffCents: z.nullable(z.int()),
  active: z.boolean(),
  /** ISO 8601, or null for no end. */
  expiresAt: z.nullable(z.string()),
  /** How many paid orders may use it; null for no limit. */
  maxRedemptions: z.nullable(z.int()),
  redemptions: z.int(),
});
export type DiscountCode = z.infer<typeof discountCodeSchema>;

export const discountCodesAnswerSchema = z.object({ discountCodes: z.array(discountCodeSchema) });

/** POST /admin/discount-codes. */
export const discountCodeCreateSchema = z
  .object({
    code: discountCodeTextSchema,
    percentOff: z.optional(
      z
        .int({ error: 'Give a whole percentage' })
        .check(
          z.minimum(1, { error: 'Give at least 1%' }),
          z.maximum(100, { error: 'Give at most 100%' }),
        ),
    ),
    amountOffCents: z.optional(
      z
        .int({ error: 'Give the amount in whole cents' })
        .check(
          z.minimum(1, { error: 'Give at least 1 cent' }),
          z.maximum(MAX_PRICE_CENTS, { error: 'The amount can be at most $100,000' }),
        ),
    ),
    expiresAt: z.optional(z.iso.datetime({ offset: true, error: 'Give a date and time' })),
    maxRedemptions: z.optional(z.int().check(z.minimum(1, { error: 'Allow at least one use' }))),
  })
  .check(
    z.refine((body) => (body.percentOff === undefined) !== (body.amountOffCents === undefined), {
      error: 'Give either a percentage or an amount off, not both',
      path: ['percentOff'],
    }),
  );
export type DiscountCodeCreate = z.infer<typeof discountCodeCreateSchema>;

/** PATCH /admin/discount-codes/{code}: switch a code on or off. */
export const discountCodeUpdateSchema = z.object({ active: z.boolean() });
export const discountCodeParamsSchema = z.object({ code: z.string().check(z.minLength(1)) });

export const DISCOUNT_CODE_UNKNOWN = 'This discount code is not valid';
export const DISCOUNT_CODE_EXPIRED = 'This discount code has expired';
export const DISCOUNT_CODE_USED_UP = 'This discount code has been used up';
export const DISCOUNT_CODE_HELD =
  'Every use of this discount code is held by a checkout in progress. Try again in an hour, or buy without the code.';
export const DISCOUNT_CODE_TAKEN = 'A discount code with this name exists';
export const DISCOUNT_CODE_NOT_FOUND = 'Discount code not found';
export const PRODUCT_NOT_FOUND = 'Product not found';

// --- Addresses ------------------------------------------------------------------------------

/** The states, district and territories a kit can be sent to (USPS codes). */
export const US_STATES = [
  'AL',
  'AK',
  'AZ',
  'AR',
  'CA',
  'CO',
  'CT',
  'DE',
  'DC',
  'FL',
  'GA',
  'HI',
  'ID',
  'IL',
  'IN',
  'IA',
  'KS',
  'KY',
  'LA',
  'ME',
  'MD',
  'MA',
  'MI',
  'MN',
  'MS',
  'MO',
  'MT',
  'NE',
  'NV',
  'NH',
  'NJ',
  'NM',
  'NY',
  'NC',
  'ND',
  'OH',
  'OK',
  'OR',
  'PA',
  'RI',
  'SC',
  'SD',
  'TN',
  'TX',
  'UT',
  'VT',
  'VA',
  'WA',
  'WV',
  'WI',
  'WY',
  'PR',
  'GU',
  'VI',
  'AS',
  'MP',
] as const;

const addressLine = (missing: string) =>
  z
    .string({ error: missing })
    .check(
      z.trim(),
      z.minLength(1, { error: missing }),
      z.maxLength(100, { error: 'Keep this under 100 characters' }),
    );

/** A US shipping address for a kit. */
export const shippingAddressSchema = z.object({
  /** Who the kit is for, as printed on the parcel. */
  name: addressLine('Enter the name for the parcel'),
  line1: addressLine('Enter the street address'),
  line2: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  city: addressLine('Enter the city'),
  state: z.enum(US_STATES, { error: 'Choose a state' }),
  /** 12345 or 12345-6789. */
  zip: z
    .string({ error: 'Enter a ZIP code like 12345 or 12345-6789' })
    .check(
      z.trim(),
      z.regex(/^\d{5}(-\d{4})?$/, { error: 'Enter a ZIP code like 12345 or 12345-6789' }),
    ),
});
export type ShippingAddress = z.infer<typeof shippingAddressSchema>;

/**
 * An address as it is printed on the parcel, one line each: the kit pages, the receipt and the
 * return label all write it this way. A blank apartment line is left out.
 */
export function addressLines(address: ShippingAddress): string[] {
  return [
    address.name,
    address.line1,
    address.line2 ?? '',
    `${address.city}, ${address.state} ${address.zip}`,
  ].filter((line) => line.trim() !== '');
}

/** 400 at the ZIP field: the server's ZIP table puts the code in another state. */
export function zipStateProblem(zip: string, zipState: string, givenState: string): string {
  return `ZIP code ${zip} is in ${zipState}, not ${givenState}: check the ZIP code and the state`;
}

// --- Checkout -------------------------------------------------------------------------------

const partnerName = (missing: string) =>
  z
    .string({ error: missing })
    .check(
      z.trim(),
      z.minLength(1, { error: missing }),
      z.maxLength(100, { error: 'Keep this under 100 characters' }),
    );

/** For a couple's test: the partner who will get the other kit. */
export const checkoutPartnerSchema = z.object({
  firstName: partnerName("Enter your partner's first name"),
  lastName: partnerName("Enter your partner's last name"),
  email: emailSchema,
});
export type CheckoutPartner = z.infer<typeof checkoutPartnerSchema>;

/** POST /checkout/quote: the order summary the page shows, computed by the server. */
export const quoteRequestSchema = z.object({
  product: productCodeSchema,
  discountCode: z.optional(z.string().check(z.maxLength(100))),
});
export type QuoteRequest = z.infer<typeof quoteRequestSchema>;

export const orderSummarySchema = z.object({
  product: productCodeSchema,
  productName: z.string(),
  currency: currencySchema,
  priceCents: z.int(),
  /** The code applied, upper case; null for none. */
  discountCode: z.nullable(z.string()),
  discountCents: z.int(),
  totalCents: z.int(),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

/**
 * POST /checkout. `idempotencyKey` is made once per purchase page visit: a double click or a
 * second tab sends the same key and gets the same checkout back. With `shipping.partner` each
 * kit goes to its own address; without it both go to `shipping.buyer`.
 */
export const checkoutRequestSchema = z.object({
  product: productCodeSchema,
  idempotencyKey: z.string().check(z.minLength(16), z.maxLength(100)),
  partner: z.optional(checkoutPartnerSchema),
  shipping: z.object({
    buyer: shippingAddressSchema,
    partner: z.optional(shippingAddressSchema),
  }),
  discountCode: z.optional(z.string().check(z.maxLength(100))),
});
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

/**
 * A checkout's life: `open` until paid; `requires_action` while the card asks for an extra
 * confirmation; `paid` once the provider confirmed (the order exists); `canceled` and `expired`
 * end it without an order. A declined card leaves it `open` so the patient can try another.
 */
export const checkoutStatusSchema = z.enum([
  'open',
  'requires_action',
  'paid',
  'canceled',
  'expired',
]);
export type CheckoutStatus = z.infer<typeof checkoutStatusSchema>;

export const paymentProviderSchema = z.enum(['test', 'stripe']);
export type PaymentProviderName = z.infer<typeof paymentProviderSchema>;

export const checkoutSchema = z.object({
  id: z.string(),
  status: checkoutStatusSchema,
  provider: paymentProviderSchema,
  summary: orderSummarySchema,
  /** What the patient entered, so a page reopened after a canceled payment can refill itself. */
  request: z.object({
    partner: z.nullable(checkoutPartnerSchema),
    shipping: z.object({
      buyer: shippingAddressSchema,
      partner: z.nullable(shippingAddressSchema),
    }),
  }),
  /** Stripe: the hosted checkout page to send the browser to; null for the test provider. */
  redirectUrl: z.nullable(z.string()),
  /** The last refusal from the card, e.g. 'Your card was declined.'; null when none. */
  paymentError: z.nullable(z.string()),
  /** Once paid. */
  orderId: z.nullable(z.string()),
  /** ISO 8601: after this an open checkout expires. */
  expiresAt: z.string(),
});
export type Checkout = z.infer<typeof checkoutSchema>;

export const checkoutParamsSchema = z.object({ id: z.string().check(z.minLength(1)) });

/** A checkout stays open this long. */
export const CHECKOUT_MINUTES = 60;

// --- The test provider's card form ------------------------------------------------------------

/** The Luhn check that every card number passes. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length > 0 && sum % 10 === 0;
}

export const CARD_NUMBER_MESSAGE = 'Enter a valid card number';
export const CARD_EXPIRY_MESSAGE = 'Enter the expiry date as MM/YY';
export const CARD_EXPIRED_MESSAGE = 'This card has expired';
export const CARD_CVC_MESSAGE = 'Enter the 3 or 4 digit security code';

/** '4242 4242 4242 4242' -> '4242424242424242', checked with Luhn. */
export const cardNumberSchema = z.pipe(
  z.pipe(
    z.string({ error: CARD_NUMBER_MESSAGE }),
    z.transform((text: string) => text.replace(/[\s-]/g, '')),
  ),
  z
    .string()
    .check(
      z.regex(/^\d{12,19}$/, { error: CARD_NUMBER_MESSAGE }),
      z.refine(passesLuhn, { error: CARD_NUMBER_MESSAGE }),
    ),
);

/** 'MM/YY' -> { month, year } (year in full), not in the past. `now` is for tests. */
export function parseCardExpiry(
  text: string,
  now: Date = new Date(),
): { month: number; year: number } | string {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!match) return CARD_EXPIRY_MESSAGE;
  const month = Number(match[1]);
  const year = match[2]?.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return CARD_EXPIRY_MESSAGE;
  const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
  if (year * 12 + (month - 1) < thisMonth) return CARD_EXPIRED_MESSAGE;
  return { month, year };
}

/**
 * POST /checkout/{id}/test-payment: the test provider's card. The number is checked, used to
 * pick the outcome and forgotten: only its last four digits are kept.
 */
export const testCardSchema = z.object({
  number: cardNumberSchema,
  expiry: z.string().check(
    z.refine((text) => typeof parseCardExpiry(text) !== 'string', {
      error: (issue) => {
        const parsed = typeof issue.input === 'string' ? parseCardExpiry(issue.input) : null;
        return typeof parsed === 'string' ? parsed : CARD_EXPIRY_MESSAGE;
      },
    }),
  ),
  cvc: z
    .string({ error: CARD_CVC_MESSAGE })
    .check(z.trim(), z.regex(/^\d{3,4}$/, { error: CARD_CVC_MESSAGE })),
});
export type TestCard = z.infer<typeof testCardSchema>;

/** POST /checkout/{id}/test-payment/confirm: the extra step 4000 0025 0000 3155 asks for. */
export const testConfirmationSchema = z.object({ approve: z.boolean() });

/** The test cards and what each does (the usual numbers of card test modes). */
export const TEST_CARDS = {
  pays: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  needsConfirmation: '4000002500003155',
} as const;

export const CARD_DECLINED = 'Your card was declined.';
export const CARD_INSUFFICIENT_FUNDS = 'Your card has insufficient funds.';
export const CONFIRMATION_DECLINED =
  'The payment was not confirmed. Try again or use another card.';
export const CHECKOUT_NOT_FOUND = 'Checkout not found';
export const CHECKOUT_CLOSED = 'This checkout has ended. Start again from the product page.';
export const WRONG_PROVIDER = 'This checkout is not paid with the test provider';
export const COUPLE_NEEDS_PARTNER = "A couple's test needs the partner's name and email";
export const INDIVIDUAL_HAS_NO_PARTNER = 'An individual test does not take a partner';
export const PARTNER_IS_BUYER = "Your partner's email must be different from yours";
export const BUYER_NEEDS_SEX =
  "Add your sex in account settings first: a couple's test sends the mother's and the father's kits";
/** An admin impersonating a patient may look, but only the patient may buy. */
export const IMPERSONATOR_CANNOT_PAY =
  'Only the account holder can buy a test. Return to your own account first.';
/** POST /checkout/{id}/test-payment/confirm when no card is waiting for a confirmation. */
export const NOTHING_TO_CONFIRM = 'This payment is not waiting for a confirmation';
export const PAYMENT_IN_PROGRESS =
  'This payment is already being checked. Wait a moment, then look at your order.';
export const PAYMENT_PROVIDER_UNAVAILABLE =
  'The payment provider did not answer. Please try again in a moment.';

/**
 * The message of a 400 that names the body field it is about, in the error handler's form
 * ('Invalid request: body.discountCode: This discount code is not valid'), so a page can show
 * it at the field, as it does for the schema's own refusals.
 */
export function invalidFieldMessage(field: string, message: string): string {
  return `Invalid request: body.${field}: ${message}`;
}

/** '$1,299.00' */
export function formatCents(cents: number, currency: Currency = 'usd'): string {
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: currency.toUpperCase(),
  }).format(cents / 100);
}

/** POST /payments/stripe/webhook: what Stripe is told once an event is taken (or was already). */
export const paymentWebhookAnswerSchema = z.object({ received: z.boolean() });
