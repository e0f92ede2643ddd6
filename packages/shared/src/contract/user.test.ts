import { describe, expect, it } from 'vitest';
import { birthdaySchema, sexSchema, userSchema, type User } from './user.ts';

const fullUser: User = {
  id: 'u1',
  name: { First: 'Ann', Last: 'Lee' },
  email: 'ann@example.com',
  phone: '+1 555 0100',
  sex: 'Female',
  birthday: { Month: 3, Day: 7, Year: 1990 },
  emailVerified: true,
  isAdminUser: false,
  enableDataPortal: true,
  healthSurveyStatus: 'done',
  tosAccepted: true,
  hipaaAccepted: true,
};

describe('userSchema', () => {
  it('accepts a full user unchanged', () => {
    expect(userSchema.parse(fullUser)).toEqual(fullUser);
  });

  it('accepts a fresh user with nulls', () => {
    const fresh = {
      ...fullUser,
      name: { First: null, Last: null },
      phone: null,
      sex: null,
      birthday: { Month: null, Day: null, Year: null },
      healthSurveyStatus: null,
    };
    expect(userSchema.safeParse(fresh).success).toBe(true);
  });

  it.each(['Male', 'Female', 'M', 'F'])('accepts sex %j', (sex) => {
    expect(userSchema.safeParse({ ...fullUser, sex }).success).toBe(true);
  });

  it.each(['X', '', 'male', 'female'])('rejects sex %j', (sex) => {
    const result = userSchema.safeParse({ ...fullUser, sex });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['sex']);
  });

  it('rejects a missing field', () => {
    const rest: Partial<User> = { ...fullUser };
    delete rest.tosAccepted;
    expect(userSchema.safeParse(rest).success).toBe(false);
  });

  it('rejects a string flag', () => {
    expect(userSchema.safeParse({ ...fullUser, isAdminUser: 'true' }).success).toBe(false);
  });
});

describe('birthdaySchema', () => {
  it.each([
    { Month: 0, Day: 1, Year: 1990 },
    { Month: 13, Day: 1, Year: 1990 },
    { Month: 1, Day: 32, Year: 1990 },
    { Month: 1, Day: 1, Year: 1899 },
    { Month: 1.5, Day: 1, Year: 1990 },
  ])('rejects %j', (birthday) => {
    expect(birthdaySchema.safeParse(birthday).success).toBe(false);
  });
});

describe('sexSchema', () => {
  it('has the four stored forms', () => {
    expect(sexSchema.options).toEqual(['Male', 'Female', 'M', 'F']);
  });
});
