import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zipCenter, milesBetween } from '../modules/clinics/geo.ts';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../test/database.ts';
import { demoClinics, seedDemoClinics } from './clinics.ts';
import { clinic } from '../modules/clinics/schema.ts';

describe.each(testDatabaseKinds)('the demo clinics on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await database.destroy();
  });

  it('are added once however often the seed runs, and staff edits stay', async () => {
    await seedDemoClinics(database.db);
    await database.db
      .update(clinic)
      .set({ active: false })
      .where(eq(clinic.id, 'demo-clinic-sunset'));
    await seedDemoClinics(database.db);
    const rows = await database.db.select().from(clinic);
    expect(rows).toHaveLength(demoClinics.length);
    expect(new Set(rows.map((row) => row.state)).size).toBeGreaterThanOrEqual(5);
    expect(rows.find((row) => row.id === 'demo-clinic-sunset')?.active).toBe(false);
  });

  it('sit within a few miles of their ZIP code’s center', () => {
    for (const demo of demoClinics) {
      const center = zipCenter(demo.zip);
      expect(center, demo.zip).not.toBeNull();
      if (center === null) continue;
      expect(milesBetween(center, demo), demo.name).toBeLessThan(5);
    }
  });
});
