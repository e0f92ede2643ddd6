import {
  checkoutPartnerSchema,
  checkoutRequestSchema,
  COUPLE_NEEDS_PARTNER,
  DISCOUNT_CODE_EXPIRED,
  DISCOUNT_CODE_UNKNOWN,
  DISCOUNT_CODE_USED_UP,
  discountCodeTextSchema,
  PARTNER_IS_BUYER,
  shippingAddressSchema,
  type CheckoutRequest,
  type ProductCode,
} from '@nestling/shared/contract/purchase';
import { productShape } from '@nestling/shared/contract/purchase';
import type * as z from 'zod/mini';
import { ApiError } from '../../lib/api.ts';
import {
  ADDRESS_PARTS,
  type AddressPart,
  type EntryField,
  type EntryValues,
  type SavedEntries,
} from './saved-entries.ts';

export type FieldErrors = Partial<Record<EntryField, string>>;

/** The first message a schema gives for a value, or undefined when the value is valid. */
function schemaError(schema: z.ZodMiniType, value: unknown): string | undefined {
  const result = schema.safeParse(value);
  if (result.success) return undefined;
  return result.error.issues[0]?.message ?? 'Check this field';
}

const addressSchemas = shippingAddressSchema.shape;

/** The fields a product's form shows, in the order they appear on the page. */
export function visibleFields(product: ProductCode, separateAddresses: boolean): EntryField[] {
  const couple = productShape(product).kind === 'couple';
  const address = (who: 'buyer' | 'partner') =>
    ADDRESS_PARTS.map((part): EntryField => `shipping.${who}.${part}`);
  return [
    ...(couple ? (['partner.firstName', 'partner.lastName', 'partner.email'] as EntryField[]) : []),
    ...address('buyer'),
    ...(couple && separateAddresses ? address('partner') : []),
    'discountCode',
  ];
}

/** One field's message, checked with the contract's own schemas; undefined when it is fine. */
export function fieldError(field: EntryField, value: string): string | undefined {
  if (field === 'discountCode') {
    return value.trim() === '' ? undefined : schemaError(discountCodeTextSchema, value);
  }
  if (field === 'partner.firstName')
    return schemaError(checkoutPartnerSchema.shape.firstName, value);
  if (field === 'partner.lastName') return schemaError(checkoutPartnerSchema.shape.lastName, value);
  if (field === 'partner.email') {
    return value.trim() === ''
      ? "Enter your partner's email"
      : schemaError(checkoutPartnerSchema.shape.email, value);
  }
  const part = field.split('.')[2] as AddressPart;
  if (part === 'state' && value === '') return 'Choose a state';
  return schemaError(addressSchemas[part], part === 'line2' && value === '' ? undefined : value);
}

function address(values: EntryValues, who: 'buyer' | 'partner') {
  const line2 = values[`shipping.${who}.line2`].trim();
  return {
    name: values[`shipping.${who}.name`],
    line1: values[`shipping.${who}.line1`],
    ...(line2 === '' ? {} : { line2 }),
    city: values[`shipping.${who}.city`],
    state: values[`shipping.${who}.state`],
    zip: values[`shipping.${who}.zip`],
  };
}

/**
 * The checkout request the entries make, or the message of every field that is wrong: a bad
 * body is never sent.
 */
export function buildCheckoutRequest(
  product: ProductCode,
  entries: SavedEntries,
): { ok: true; request: CheckoutRequest } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {};
  for (const field of visibleFields(product, entries.separateAddresses)) {
    const message = fieldError(field, entries.values[field]);
    if (message !== undefined) errors[field] = message;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };

  const { values } = entries;
  const couple = productShape(product).kind === 'couple';
  const code = values.discountCode.trim();
  const parsed = checkoutRequestSchema.safeParse({
    product,
    idempotencyKey: entries.idempotencyKey,
    ...(couple
      ? {
          partner: {
            firstName: values['partner.firstName'],
            lastName: values['partner.lastName'],
            email: values['partner.email'],
          },
        }
      : {}),
    shipping: {
      buyer: address(values, 'buyer'),
      ...(couple && entries.separateAddresses ? { partner: address(values, 'partner') } : {}),
    },
    ...(code === '' ? {} : { discountCode: code.toUpperCase() }),
  });
  if (!parsed.success) {
    // The field checks above cover every rule; this is the last guard before sending.
    for (const issue of parsed.error.issues) {
      const field = issue.path.join('.') as EntryField;
      errors[field in entries.values ? field : 'shipping.buyer.name'] ??= issue.message;
    }
    return { ok: false, errors };
  }
  return { ok: true, request: parsed.data };
}

const DISCOUNT_MESSAGES = new Set([
  DISCOUNT_CODE_UNKNOWN,
  DISCOUNT_CODE_EXPIRED,
  DISCOUNT_CODE_USED_UP,
]);

/**
 * A refusal from the server, split into the fields it names and what is left for the top of the
 * form. Field errors arrive as 'Invalid request: body.shipping.buyer.zip: Enter a ZIP…; …'.
 */
export function serverErrors(error: unknown): { fields: FieldErrors; general: string | null } {
  if (!(error instanceof ApiError)) {
    return {
      fields: {},
      general: error === null ? null : 'Something went wrong. Please try again.',
    };
  }
  if (error.status === 0) {
    return {
      fields: {},
      general: 'We could not reach the portal. Check your connection and try again.',
    };
  }
  if (error.status >= 500) {
    return {
      fields: {},
      general: 'Something went wrong on our side. Please try again in a moment.',
    };
  }
  const { message } = error;
  if (DISCOUNT_MESSAGES.has(message)) return { fields: { discountCode: message }, general: null };
  if (message === PARTNER_IS_BUYER) return { fields: { 'partner.email': message }, general: null };
  const prefix = 'Invalid request: ';
  if (!message.startsWith(prefix)) return { fields: {}, general: message };

  const fields: FieldErrors = {};
  const rest: string[] = [];
  for (const part of message.slice(prefix.length).split('; ')) {
    const match = /^body\.([\w.]+): (.+)$/.exec(part);
    const field = match?.[1] as EntryField | undefined;
    if (match?.[2] !== undefined && field !== undefined && isEntryField(field)) {
      fields[field] ??= match[2];
    } else {
      rest.push(match?.[2] ?? part);
    }
  }
  if (rest.includes(COUPLE_NEEDS_PARTNER)) fields['partner.firstName'] ??= COUPLE_NEEDS_PARTNER;
  const left = rest.filter((text) => text !== COUPLE_NEEDS_PARTNER);
  return { fields, general: left.length === 0 ? null : left.join(' ') };
}

function isEntryField(field: string): field is EntryField {
  return (
    field === 'discountCode' ||
    /^partner\.(firstName|lastName|email)$/.test(field) ||
    /^shipping\.(buyer|partner)\.(name|line1|line2|city|state|zip)$/.test(field)
  );
}
