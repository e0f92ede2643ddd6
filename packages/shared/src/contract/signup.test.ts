import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DOB_FORMAT_MESSAGE } from '../dates.ts';
import { EMAIL_MESSAGE } from '../text.ts';
import {
  passwordSchema,
  phoneSchema,
  PHONE_MESSAGE,
  signupRequestSchema,
  signupSchema,
  type SignupInput,
} from './signup.ts';

function validForm(): SignupInput {
  return {
    email: ' Ann@Example.com ',
    password: 'correct horse',
    firstName: ' Ann ',
    lastName: 'Lee',
    phone: ' +1 (555) 010-0100 ',
    dob: '3/7/1990',
    sex: 'Female',
  };
}

function issuesFor(input: unknown): Record<string, string[]> {
  const result = signupSchema.safeParse(input);
  if (result.success) return {};
  const byField: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.');
    (byField[key] ??= []).push(issue.message);
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

describe('signupSchema', () => {
  it('accepts a valid form and normalizes it', () => {
    expect(signupSchema.parse(validForm())).toEqual({
      email: 'Ann@Example.com',
      password: 'correct horse',
      firstName: 'Ann',
      lastName: 'Lee',
      phone: '+1 (555) 010-0100',
      dob: '03/07/1990',
      sex: 'Female',
    });
  });

  it('accepts Male', () => {
    expect(signupSchema.parse({ ...validForm(), sex: 'Male' }).sex).toBe('Male');
  });

  it.each([
    ['email', 'not-an-email', EMAIL_MESSAGE],
    ['email', '  ', EMAIL_MESSAGE],
    ['firstName', '', 'Enter your first name'],
    ['firstName', '   ', 'Enter your first name'],
    ['lastName', '', 'Enter your last name'],
    ['lastName', 'x'.repeat(101), 'Use at most 100 characters'],
    ['phone', '555', PHONE_MESSAGE],
    ['dob', '1990-03-07', DOB_FORMAT_MESSAGE],
    ['dob', '02/30/1990', 'February has 28 or 29 days'],
    ['sex', 'F', 'Choose Male or Female'],
    ['sex', 'X', 'Choose Male or Female'],
    ['sex', '', 'Choose Male or Female'],
    ['password', 'short', 'Use at least 8 characters'],
  ])('rejects %s %j with %j', (field, value, message) => {
    expect(issuesFor({ ...validForm(), [field]: value })).toEqual({ [field]: [message] });
  });

  it('reports every missing field', () => {
    expect(Object.keys(issuesFor({})).sort()).toEqual(
      ['dob', 'email', 'firstName', 'lastName', 'password', 'phone', 'sex'].sort(),
    );
  });

  it('reports a missing field with its human message', () => {
    const withoutSex: Partial<SignupInput> = validForm();
    delete withoutSex.sex;
    expect(issuesFor(withoutSex)).toEqual({ sex: ['Choose Male or Female'] });
  });

  it('accepts a name of exactly 100 characters', () => {
    expect(signupSchema.safeParse({ ...validForm(), firstName: 'x'.repeat(100) }).success).toBe(
      true,
    );
  });
});

describe('passwordSchema', () => {
  it('accepts 8 and 128 characters and keeps spaces', () => {
    expect(passwordSchema.parse('12345678')).toBe('12345678');
    expect(passwordSchema.parse('x'.repeat(128))).toHaveLength(128);
    expect(passwordSchema.parse('  pass word  ')).toBe('  pass word  ');
  });

  it('rejects 7 and 129 characters with the agreed messages', () => {
    expect(passwordSchema.safeParse('1234567').error?.issues[0]?.message).toBe(
      'Use at least 8 characters',
    );
    expect(passwordSchema.safeParse('').error?.issues[0]?.message).toBe(
      'Use at least 8 characters',
    );
    expect(passwordSchema.safeParse('x'.repeat(129)).error?.issues[0]?.message).toBe(
      'Use at most 128 characters',
    );
  });
});

describe('phoneSchema', () => {
  it.each([
    '5550100',
    '555 0100',
    '+44 20 7946 0958',
    '(555) 010-0100',
    '+1-555-010-0100',
    '1'.repeat(20),
    '+1 (234) 567-8901 234 567 89',
  ])('accepts %j', (phone) => {
    expect(phoneSchema.parse(phone)).toBe(phone);
  });

  it('trims the value', () => {
    expect(phoneSchema.parse('  5550100\n')).toBe('5550100');
  });

  it.each([
    '',
    '   ',
    '555010',
    '1'.repeat(21),
    '+() - ',
    '555-0100 ext 2',
    '555.010.0100',
    '555\t0100',
    '555/0100',
    '５５５０１００',
  ])('rejects %j', (phone) => {
    const result = phoneSchema.safeParse(phone);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([PHONE_MESSAGE]);
  });
});

describe('signupRequestSchema (the sign-up body the server checks)', () => {
  const body = {
    email: ' grace@demo.test ',
    password: 'long enough',
    name: 'Grace Hopper',
    firstName: 'Grace',
    lastName: 'Hopper',
    phone: '+1 555 0101',
    sex: 'Female',
    birthMonth: 3,
    birthDay: 7,
    birthYear: 1990,
  };
  const firstIssue = (input: unknown) => {
    const result = signupRequestSchema.safeParse(input);
    return result.success ? undefined : result.error.issues[0];
  };

  it('takes what the sign-up form sends', () => {
    expect(signupRequestSchema.safeParse(body).success).toBe(true);
  });

  it('takes an account with only a name, email and password (the profile comes later)', () => {
    const minimal = { email: body.email, password: body.password, name: body.name };
    expect(signupRequestSchema.safeParse(minimal).success).toBe(true);
  });

  it('drops every other key, so that no flag of the account can be set at sign-up', () => {
    const parsed = signupRequestSchema.parse({ ...body, isAdminUser: true, image: 'x' });
    expect(Object.keys(parsed)).not.toContain('isAdminUser');
    expect(Object.keys(parsed)).not.toContain('image');
  });

  it.each([
    [{ phone: 'call me' }, ['phone'], 'Enter a valid phone number'],
    [{ sex: 'X' }, ['sex'], 'Choose Male or Female'],
    [{ password: 'short' }, ['password'], 'Use at least 8 characters'],
    [{ firstName: ' ' }, ['firstName'], 'Enter your first name'],
    [{ birthMonth: 2, birthDay: 30 }, ['birthMonth'], 'Enter your date of birth as MM/DD/YYYY'],
    [{ birthYear: null }, ['birthMonth'], 'Enter your date of birth as MM/DD/YYYY'],
  ])('refuses %o at %o', (change, path, message) => {
    expect(firstIssue({ ...body, ...change })).toMatchObject({ path, message });
  });
});
