import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DOCUMENT_LINK_INVALID,
  DOCUMENT_NOT_FOUND,
  documentSessionSchema,
  documentsAnswerSchema,
} from '@nestling/shared/contract/document';
import {
  ACCOUNT_NOT_FOUND,
  individualOrderSchema,
  ORDER_NOT_FOUND,
} from '@nestling/shared/contract/orders';
import { purchaseOrderSchema } from '@nestling/shared/contract/order-tracker';
import {
  PREFERRED_ACCOUNT_COOKIE,
  PREFERRED_ORDER_COOKIE,
  userAnswerSchema,
  VIEW_AS_ADMIN_ONLY,
  type UserAnswer,
} from '@nestling/shared/contract/portal-user';
import {
  REPORT_NOT_FOUND,
  reportAnswerSchema,
  reportVersionNotFound,
} from '@nestling/shared/contract/report-view';
import type { App } from '../../app.ts';
import {
  demoCoupleAccountId,
  demoEmbryoCoupleAccountId,
  demoOrders,
} from '../demo-reports/payloads.ts';
import { seedDemoData } from '../../demo/seed.ts';
import { createTestApp } from '../../test/app.ts';
import { bearer, signInToken, TEST_ORIGIN } from '../../test/auth.ts';
import {
  createTestDatabase,
  queryRows,
  testDatabaseKinds,
  type TestDatabase,
} from '../../test/database.ts';
import { readPdfText } from '../../test/pdf-text.ts';
import { createOrdersRepository } from '../orders/repository.ts';
import { insertOrderRows } from '../purchase-orders/order-rows.ts';
import { createLocalFileStore } from '../storage/local-store.ts';

describe.each(testDatabaseKinds)('reading reports on %s', (kind) => {
  let database: TestDatabase;
  let app: App;
  const tokens: Record<string, string> = {};
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nestling-reports-'));

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await seedDemoData(database.db, {
      fileStore: createLocalFileStore(path.join(dataDir, 'files')),
    });
    app = await createTestApp({ database, env: { PUBLIC_URL: TEST_ORIGIN, DATA_DIR: dataDir } });
    for (const who of ['admin', 'mother', 'father', 'individual', 'embryo', 'new'] as const) {
      tokens[who] = await signInToken(
        app,
        who === 'admin' ? 'admin@nestling.health' : `${who}@demo.test`,
      );
    }
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const get = (who: string, url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers: { ...bearer(tokens[who] ?? ''), ...headers } });
  const message = (response: { body: string }) =>
    (JSON.parse(response.body) as { message: string }).message;
  const portal = async (who: string, query: string): Promise<UserAnswer> => {
    const response = await get(who, `/api/user?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return userAnswerSchema.parse(response.json());
  };
  const viewAsRows = async () => {
    const rows = await queryRows<{ count: number | string }>(
      database,
      sql`select count(*) as count from audit_log where action = 'view-as'`,
    );
    return Number(rows[0]?.count);
  };

  describe('GET /api/user', () => {
    it('answers only the user without flags', async () => {
      const answer = await portal('mother', '');
      expect(Object.keys(answer)).toEqual(['user']);
      expect(answer.user.email).toBe('mother@demo.test');
    });

    it('preconception adds the accounts, the chosen one and its joint reports, for both partners', async () => {
      for (const who of ['mother', 'father']) {
        const without = await portal(who, 'preconception=false');
        expect(without.accounts).toBeUndefined();
        const answer = await portal(who, 'preconception=true');
        expect(answer.accounts?.map((account) => account.id)).toEqual([demoCoupleAccountId]);
        expect(answer.account?.id).toBe(demoCoupleAccountId);
        expect(answer.account?.embryoReports).toBeUndefined();
        expect(answer.preconceptionReports).toEqual([
          {
            id: expect.any(String) as string,
            kind: 'joint',
            labReportId: 'DEMO-JOINT',
            version: 1,
            signedOffOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) as string,
            testType: '30x',
          },
        ]);
      }
    });

    it('answers empty lists, not an error, when there is no account to list', async () => {
      for (const [who, query] of [
        ['new', 'preconception=true'],
        ['individual', 'preconception=true&embryo=true'],
      ] as const) {
        // A 404 here would be logged by the browser on every page of a person without a report.
        const answer = await portal(who, query);
        expect(answer.accounts).toEqual([]);
        expect(answer.account).toBeNull();
        expect(answer.preconceptionReports).toEqual([]);
      }
      // With its orders asked for too, the individual's answer has something to show.
      const withOrders = await portal('individual', 'preconception=true&individual=true');
      expect(withOrders.accounts).toEqual([]);
      expect(withOrders.account).toBeNull();
      expect(withOrders.preconceptionReports).toEqual([]);
      expect(withOrders.individualOrders?.map((order) => order.id)).toEqual([
        demoOrders.individual,
      ]);
    });

    it('answers an account without the asked-for report, with an empty list', async () => {
      // The embryo couple has an embryo report but no joint one.
      const answer = await portal('embryo', 'preconception=true');
      expect(answer.account?.id).toBe(demoEmbryoCoupleAccountId);
      expect(answer.preconceptionReports).toEqual([]);
    });

    it("embryo adds each account's embryo reports", async () => {
      expect((await portal('embryo', '')).accounts).toBeUndefined();
      for (const who of ['embryo', 'embryo-partner']) {
        if (tokens[who] === undefined) tokens[who] = await signInToken(app, `${who}@demo.test`);
        const answer = await portal(who, 'embryo=true');
        expect(answer.preconceptionReports).toBeUndefined();
        expect(answer.account?.embryoReports?.map((entry) => entry.labReportId)).toEqual([
          'DEMO-EMBRYO',
        ]);
      }
      // The demo couple has no embryo report: their joint one is not listed as one.
      const couple = await portal('mother', 'embryo=true&preconception=true');
      expect(couple.account?.embryoReports).toEqual([]);
    });

    it("withPartner adds the partner's name and email, nothing more", async () => {
      const without = await portal('mother', 'preconception=true');
      expect(without.account?.partner).toBeUndefined();
      const answer = await portal('mother', 'preconception=true&withPartner=true');
      expect(answer.account?.partner).toEqual({
        name: { First: 'Daniel', Last: 'Demo' },
        email: 'father@demo.test',
      });
      const father = await portal('father', 'preconception=true&withPartner=true');
      expect(father.account?.partner?.email).toBe('mother@demo.test');
    });

    it('individual adds the orders and the chosen order; withIndividualReport its latest report', async () => {
      expect((await portal('individual', '')).individualOrders).toBeUndefined();
      const answer = await portal('individual', 'individual=true');
      expect(answer.individualOrders?.map((order) => order.id)).toEqual([demoOrders.individual]);
      expect(answer.order).toMatchObject({
        id: demoOrders.individual,
        purchaseId: 'DEMO-PURCHASE-2001',
        testType: '30x',
        activatedAt: expect.any(Number) as number,
      });
      expect(answer.order?.report).toBeUndefined();

      const withReport = await portal('individual', 'individual=true&withIndividualReport=true');
      expect(withReport.order?.report).toMatchObject({
        kind: 'individual',
        labReportId: 'DEMO-IND-IRIS',
        version: 2,
      });
      expect((await portal('new', 'individual=true&withIndividualReport=true')).order).toBeNull();
    });

    it("asUser: an admin gets the patient's answer with one audit row; a patient 403", async () => {
      const own = await portal('mother', 'preconception=true&withPartner=true');
      const before = await viewAsRows();
      const viewed = await portal(
        'admin',
        'preconception=true&withPartner=true&asUser=mother@demo.test',
      );
      expect(viewed).toEqual(own);
      expect(await viewAsRows()).toBe(before + 1);

      const refused = await get('father', '/api/user?asUser=mother@demo.test');
      expect(refused.statusCode).toBe(403);
      expect(message(refused)).toBe(VIEW_AS_ADMIN_ONLY);
    });
  });

  describe('GET /api/reports/{id} and /api/individual_reports/{id}', () => {
    const jointId = async () => {
      const answer = await portal('mother', 'preconception=true');
      return answer.preconceptionReports?.[0]?.id ?? '';
    };

    it('shows a joint report to both partners and is a 404 for anyone else', async () => {
      const id = await jointId();
      for (const who of ['mother', 'father']) {
        const response = await get(who, `/api/reports/${id}`);
        expect(response.statusCode, who).toBe(200);
        const answer = reportAnswerSchema.parse(response.json());
        expect(answer.report).toMatchObject({ id, kind: 'joint', version: 1, latestVersion: 1 });
        expect(answer.report.content.kind).toBe('joint');
        expect(answer.versions.map((entry) => entry.version)).toEqual([1]);
      }
      for (const who of ['individual', 'embryo', 'new']) {
        const response = await get(who, `/api/reports/${id}`);
        expect(response.statusCode, who).toBe(404);
        expect(message(response)).toBe(REPORT_NOT_FOUND);
      }
      const unknown = await get('mother', '/api/reports/no-such-report');
      expect(unknown.statusCode).toBe(404);
      expect(message(unknown)).toBe(REPORT_NOT_FOUND);
    });

    it('shows the latest version, keeps the first reachable, and names an unknown version', async () => {
      const url = `/api/individual_reports/${demoOrders.individual}`;
      const latest = reportAnswerSchema.parse((await get('individual', url)).json());
      expect(latest.report).toMatchObject({ labReportId: 'DEMO-IND-IRIS', version: 2 });
      expect(latest.report.changelog).toEqual(expect.any(String));
      expect(latest.versions.map((entry) => [entry.version, entry.changelog === null])).toEqual([
        [2, false],
        [1, true],
      ]);

      const first = await get('individual', `${url}?version=1`);
      expect(first.statusCode).toBe(200);
      const answer = reportAnswerSchema.parse(first.json());
      expect(answer.report).toMatchObject({ version: 1, latestVersion: 2, changelog: null });
      expect(answer.report.content).not.toEqual(latest.report.content);

      const missing = await get('individual', `${url}?version=3`);
      expect(missing.statusCode).toBe(404);
      expect(message(missing)).toBe(reportVersionNotFound(3));
      expect(message(missing)).toBe('Version 3 of this report not found');

      expect((await get('individual', `${url}?version=first`)).statusCode).toBe(400);

      const byReportId = await get('individual', `/api/reports/${latest.report.id}?version=1`);
      expect(reportAnswerSchema.parse(byReportId.json()).report.version).toBe(1);

      for (const who of ['mother', 'new']) {
        const other = await get(who, url);
        expect(other.statusCode, who).toBe(404);
        expect(message(other)).toBe(ORDER_NOT_FOUND);
        expect((await get(who, `/api/reports/${latest.report.id}`)).statusCode).toBe(404);
      }
    });

    it('answers the report as a PDF with Accept: application/pdf, to its owners only', async () => {
      const url = `/api/individual_reports/${demoOrders.individual}?version=1`;
      const response = await get('individual', url, { accept: 'application/pdf' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toBe(
        'attachment; filename="individual-report-DEMO-IND-IRIS-v1.pdf"',
      );
      expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const text = await readPdfText(response.rawPayload);
      expect(text).toContain('Prepared for Iris Sample');
      expect(text).toContain('Version 1, signed off on');
      expect(text).not.toContain('What changed');

      const other = await get('mother', url, { accept: 'application/pdf' });
      expect(other.statusCode).toBe(404);
      expect(other.headers['content-type']).toContain('application/json');
      expect(message(other)).toBe(ORDER_NOT_FOUND);
    });

    it('lets an admin read as the patient with one audit row; a patient asUser is 403', async () => {
      const id = await jointId();
      const before = await viewAsRows();
      const viewed = await get('admin', `/api/reports/${id}?asUser=father@demo.test`);
      expect(viewed.statusCode).toBe(200);
      expect(await viewAsRows()).toBe(before + 1);
      const mine = await get('admin', `/api/reports/${id}`);
      expect(mine.statusCode).toBe(404);

      const refused = await get(
        'mother',
        `/api/individual_reports/${demoOrders.mother}?asUser=mother@demo.test`,
      );
      expect(refused.statusCode).toBe(403);
      expect(message(refused)).toBe(VIEW_AS_ADMIN_ONLY);
    });
  });

  describe('PATCH /api/individual_reports/{id}/activate', () => {
    it('activates the caller’s own order once, and is a 404 for anyone else', async () => {
      await createOrdersRepository(database.db).insertIndividualOrder({
        id: 'order-new-kit',
        userId: 'demo-new',
        purchaseId: 'PURCHASE-NEW-1',
        purchaseDate: 1_740_000_000,
        testType: 'standard',
      });
      const activate = (who: string, id = 'order-new-kit') =>
        app.inject({
          method: 'PATCH',
          url: `/api/individual_reports/${id}/activate`,
          headers: bearer(tokens[who] ?? ''),
        });
      const before = await portal('new', 'individual=true');
      expect(before.order).toMatchObject({ id: 'order-new-kit', activatedAt: null });

      for (const who of ['mother', 'admin']) {
        const refused = await activate(who);
        expect(refused.statusCode, who).toBe(404);
        expect(message(refused)).toBe(ORDER_NOT_FOUND);
      }
      // The survey and the terms come first: the demo's new patient has neither.
      expect((await activate('new')).statusCode).toBe(409);
      await database.db.execute(
        sql`update "user" set health_survey_status = 'done' where id = 'demo-new'`,
      );
      for (const document of ['tos', 'hipaa']) {
        const accepted = await app.inject({
          method: 'POST',
          url: `/api/terms/${document}/accept`,
          headers: bearer(tokens.new ?? ''),
          payload: { version: '1.0' },
        });
        expect(accepted.statusCode).toBe(200);
      }
      const first = await activate('new');
      expect(first.statusCode).toBe(200);
      const order = individualOrderSchema.parse(first.json());
      expect(order).toMatchObject({ id: 'order-new-kit', purchaseId: 'PURCHASE-NEW-1' });
      expect(order.activatedAt).toBeGreaterThan(Date.now() / 1000 - 60);

      const again = individualOrderSchema.parse((await activate('new')).json());
      expect(again.activatedAt).toBe(order.activatedAt);
      expect((await portal('new', 'individual=true')).order?.activatedAt).toBe(order.activatedAt);
      expect((await activate('new', 'no-such-order')).statusCode).toBe(404);
    });

    it('moves the tracker of the order that bought the kit to kit activated, once', async () => {
      await createOrdersRepository(database.db).insertIndividualOrder({
        id: 'order-tracked-kit',
        userId: 'demo-new',
        purchaseId: 'NK-TRACKED1',
        purchaseDate: 1_740_000_000,
        testType: 'standard',
      });
      const { id } = await insertOrderRows(database.db, {
        userId: 'demo-new',
        product: 'individual',
        purchaseDate: 1_740_000_000,
        buyerName: 'Nora New',
        address: {
          name: 'Nora New',
          line1: '1 Main St',
          city: 'Austin',
          state: 'TX',
          zip: '78701',
        },
        individualOrderId: 'order-tracked-kit',
        events: [{ stage: 'kit-delivered', at: new Date('2025-02-22T12:00:00Z') }],
      });
      const activate = () =>
        app.inject({
          method: 'PATCH',
          url: '/api/individual_reports/order-tracked-kit/activate',
          headers: bearer(tokens.new ?? ''),
        });
      expect((await activate()).statusCode).toBe(200);
      expect((await activate()).statusCode).toBe(200);

      const order = await get('new', `/api/orders/${id}`);
      expect(order.statusCode).toBe(200);
      const { stage, events } = purchaseOrderSchema.parse(order.json());
      expect(stage).toBe('kit-activated');
      expect(events.map((event) => event.stage)).toEqual([
        'ordered',
        'kit-delivered',
        'kit-activated',
      ]);
    });
  });

  describe('documents', () => {
    const documents = async (who: string, query = '') => {
      const response = await get(who, `/api/user/documents${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return documentsAnswerSchema.parse(response.json()).documents;
    };
    const session = (who: string, id: string, query = '') =>
      app.inject({
        method: 'POST',
        url: `/api/user/documents/${id}/session${query}`,
        headers: bearer(tokens[who] ?? ''),
      });

    it("lists the user's own documents, newest first, and a report's with `report`", async () => {
      const own = await documents('individual');
      expect(own.map((entry) => entry.id)).toEqual([
        'demo-individual-cover-letter',
        'demo-individual-consent',
        'demo-individual-kit',
      ]);
      const reportId = own[0]?.reportId ?? '';
      expect(reportId).not.toBe('');
      expect((await documents('individual', `?report=${reportId}`)).map((d) => d.id)).toEqual([
        'demo-individual-cover-letter',
      ]);
      expect(await documents('mother', `?report=${reportId}`)).toEqual([]);
      expect((await documents('mother')).every((entry) => entry.id.startsWith('demo-mother'))).toBe(
        true,
      );
      // The new patient's only documents are the copies of the terms they accepted.
      expect((await documents('new')).every((entry) => entry.kind === 'terms')).toBe(true);
      expect(JSON.stringify(own)).not.toContain('storagePath');

      const before = await viewAsRows();
      expect(await documents('admin', '?asUser=individual@demo.test')).toEqual(own);
      expect(await viewAsRows()).toBe(before + 1);
      expect((await get('mother', '/api/user/documents?asUser=demo-individual')).statusCode).toBe(
        403,
      );
    });

    it('gives a link that shows the file once, and none for another user', async () => {
      const created = await session('individual', 'demo-individual-consent');
      expect(created.statusCode).toBe(201);
      const link = documentSessionSchema.parse(created.json());
      expect(link.url).toMatch(/^\/api\/documents\/view\/[A-Za-z0-9_-]{43}$/);
      const expiresIn = new Date(link.expiresAt).getTime() - Date.now();
      expect(expiresIn).toBeGreaterThan(290_000);
      expect(expiresIn).toBeLessThanOrEqual(300_000);

      // No Bearer token: a new browser tab cannot send one.
      const view = await app.inject({ method: 'GET', url: link.url });
      expect(view.statusCode).toBe(200);
      expect(view.headers['content-type']).toBe('application/pdf');
      expect(view.headers['content-disposition']).toContain('filename="consent-form.pdf"');
      expect(view.headers['cache-control']).toBe('no-store');
      expect(view.rawPayload.subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');

      const again = await app.inject({ method: 'GET', url: link.url });
      expect(again.statusCode).toBe(404);
      expect(message(again)).toBe(DOCUMENT_LINK_INVALID);

      for (const who of ['mother', 'new']) {
        const refused = await session(who, 'demo-individual-consent');
        expect(refused.statusCode, who).toBe(404);
        expect(message(refused)).toBe(DOCUMENT_NOT_FOUND);
      }
      const asPatient = await session(
        'mother',
        'demo-individual-consent',
        '?asUser=demo-individual',
      );
      expect(asPatient.statusCode).toBe(403);

      const before = await viewAsRows();
      const byAdmin = await session('admin', 'demo-individual-kit', '?asUser=demo-individual');
      expect(byAdmin.statusCode).toBe(201);
      expect(await viewAsRows()).toBe(before + 1);
      const text = await app.inject({
        method: 'GET',
        url: documentSessionSchema.parse(byAdmin.json()).url,
      });
      expect(text.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(text.body).toContain('Saliva kit instructions');
    });

    it('refuses a link after 5 minutes', async () => {
      const link = documentSessionSchema.parse((await session('mother', 'demo-mother-kit')).json());
      await database.db.execute(
        sql`update document_session set expires_at = now() - interval '1 second'`,
      );
      const late = await app.inject({ method: 'GET', url: link.url });
      expect(late.statusCode).toBe(404);
      expect(message(late)).toBe(DOCUMENT_LINK_INVALID);
      const forged = await app.inject({
        method: 'GET',
        url: `/api/documents/view/${'a'.repeat(43)}`,
      });
      expect(forged.statusCode).toBe(404);
    });
  });

  describe('the preferred account and order cookies', () => {
    it("choose the order: asked for, remembered, else the newest; another person's is 404", async () => {
      await createOrdersRepository(database.db).insertIndividualOrder({
        id: 'order-iris-second',
        userId: 'demo-individual',
        purchaseId: 'PURCHASE-IRIS-2',
        purchaseDate: 1_750_000_000,
        testType: 'standard',
      });
      expect((await portal('individual', 'individual=true')).order?.id).toBe('order-iris-second');

      const asked = await get(
        'individual',
        `/api/user?individual=true&preferredOrder=${demoOrders.individual}`,
      );
      expect(userAnswerSchema.parse(asked.json()).order?.id).toBe(demoOrders.individual);
      const setCookie = String(asked.headers['set-cookie']);
      expect(setCookie).toBe(
        `${PREFERRED_ORDER_COOKIE}=${demoOrders.individual}; Path=/api; Max-Age=15552000; HttpOnly; SameSite=Lax`,
      );

      const cookie = `${PREFERRED_ORDER_COOKIE}=${demoOrders.individual}`;
      const remembered = await get('individual', '/api/user?individual=true', { cookie });
      expect(userAnswerSchema.parse(remembered.json()).order?.id).toBe(demoOrders.individual);
      expect(remembered.headers['set-cookie']).toBeUndefined();

      // A cookie naming someone else's order is stale, not an error: the newest is chosen.
      const stale = await get('mother', '/api/user?individual=true', { cookie });
      expect(userAnswerSchema.parse(stale.json()).order?.id).toBe(demoOrders.mother);

      const others = await get(
        'mother',
        `/api/user?individual=true&preferredOrder=${demoOrders.individual}`,
      );
      expect(others.statusCode).toBe(404);
      expect(message(others)).toBe(ORDER_NOT_FOUND);
    });

    it('choose the account, and the joint reports follow it', async () => {
      await createOrdersRepository(database.db).insertCoupleAccount({
        id: 'couple-second',
        mother: 'demo-mother',
        father: 'demo-father',
        purchaseDate: 1_760_000_000,
        testType: 'standard',
      });
      // The newest account has no report yet: it is chosen, with no joint report.
      const newest = await portal('mother', 'preconception=true');
      expect(newest.account?.id).toBe('couple-second');
      expect(newest.preconceptionReports).toEqual([]);

      const asked = await get(
        'mother',
        `/api/user?preconception=true&preferredAccount=${demoCoupleAccountId}`,
      );
      expect(asked.statusCode).toBe(200);
      expect(userAnswerSchema.parse(asked.json()).account?.id).toBe(demoCoupleAccountId);
      expect(String(asked.headers['set-cookie'])).toContain(
        `${PREFERRED_ACCOUNT_COOKIE}=${demoCoupleAccountId}; Path=/api;`,
      );

      const cookie = `theme=dark; ${PREFERRED_ACCOUNT_COOKIE}=${demoCoupleAccountId}`;
      const remembered = await get('father', '/api/user?preconception=true', { cookie });
      const answer = userAnswerSchema.parse(remembered.json());
      expect(answer.accounts?.map((account) => account.id)).toEqual([
        'couple-second',
        demoCoupleAccountId,
      ]);
      expect(answer.account?.id).toBe(demoCoupleAccountId);
      expect(answer.preconceptionReports?.map((entry) => entry.labReportId)).toEqual([
        'DEMO-JOINT',
      ]);

      const others = await get(
        'individual',
        `/api/user?preconception=true&preferredAccount=${demoCoupleAccountId}`,
      );
      expect(others.statusCode).toBe(404);
      expect(message(others)).toBe(ACCOUNT_NOT_FOUND);
    });
  });
});
