import type { User } from '@nestling/shared/contract/user';
import { fullName } from '@nestling/shared/rules';

/** The account link's text (spec section 2): the user's full name, or 'My Account'. */
export function accountLabel(user: Pick<User, 'name'>): string {
  return fullName(user) ?? 'My Account';
}
