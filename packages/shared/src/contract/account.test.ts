import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DOB_FORMAT_MESSAGE, DOB_FUTURE_MESSAGE } from '../dates.ts';
import { EMAIL_MESSAGE } from '../text.ts';
import {
  changeEmailBodySchema,
  changePasswordBodySchema,
  CURRENT_PASSWORD_MESSAGE,
  DOB_TWICE_MESSAGE,
  emailChangeSentMessage,
  updateProfileBodySchema,
} from './account.ts';
import { PHONE_MESSAGE } from './signup.ts';

function issuesFor(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  const byField: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? []) {
    (byField[issue.path.join('.')] ??= []).push(issue.message);
  }
  return byField;
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-06-15T12:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

describe('updateProfileBodySchema', () => {
  it('trims and normalizes each field it is given, and needs none of them', () => {
    expect(
      updateProfileBodySchema.parse({
        firstName: ' Ann ',
        lastName: 'Lee',
        phone: ' +1 555 0100 ',
        dob: '3/7/1990',
        sex: 'Female',
      }),
    ).toEqual({
      firstName: 'Ann',
      lastName: 'Lee',
      phone: '+1 555 0100',
      dob: '03/07/1990',
      sex: 'Female',
    });
    expect(updateProfileBodySchema.parse({ phone: '555 0100 99' })).toEqual({
      phone: '555 0100 99',
    });
  });

  it('takes the birthday as three parts, by the same rules', () => {
    expect(
      updateProfileBodySchema.parse({ birthday: { Month: 3, Day: 7, Year: 1990 } }).birthday,
    ).toBe('03/07/1990');
    expect(
      issuesFor(updateProfileBodySchema.safeParse({ birthday: { Month: 2, Day: 30, Year: 1990 } })),
    ).toEqual({ birthday: ['February has 28 or 29 days'] });
    expect(
      issuesFor(updateProfileBodySchema.safeParse({ birthday: { Month: 1, Day: 1, Year: 2027 } })),
    ).toEqual({ birthday: [DOB_FUTURE_MESSAGE] });
  });

  it('names the field that is wrong', () => {
    expect(
      issuesFor(updateProfileBodySchema.safeParse({ phone: 'call me', dob: '1990-03-07' })),
    ).toEqual({ phone: [PHONE_MESSAGE], dob: [DOB_FORMAT_MESSAGE] });
    expect(issuesFor(updateProfileBodySchema.safeParse({ sex: 'M' }))).toEqual({
      sex: ['Choose Male or Female'],
    });
  });

  it('refuses the date of birth twice', () => {
    expect(
      issuesFor(
        updateProfileBodySchema.safeParse({
          dob: '03/07/1990',
          birthday: { Month: 3, Day: 7, Year: 1990 },
        }),
      ),
    ).toEqual({ birthday: [DOB_TWICE_MESSAGE] });
  });

  it.each([['email'], ['isAdminUser'], ['tosAccepted'], ['hipaaAccepted'], ['enableDataPortal']])(
    'refuses %s',
    (key) => {
      const result = updateProfileBodySchema.safeParse({ firstName: 'Ann', [key]: true });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toContain(key);
    },
  );
});

describe('changePasswordBodySchema', () => {
  it('needs the current password and a new one of 8 to 128 characters', () => {
    expect(
      issuesFor(changePasswordBodySchema.safeParse({ currentPassword: '', newPassword: 'short' })),
    ).toEqual({
      currentPassword: [CURRENT_PASSWORD_MESSAGE],
      newPassword: ['Use at least 8 characters'],
    });
    expect(
      changePasswordBodySchema.parse({ currentPassword: 'x', newPassword: ' spaced out ' }),
    ).toEqual({ currentPassword: 'x', newPassword: ' spaced out ' });
  });
});

describe('changeEmailBodySchema', () => {
  it('trims the new email and checks it', () => {
    expect(
      changeEmailBodySchema.parse({ newEmail: ' ann@example.org ', currentPassword: 'x' }),
    ).toEqual({ newEmail: 'ann@example.org', currentPassword: 'x' });
    expect(
      issuesFor(changeEmailBodySchema.safeParse({ newEmail: 'ann', currentPassword: 'x' })),
    ).toEqual({ newEmail: [EMAIL_MESSAGE] });
  });

  it('says where the link went and that nothing changed yet', () => {
    expect(emailChangeSentMessage('ann@example.org')).toBe(
      'We have sent a confirmation link to ann@example.org. Your email changes once you open it.',
    );
  });
});
