import type { Checkout, ProductCode } from '@nestling/shared/contract/purchase';

/*
 * What the person typed on a purchase page, kept in the tab's session storage as they type so
 * that an error, a reload, a failed payment or a detour to another page loses nothing. Never
 * the card: the card form's state lives only in memory. Cleared once the order is paid.
 */

export const ADDRESS_PARTS = ['name', 'line1', 'line2', 'city', 'state', 'zip'] as const;
export type AddressPart = (typeof ADDRESS_PARTS)[number];

/** The form's fields, named by their path in the checkout request (as the server names them). */
export type EntryField =
  | 'partner.firstName'
  | 'partner.lastName'
  | 'partner.email'
  | `shipping.buyer.${AddressPart}`
  | `shipping.partner.${AddressPart}`
  | 'discountCode';

export type EntryValues = Record<EntryField, string>;

export interface SavedEntries {
  values: EntryValues;
  /** For a couple: each kit to its own address. */
  separateAddresses: boolean;
  /** Made once per visit, kept with the entries: a double click or a reload sends it again. */
  idempotencyKey: string;
  /** The request body the key was last sent with: other entries need a key of their own. */
  keyUsedFor: string | null;
  /** The checkout waiting for its payment, so a reload returns to the payment step. */
  checkoutId: string | null;
}

const addressFields = (who: 'buyer' | 'partner') =>
  Object.fromEntries(ADDRESS_PARTS.map((part) => [`shipping.${who}.${part}`, ''])) as Record<
    `shipping.${typeof who}.${AddressPart}`,
    string
  >;

export function emptyValues(): EntryValues {
  return {
    'partner.firstName': '',
    'partner.lastName': '',
    'partner.email': '',
    ...addressFields('buyer'),
    ...addressFields('partner'),
    discountCode: '',
  };
}

export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

/*
 * Two tabs of one purchase must pay once. Session storage belongs to one tab, so the key is
 * made from a purchase id kept in local storage, which every tab of the portal shares, and the
 * entries sent: the same entries from any tab send the same key and get the same checkout;
 * other entries get a key of their own. The purchase id is random and says nothing about the
 * person; it is dropped once the order is paid, or when its checkout has ended.
 */
const purchaseIdKey = (product: ProductCode) => `purchase-id:${product}`;

function sharedStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The purchase id every tab shares for this product; a new one when `renew` or none yet. */
export function sharedPurchaseId(product: ProductCode, renew = false): string {
  const existing = renew ? null : sharedStorage()?.getItem(purchaseIdKey(product));
  if (existing) return existing;
  const made = newIdempotencyKey();
  try {
    sharedStorage()?.setItem(purchaseIdKey(product), made);
  } catch {
    // Switched off: this tab still pays once, with its own id.
  }
  return made;
}

export function forgetPurchaseId(product: ProductCode): void {
  try {
    sharedStorage()?.removeItem(purchaseIdKey(product));
  } catch {
    // Nothing to forget.
  }
}

/** FNV-1a over the text, twice with different seeds: 16 hex characters. Not a secret. */
function fingerprintHash(text: string): string {
  let first = 0x811c9dc5;
  let second = 0x9e3779b9;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    first = Math.imul(first ^ code, 0x01000193) >>> 0;
    second = Math.imul(second ^ code, 0x01000193) >>> 0;
  }
  return first.toString(16).padStart(8, '0') + second.toString(16).padStart(8, '0');
}

/** The idempotency key of these entries (`sent`) in the shared purchase. */
export function idempotencyKeyFor(purchaseId: string, sent: string): string {
  return `${purchaseId}-${fingerprintHash(sent)}`;
}

export function freshEntries(values: Partial<EntryValues> = {}): SavedEntries {
  return {
    values: { ...emptyValues(), ...values },
    separateAddresses: false,
    idempotencyKey: newIdempotencyKey(),
    keyUsedFor: null,
    checkoutId: null,
  };
}

const storageKey = (product: ProductCode) => `purchase:${product}`;

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    // Storage switched off: the form still works, it only forgets on reload.
    return null;
  }
}

/** The entries kept for a product, or null when there are none (or they cannot be read). */
export function loadEntries(product: ProductCode): SavedEntries | null {
  const text = storage()?.getItem(storageKey(product));
  if (!text) return null;
  try {
    const saved = JSON.parse(text) as Partial<SavedEntries>;
    if (typeof saved.idempotencyKey !== 'string' || typeof saved.values !== 'object') return null;
    const values = emptyValues();
    for (const field of Object.keys(values) as EntryField[]) {
      const value = (saved.values as Record<string, unknown>)[field];
      if (typeof value === 'string') values[field] = value;
    }
    return {
      values,
      separateAddresses: saved.separateAddresses === true,
      idempotencyKey: saved.idempotencyKey,
      keyUsedFor: typeof saved.keyUsedFor === 'string' ? saved.keyUsedFor : null,
      checkoutId: typeof saved.checkoutId === 'string' ? saved.checkoutId : null,
    };
  } catch {
    return null;
  }
}

export function saveEntries(product: ProductCode, entries: SavedEntries): void {
  try {
    storage()?.setItem(storageKey(product), JSON.stringify(entries));
  } catch {
    // Full or switched off: nothing to do; the page keeps the entries in memory.
  }
}

export function clearEntries(product: ProductCode): void {
  storage()?.removeItem(storageKey(product));
  forgetPurchaseId(product);
}

/** The entries of a checkout the person came back to (a payment canceled at the provider). */
export function entriesFromCheckout(checkout: Checkout): SavedEntries {
  const { partner, shipping } = checkout.request;
  const values = emptyValues();
  if (partner) {
    values['partner.firstName'] = partner.firstName;
    values['partner.lastName'] = partner.lastName;
    values['partner.email'] = partner.email;
  }
  for (const part of ADDRESS_PARTS) {
    values[`shipping.buyer.${part}`] = shipping.buyer[part] ?? '';
    if (shipping.partner) values[`shipping.partner.${part}`] = shipping.partner[part] ?? '';
  }
  values.discountCode = checkout.summary.discountCode ?? '';
  return {
    ...freshEntries(values),
    separateAddresses: shipping.partner !== null,
  };
}
