import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userSchema } from '@nestling/shared/contract/user';
import type { UserRow } from '../auth/schema.ts';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/database.ts';
import { createUsersRepository } from './repository.ts';
import { normalizeEmail } from '@nestling/shared/contract/fields';
import { createUsersService, toUser } from './service.ts';

const row: UserRow = {
  id: 'u-1',
  name: 'Maya Demo',
  email: 'maya@example.org',
  emailVerified: true,
  image: null,
  createdAt: new Date('2026-01-01T00:00:00Z'),
  updatedAt: new Date('2026-01-02T00:00:00Z'),
  firstName: 'Maya',
  lastName: 'Demo',
  phone: '+1 202 555 0101',
  sex: 'Female',
  birthMonth: 3,
  birthDay: 14,
  birthYear: 1990,
  isAdminUser: false,
  enableDataPortal: true,
  demoReports: false,
  healthSurveyStatus: 'done',
  tosAccepted: true,
  hipaaAccepted: false,
  researchConsentAt: null,
};

describe('toUser', () => {
  it('maps a stored user to the contract of spec section 3', () => {
    const user = toUser(row);
    expect(user).toEqual({
      id: 'u-1',
      name: { First: 'Maya', Last: 'Demo' },
      email: 'maya@example.org',
      phone: '+1 202 555 0101',
      sex: 'Female',
      birthday: { Month: 3, Day: 14, Year: 1990 },
      emailVerified: true,
      isAdminUser: false,
      enableDataPortal: true,
      healthSurveyStatus: 'done',
      tosAccepted: true,
      hipaaAccepted: false,
    });
    expect(userSchema.parse(user)).toEqual(user);
  });

  it('keeps missing profile fields as null', () => {
    const user = toUser({
      ...row,
      firstName: null,
      lastName: null,
      phone: null,
      sex: null,
      birthMonth: null,
      birthDay: null,
      birthYear: null,
      healthSurveyStatus: null,
    });
    expect(user).toMatchObject({
      name: { First: null, Last: null },
      phone: null,
      sex: null,
      birthday: { Month: null, Day: null, Year: null },
      healthSurveyStatus: null,
    });
    expect(userSchema.safeParse(user).success).toBe(true);
  });

  it("keeps the older 'M' and 'F' and drops any other sex value", () => {
    expect(toUser({ ...row, sex: 'M' }).sex).toBe('M');
    expect(toUser({ ...row, sex: 'F' }).sex).toBe('F');
    expect(toUser({ ...row, sex: 'female' }).sex).toBeNull();
  });

  it('leaves out what the contract does not carry', () => {
    expect(Object.keys(toUser(row))).not.toContain('createdAt');
    expect(Object.keys(toUser(row))).not.toContain('image');
  });
});

describe('normalizeEmail', () => {
  it('trims and lower-cases', () => {
    expect(normalizeEmail('  Maya@Example.ORG \n')).toBe('maya@example.org');
  });
});

describe.each(testDatabaseKinds)('the users service on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await createUsersRepository(database.db).insertWithPassword(
      { ...row, createdAt: undefined, updatedAt: undefined },
      'hash',
    );
  });
  afterAll(async () => {
    await database.destroy();
  });

  it('finds a user by id', async () => {
    const users = createUsersService(createUsersRepository(database.db));
    expect(await users.getById('u-1')).toEqual(toUser(row));
    expect(await users.getById('u-404')).toBeNull();
  });

  it('finds a user by email, however it was typed', async () => {
    const users = createUsersService(createUsersRepository(database.db));
    expect((await users.getByEmail(' Maya@Example.org '))?.id).toBe('u-1');
    expect(await users.getByEmail('nobody@example.org')).toBeNull();
  });

  it('refuses a second user with the same email', async () => {
    const repository = createUsersRepository(database.db);
    expect(
      await repository.insertWithPassword({ id: 'u-2', name: 'X', email: row.email }, 'hash'),
    ).toBe(false);
    expect(await repository.count()).toBe(1);
  });
});
