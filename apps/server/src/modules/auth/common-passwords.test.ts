import { describe, expect, it } from 'vitest';
import { isCommonPassword } from './common-passwords.ts';

describe('isCommonPassword', () => {
  it.each(['password', 'Password1', 'iloveyou', 'qwertyuiop', 'trustno1', 'Sunshine'])(
    'refuses %s, in any case',
    (password) => {
      expect(isCommonPassword(password)).toBe(true);
    },
  );

  it.each(['a sturdy passphrase', 'correct horse battery staple', 'Nestl1ng-Kite-47'])(
    'accepts %s',
    (password) => {
      expect(isCommonPassword(password)).toBe(false);
    },
  );

  it('reads the list, not its header comments', () => {
    expect(
      isCommonPassword(
        '# common passwords of 8 characters or more, refused for every new password.',
      ),
    ).toBe(false);
  });
});
