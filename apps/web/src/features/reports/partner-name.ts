import type { CoupleAccount } from '@nestling/shared/contract/orders';

/** The other partner's full name, else their email; null while they have not joined. */
export function partnerName(account: CoupleAccount): string | null {
  const { partner } = account;
  if (partner == null) return null;
  const name = [partner.name.First, partner.name.Last].filter(Boolean).join(' ');
  return name === '' ? partner.email : name;
}
