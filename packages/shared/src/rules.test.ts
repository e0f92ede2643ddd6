import { describe, expect, it } from 'vitest';
import type { User } from './contract/user.ts';
import {
  areTermsAccepted,
  fullName,
  isHealthSurveyDone,
  isPrimaryAdmin,
  isProfileComplete,
  type ProfileFields,
} from './rules.ts';

function completeProfile(): ProfileFields {
  return {
    name: { First: 'Ann', Last: 'Lee' },
    sex: 'Female',
    email: 'ann@example.com',
    phone: '+1 555 0100',
    birthday: { Month: 3, Day: 7, Year: 1990 },
  };
}

function withChange(change: (profile: ProfileFields) => void): ProfileFields {
  const profile = completeProfile();
  change(profile);
  return profile;
}

describe('isProfileComplete', () => {
  it('is true when every field is present', () => {
    expect(isProfileComplete(completeProfile())).toBe(true);
  });

  it('accepts every stored sex value', () => {
    for (const sex of ['Male', 'Female', 'M', 'F'] as const) {
      expect(isProfileComplete(withChange((p) => (p.sex = sex)))).toBe(true);
    }
  });

  it('accepts a full User', () => {
    const user: User = {
      ...completeProfile(),
      id: 'u1',
      emailVerified: true,
      isAdminUser: false,
      enableDataPortal: false,
      healthSurveyStatus: null,
      tosAccepted: false,
      hipaaAccepted: false,
    };
    expect(isProfileComplete(user)).toBe(true);
  });

  it.each<[string, (profile: ProfileFields) => void]>([
    ['first name null', (p) => (p.name.First = null)],
    ['first name empty', (p) => (p.name.First = '')],
    ['first name whitespace', (p) => (p.name.First = '  \t')],
    ['last name null', (p) => (p.name.Last = null)],
    ['last name empty', (p) => (p.name.Last = '')],
    ['last name whitespace', (p) => (p.name.Last = ' ')],
    ['sex null', (p) => (p.sex = null)],
    ['email empty', (p) => (p.email = '')],
    ['email whitespace', (p) => (p.email = '   ')],
    ['phone null', (p) => (p.phone = null)],
    ['phone empty', (p) => (p.phone = '')],
    ['phone whitespace', (p) => (p.phone = ' ')],
    ['birth month null', (p) => (p.birthday.Month = null)],
    ['birth day null', (p) => (p.birthday.Day = null)],
    ['birth year null', (p) => (p.birthday.Year = null)],
    ['birth month NaN', (p) => (p.birthday.Month = NaN)],
    [
      'whole birthday null',
      (p) => {
        p.birthday = { Month: null, Day: null, Year: null };
      },
    ],
  ])('is false with %s', (_, change) => {
    expect(isProfileComplete(withChange(change))).toBe(false);
  });
});

describe('isHealthSurveyDone', () => {
  it('is true only for exactly "done"', () => {
    expect(isHealthSurveyDone('done')).toBe(true);
  });

  it.each([null, undefined, '', 'Done', 'DONE', ' done', 'done ', 'in-progress', 'not done'])(
    'is false for %j',
    (status) => {
      expect(isHealthSurveyDone(status)).toBe(false);
    },
  );
});

describe('areTermsAccepted', () => {
  it.each([
    [true, true, true],
    [true, false, false],
    [false, true, false],
    [false, false, false],
  ])('tos %s, hipaa %s -> %s', (tosAccepted, hipaaAccepted, expected) => {
    expect(areTermsAccepted({ tosAccepted, hipaaAccepted })).toBe(expected);
  });
});

describe('fullName', () => {
  it.each<[string | null, string | null, string | null]>([
    ['Ann', 'Lee', 'Ann Lee'],
    ['  Ann ', ' Lee  ', 'Ann Lee'],
    ['Ann', null, 'Ann'],
    ['Ann', '  ', 'Ann'],
    [null, 'Lee', 'Lee'],
    ['', 'Lee', 'Lee'],
    ['Mary Ann', 'van Dyke', 'Mary Ann van Dyke'],
    [null, null, null],
    ['', '', null],
    ['  ', '\t', null],
  ])('%j + %j -> %j', (First, Last, expected) => {
    expect(fullName({ name: { First, Last } })).toBe(expected);
  });
});

describe('isPrimaryAdmin', () => {
  it.each<[boolean, string, string, boolean]>([
    [true, 'admin@nestling.health', 'nestling.health', true],
    [true, ' Admin@Nestling.Health ', 'nestling.health', true],
    [true, 'admin@NESTLING.health', ' Nestling.Health ', true],
    [false, 'patient@nestling.health', 'nestling.health', false],
    [true, 'admin@partner-lab.test', 'nestling.health', false],
    [true, 'admin@evil-nestling.health', 'nestling.health', false],
    [true, 'admin@nestling.health.evil.test', 'nestling.health', false],
    [true, 'admin@nestling.health', '', false],
  ])('admin %s, %j, domain %j -> %s', (isAdminUser, email, domain, expected) => {
    expect(isPrimaryAdmin({ isAdminUser, email }, domain)).toBe(expected);
  });
});
