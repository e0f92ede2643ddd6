import { emailSchema } from '@nestling/shared/contract/fields';
import { describe, expect, it } from 'vitest';
import { emailError } from './email-check.ts';

describe('emailError', () => {
  it.each([
    'ada@example.test',
    '  ada@example.test ',
    'ada.lovelace+portal@mail.example.co',
    "o'brien@example.test",
    '',
    '   ',
    'ada',
    'ada@',
    '@example.test',
    'ada@example',
    'ada@@example.test',
    'ada lovelace@example.test',
    'ada@example..test',
    '.ada@example.test',
  ])('judges %j as emailSchema does', (value) => {
    const result = emailSchema.safeParse(value);
    expect(emailError(value)).toBe(result.success ? undefined : result.error.issues[0]?.message);
  });
});
