import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLabClient, LabApiError, type LabClient } from '@nestling/lab-client';
import { LAB_KEY_INVALID, labKeyCreatedSchema } from '@nestling/shared/contract/lab';
import { RAW_GENOME_NOT_VCF } from '@nestling/shared/contract/my-data';
import { CORRECTION_NEEDS_NOTE } from '@nestling/shared/contract/order-tracker';
import { REPORT_VERSION_CONFLICT, type ReportPayload } from '@nestling/shared/contract/report';
import type { App } from '../../app.ts';
import { seedDemoData } from '../../demo/seed.ts';
import { createTestApp } from '../../test/app.ts';
import { bearer, signInToken, TEST_ORIGIN } from '../../test/auth.ts';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../../test/database.ts';
import { demoOrders, motherReport } from '../demo-reports/payloads.ts';

/*
 * The lab API as a lab's pipeline calls it: through the published client, over HTTP, against
 * the server on a port. The routes' own tests (routes.test.ts and the others) hold the rules;
 * these check that the client and the server read one contract.
 */

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('The call was expected to fail');
    },
    (error: unknown) => {
      if (!(error instanceof LabApiError)) throw error;
      return error;
    },
  );

describe.each(testDatabaseKinds)('the lab client against the server on %s', (kind) => {
  let database: TestDatabase;
  let app: App;
  let lab: LabClient;
  let baseUrl = '';
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nestling-lab-client-'));

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await seedDemoData(database.db);
    app = await createTestApp({ database, env: { PUBLIC_URL: TEST_ORIGIN, DATA_DIR: dataDir } });
    await app.listen({ host: '127.0.0.1', port: 0 });
    baseUrl = `http://127.0.0.1:${String((app.server.address() as AddressInfo).port)}`;
    const created = await app.inject({
      method: 'POST',
      url: '/api/admin/lab-keys',
      headers: bearer(await signInToken(app, 'admin@nestling.health')),
      payload: { name: 'Pipeline' },
    });
    const { key } = labKeyCreatedSchema.parse(created.json());
    lab = createLabClient({ baseUrl, key, retryDelayMs: 10 });
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('delivers a report, says so again for the same version, and refuses other content under it', async () => {
    const payload: ReportPayload = {
      ...motherReport,
      labReportId: `CLIENT-${kind}`,
      version: 1,
      individualOrderId: demoOrders.individual,
    };
    const first = await lab.deliverReport(payload);
    expect(first).toMatchObject({ labReportId: `CLIENT-${kind}`, version: 1, created: true });
    const again = await lab.deliverReport(payload);
    expect(again).toMatchObject({ reportId: first.reportId, created: false });

    const changed = structuredClone(payload);
    changed.content.test.signedOffBy = 'Dr. Someone Else, PhD';
    const conflict = await refusal(lab.deliverReport(changed));
    expect(conflict).toMatchObject({ kind: 'refused', status: 409 });
    expect(conflict.message).toBe(REPORT_VERSION_CONFLICT);
    expect(conflict.requestId).toEqual(expect.any(String));
  });

  it('is refused with a wrong key, in the server’s words', async () => {
    const stranger = createLabClient({ baseUrl, key: 'lab_not-a-key', retries: 0 });
    const refused = await refusal(stranger.deliverReport({ ...motherReport }));
    expect(refused).toMatchObject({ kind: 'refused', status: 401, message: LAB_KEY_INVALID });
  });

  it('attaches a raw genome file and answers its size and SHA-256; a file that is no VCF is refused', async () => {
    const genome = gzipSync(
      [
        '##fileformat=VCFv4.2',
        '#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT\tSAMPLE',
        '1\t10177\trs367896724\tA\tAC\t.\tPASS\t.\tGT\t0/1',
        '',
      ].join('\n'),
    );
    const attached = await lab.attachRawFile({
      individualOrderId: demoOrders.individual,
      fileName: 'client-sample.vcf.gz',
      body: new Blob([genome]),
    });
    expect(attached).toMatchObject({
      size: genome.length,
      sha256: createHash('sha256').update(genome).digest('hex'),
    });

    const notVcf = await refusal(
      lab.attachRawFile({
        individualOrderId: demoOrders.individual,
        fileName: 'client-sample.vcf',
        body: new TextEncoder().encode('hello, this is not a genome'),
      }),
    );
    expect(notVcf).toMatchObject({ kind: 'refused', status: 400, message: RAW_GENOME_NOT_VCF });
  });

  it('moves an order’s tracker and reads the order back; a move back without a note is refused', async () => {
    const order = await lab.recordOrderEvent('demo-purchase-received', { stage: 'in-lab' });
    expect(order).toMatchObject({ id: 'demo-purchase-received', stage: 'in-lab' });
    const back = await refusal(
      lab.recordOrderEvent('demo-purchase-received', {
        stage: 'kit-shipped',
        carrier: 'UPS',
        trackingNumber: '1Z999',
      }),
    );
    expect(back).toMatchObject({ kind: 'refused', message: CORRECTION_NEEDS_NOTE });
  });
});
