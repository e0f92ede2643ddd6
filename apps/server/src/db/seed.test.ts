import { eq } from 'drizzle-orm';
import { verifyPassword } from 'better-auth/crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isProfileComplete } from '@nestling/shared/rules';
import { createUsersRepository } from '../modules/users/repository.ts';
import { toUser } from '../modules/users/service.ts';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../test/database.ts';
import { account } from './schema.ts';
import {
  DEMO_PASSWORD,
  demoAccounts,
  demoCouple,
  seedDemoData,
  seedDemoDataIfEmpty,
} from './seed.ts';

const demoEmails = demoAccounts.map((demo) => demo.email);

describe('the demo accounts', () => {
  it('are the ones the README lists', () => {
    expect(demoEmails).toEqual([
      'admin@nestling.health',
      'mother@demo.test',
      'father@demo.test',
      'individual@demo.test',
      'embryo@demo.test',
      'new@demo.test',
      'unverified@demo.test',
      'incomplete@demo.test',
      'staff@demo.test',
    ]);
    expect(DEMO_PASSWORD).toBe('demo-password');
    expect(new Set(demoAccounts.map((demo) => demo.id)).size).toBe(demoAccounts.length);
  });
});

describe.each(testDatabaseKinds)('seeding on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database.destroy();
  });

  it('creates every demo account in an empty database', async () => {
    const result = await seedDemoDataIfEmpty(database.db);
    expect(result).toEqual({ created: demoEmails, skipped: [] });
  });

  it('gives each the confirmation and profile its gate step needs', async () => {
    const users = createUsersRepository(database.db);
    for (const demo of demoAccounts) {
      const row = await users.findByEmail(demo.email);
      expect(row, demo.email).not.toBeNull();
      if (row === null) continue;
      const user = toUser(row);
      expect(user.id).toBe(demo.id);
      expect(user.emailVerified, demo.email).toBe(demo.email !== 'unverified@demo.test');
      expect(isProfileComplete(user), demo.email).toBe(
        !['incomplete@demo.test', 'staff@demo.test'].includes(demo.email),
      );
    }
  });

  it('gives each the flags of its role', async () => {
    const users = createUsersRepository(database.db);
    const byEmail = async (email: string) => {
      const row = await users.findByEmail(email);
      if (row === null) throw new Error(`${email} missing`);
      return toUser(row);
    };
    expect(await byEmail('admin@nestling.health')).toMatchObject({
      isAdminUser: true,
      name: { First: 'Avery', Last: 'Admin' },
    });
    expect(await byEmail('mother@demo.test')).toMatchObject({
      id: demoCouple.motherId,
      sex: 'Female',
    });
    expect(await byEmail('father@demo.test')).toMatchObject({
      id: demoCouple.fatherId,
      sex: 'Male',
    });
    expect(await byEmail('individual@demo.test')).toMatchObject({ enableDataPortal: true });
    expect(await byEmail('new@demo.test')).toMatchObject({
      isAdminUser: false,
      enableDataPortal: false,
      healthSurveyStatus: null,
      tosAccepted: false,
      hipaaAccepted: false,
    });
    const admins = ['admin@nestling.health', 'staff@demo.test'];
    for (const email of demoEmails) {
      expect((await byEmail(email)).isAdminUser, email).toBe(admins.includes(email));
    }
  });

  it('stores the password the way better-auth signs in with it', async () => {
    for (const demo of demoAccounts) {
      const rows = await database.db.select().from(account).where(eq(account.userId, demo.id));
      expect(rows, demo.email).toHaveLength(1);
      const credential = rows[0];
      expect(credential).toMatchObject({ providerId: 'credential', accountId: demo.id });
      expect(
        await verifyPassword({ hash: credential?.password ?? '', password: DEMO_PASSWORD }),
        demo.email,
      ).toBe(true);
      expect(await verifyPassword({ hash: credential?.password ?? '', password: 'wrong' })).toBe(
        false,
      );
    }
  });

  it('changes nothing when run again', async () => {
    expect(await seedDemoDataIfEmpty(database.db)).toBeNull();
    expect(await seedDemoData(database.db)).toEqual({ created: [], skipped: demoEmails });
    expect(await createUsersRepository(database.db).count()).toBe(demoAccounts.length);
  });
});

describe.each(testDatabaseKinds)('seeding a database with users on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database.destroy();
  });

  it('leaves a database that has users alone at start, and fills gaps when asked', async () => {
    const users = createUsersRepository(database.db);
    // Someone signed up with a demo address before the seed ran.
    await users.insertWithPassword(
      { id: 'real-user', name: 'Real Person', email: 'new@demo.test' },
      'not-a-demo-hash',
    );
    expect(await seedDemoDataIfEmpty(database.db)).toBeNull();
    expect(await users.count()).toBe(1);

    const result = await seedDemoData(database.db);
    expect(result.skipped).toEqual(['new@demo.test']);
    expect(result.created).toHaveLength(demoAccounts.length - 1);
    expect((await users.findByEmail('new@demo.test'))?.id).toBe('real-user');
    expect(await users.findById('demo-new')).toBeNull();
  });
});
