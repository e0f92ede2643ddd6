import { describe, expect, it } from 'vitest';
import { tokenExpSeconds } from './token-exp.ts';

function jwt(claims: unknown): string {
  const encode = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${encode({ alg: 'EdDSA' })}.${encode(claims)}.signature`;
}

describe('tokenExpSeconds', () => {
  it('reads exp from the payload (base64url, unpadded)', () => {
    expect(tokenExpSeconds(jwt({ sub: 'u-1', exp: 1_800_000_000 }))).toBe(1_800_000_000);
    expect(tokenExpSeconds(jwt({ sub: 'a?>~', exp: 1 }))).toBe(1);
  });

  it.each([
    ['no token', undefined],
    ['not a JWT', 'opaque'],
    ['an empty payload', 'a..c'],
    ['a payload that is not JSON', 'a.bm90IGpzb24.c'],
    ['no exp', jwt({ sub: 'u-1' })],
    ['a text exp', jwt({ exp: '1800000000' })],
    ['a payload that is not an object', jwt(5)],
  ])('null for %s', (_name, token) => {
    expect(tokenExpSeconds(token)).toBeNull();
  });
});
