import { EMAIL_MESSAGE, EMAIL_PATTERN } from '@nestling/shared/text';

/**
 * The message for an email field, as emailSchema (@nestling/shared/contract/fields) gives it:
 * the same pattern, after trimming, without zod, which /signin's first load does without.
 */
export function emailError(value: string): string | undefined {
  return EMAIL_PATTERN.test(value.trim()) ? undefined : EMAIL_MESSAGE;
}
