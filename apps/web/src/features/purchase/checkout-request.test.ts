import {
  BUYER_NEEDS_SEX,
  COUPLE_NEEDS_PARTNER,
  DISCOUNT_CODE_USED_UP,
  invalidFieldMessage,
  PARTNER_IS_BUYER,
} from '@nestling/shared/contract/purchase';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { formatCardNumber, formatExpiry } from './card-format.ts';
import { buildCheckoutRequest, serverErrors } from './checkout-request.ts';
import { freshEntries } from './saved-entries.ts';

const address = {
  'shipping.buyer.name': 'Ada Lovelace',
  'shipping.buyer.line1': '12 Elm Street',
  'shipping.buyer.city': 'Springfield',
  'shipping.buyer.state': 'IL',
  'shipping.buyer.zip': '62701',
};

describe('buildCheckoutRequest', () => {
  it('builds an individual request without a partner, trimming and upper-casing the code', () => {
    const entries = freshEntries({ ...address, discountCode: ' spring ' });
    const built = buildCheckoutRequest('individual', entries);
    expect(built).toEqual({
      ok: true,
      request: {
        product: 'individual',
        idempotencyKey: entries.idempotencyKey,
        shipping: {
          buyer: {
            name: 'Ada Lovelace',
            line1: '12 Elm Street',
            city: 'Springfield',
            state: 'IL',
            zip: '62701',
          },
        },
        discountCode: 'SPRING',
      },
    });
  });

  it("asks for the partner of a couple's test, and checks the second address only when chosen", () => {
    const entries = freshEntries(address);
    const built = buildCheckoutRequest('couple', entries);
    expect(built.ok).toBe(false);
    expect(built.ok ? {} : built.errors).toEqual({
      'partner.firstName': "Enter your partner's first name",
      'partner.lastName': "Enter your partner's last name",
      'partner.email': "Enter your partner's email",
    });
    const separate = buildCheckoutRequest('couple', { ...entries, separateAddresses: true });
    expect(separate.ok ? {} : separate.errors).toHaveProperty(
      'shipping.partner.zip',
      'Enter a ZIP code like 12345 or 12345-6789',
    );
  });
});

describe('serverErrors', () => {
  const refusal = (message: string, status = 400) => serverErrors(new ApiError(message, status));

  it("puts the error handler's named fields at their fields", () => {
    expect(
      refusal(
        'Invalid request: body.shipping.buyer.zip: Enter a ZIP code; body.partner.email: Invalid email address',
      ),
    ).toEqual({
      fields: {
        'shipping.buyer.zip': 'Enter a ZIP code',
        'partner.email': 'Invalid email address',
      },
      general: null,
    });
    expect(refusal(invalidFieldMessage('partner.email', PARTNER_IS_BUYER))).toEqual({
      fields: { 'partner.email': PARTNER_IS_BUYER },
      general: null,
    });
    expect(refusal(invalidFieldMessage('partner', COUPLE_NEEDS_PARTNER)).fields).toEqual({
      'partner.firstName': COUPLE_NEEDS_PARTNER,
    });
  });

  it('puts a bare discount refusal at the code, and anything else at the top', () => {
    expect(refusal(DISCOUNT_CODE_USED_UP).fields).toEqual({ discountCode: DISCOUNT_CODE_USED_UP });
    expect(refusal(BUYER_NEEDS_SEX)).toEqual({ fields: {}, general: BUYER_NEEDS_SEX });
    expect(refusal('Internal Server Error', 500).general).toMatch(/on our side/);
  });
});

describe('card formatting', () => {
  it('groups the number in fours and puts the slash in the expiry', () => {
    expect(formatCardNumber('4242-4242 42424242')).toBe('4242 4242 4242 4242');
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('123')).toBe('12/3');
    expect(formatExpiry('12/345')).toBe('12/34');
  });
});
