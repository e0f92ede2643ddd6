import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  INVITATION_CANCELED,
  INVITATION_USED,
  INVITE_YOURSELF,
  TOO_MANY_INVITATIONS,
  invitationExpired,
  invitationReplaced,
  invitationViewSchema,
  partnerAnswerSchema,
  placeDoesNotFit,
  pendingInvitationsSchema,
  sharedReportsAnswerSchema,
  tooManyCouplePlaces,
  wrongInvitee,
} from '@nestling/shared/contract/partner';
import type { App } from '../../app.ts';
import { demoCoupleAccountId, demoOrders } from '../demo-reports/payloads.ts';
import { seedDemoData } from '../../demo/seed.ts';
import { createTestApp } from '../../test/app.ts';
import { bearer, createTestUser, signInToken, TEST_ORIGIN } from '../../test/auth.ts';
import {
  createTestDatabase,
  queryRows,
  testDatabaseKinds,
  type TestDatabase,
} from '../../test/database.ts';
import { createOrdersRepository } from '../orders/repository.ts';
import { insertNewInvitation } from './service.ts';
import { createLocalFileStore } from '../storage/local-store.ts';

const PURCHASED = 1_772_409_600;

describe.each(testDatabaseKinds)('partner invitations and sharing on %s', (kind) => {
  let database: TestDatabase;
  let app: App;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nestling-partner-'));
  const tokens: Record<string, string> = {};
  const people = {
    buyer: { id: 'pi-buyer', email: 'bea@partner.test', firstName: 'Bea', lastName: 'Buyer' },
    invitee: { id: 'pi-invitee', email: 'ian@partner.test', firstName: 'Ian', lastName: 'Invitee' },
    other: { id: 'pi-other', email: 'olly@partner.test', firstName: 'Olly', lastName: 'Other' },
    buyer2: { id: 'pi-buyer2', email: 'cleo@partner.test', firstName: 'Cleo', lastName: 'Two' },
  };

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    await seedDemoData(database.db, {
      fileStore: createLocalFileStore(path.join(dataDir, 'files')),
    });
    for (const person of Object.values(people)) await createTestUser(database.db, person);
    // The couple test's places are read by sex: the buyers are women, the others men.
    await database.db.execute(
      sql`update "user" set sex = case when id in ('pi-buyer', 'pi-buyer2') then 'Female' else 'Male' end where id like 'pi-%'`,
    );
    app = await createTestApp({ database, env: { PUBLIC_URL: TEST_ORIGIN, DATA_DIR: dataDir } });
    for (const [who, email] of [
      ...Object.entries(people).map(([who, person]) => [who, person.email] as const),
      ['mother', 'mother@demo.test'],
      ['father', 'father@demo.test'],
      ['admin', 'admin@nestling.health'],
      ['demoInvitee', 'orders-partner@demo.test'],
    ] as const) {
      tokens[who] = await signInToken(app, email);
    }
    const orders = createOrdersRepository(database.db);
    for (const [id, mother] of [
      ['pi-account', people.buyer.id],
      ['pi-account-2', people.buyer2.id],
    ] as const) {
      await orders.insertCoupleAccount({
        id,
        mother,
        father: null,
        motherEmail: mother === people.buyer.id ? people.buyer.email : people.buyer2.email,
        fatherEmail: null,
        pendingFatherAccept: false,
        purchaseDate: PURCHASED,
        testType: 'standard',
        donePilotOnboardingSteps: ['PURCHASED'],
      });
    }
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const call = (who: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    app.inject({
      method,
      url,
      headers: who === '' ? {} : bearer(tokens[who] ?? ''),
      ...(payload === undefined ? {} : { payload }),
    });
  const message = (response: { body: string }) =>
    (JSON.parse(response.body) as { message: string }).message;

  /** The tokens of the invitation links mailed to this address, oldest first. */
  async function linksTo(to: string): Promise<string[]> {
    const outbox = path.join(dataDir, 'outbox');
    let files: string[] = [];
    try {
      files = readdirSync(outbox).sort();
    } catch {
      return [];
    }
    const mails = await Promise.all(
      files.map((file) => simpleParser(readFileSync(path.join(outbox, file)))),
    );
    return mails
      .filter((mail) => JSON.stringify(mail.to ?? '').includes(to))
      .flatMap((mail) => {
        const match = /\/saliva\/invite\/accept\/([\w-]+)/.exec(mail.text ?? '');
        return match?.[1] === undefined ? [] : [match[1]];
      });
  }
  /** The text of the newest mail to this address. */
  async function latestMailText(to: string): Promise<string> {
    const outbox = path.join(dataDir, 'outbox');
    const mails = await Promise.all(
      readdirSync(outbox)
        .sort()
        .map((file) => simpleParser(readFileSync(path.join(outbox, file)))),
    );
    return (
      mails.filter((mail) => JSON.stringify(mail.to ?? '').includes(to)).at(-1)?.text ?? ''
    ).replace(/\s+/g, ' ');
  }
  async function latestLink(to: string, count: number): Promise<string> {
    let links: string[] = [];
    await vi.waitFor(async () => {
      links = await linksTo(to);
      expect(links.length).toBe(count);
    });
    return links.at(-1) ?? '';
  }
  const account = async (who: string, id: string) => {
    const response = await call(who, 'GET', '/api/partner');
    expect(response.statusCode, response.body).toBe(200);
    return partnerAnswerSchema.parse(response.json()).accounts.find((entry) => entry.id === id);
  };

  let firstToken = '';
  let token = '';

  it('invites the partner: the pending flag is set and the mail links to the saliva accept page', async () => {
    const response = await call('buyer', 'POST', '/api/partner/pi-account/invitation', {
      firstName: 'Ian',
      lastName: 'Invitee',
      email: ' IAN@partner.test ',
    });
    expect(response.statusCode, response.body).toBe(200);
    firstToken = await latestLink(people.invitee.email, 1);
    expect(firstToken).toMatch(/^[\w-]{43}$/);
    const rows = await queryRows<{ token_hash: string; email: string; pending: boolean }>(
      database,
      sql`select i.token_hash, i.email, c.pending_father_accept as pending from partner_invitation i join couple_account c on c.id = i.couple_account_id where c.id = 'pi-account'`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).not.toContain(firstToken);
    expect(rows[0]).toMatchObject({ email: 'ian@partner.test', pending: true });
    const mine = await account('buyer', 'pi-account');
    expect(mine?.partner).toMatchObject({ state: 'invited', email: 'ian@partner.test' });
  });

  it('refuses to invite your own email, and 404s for an account that is not yours', async () => {
    const self = await call('buyer', 'POST', '/api/partner/pi-account/invitation', {
      firstName: 'Bea',
      lastName: 'Buyer',
      email: people.buyer.email,
    });
    expect(self.statusCode).toBe(400);
    expect(message(self)).toBe(INVITE_YOURSELF);
    for (const url of [
      '/api/partner/pi-account/invitation/cancel',
      '/api/partner/pi-account/invitation/resend',
    ]) {
      const response = await call('other', 'POST', url);
      expect(response.statusCode).toBe(404);
    }
  });

  it('shows the link publicly with the address masked; the id works only for the invitee', async () => {
    const response = await call('', 'GET', `/api/invitations/${firstToken}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(invitationViewSchema.parse(response.json())).toMatchObject({
      state: 'open',
      role: 'father',
      inviterEmail: people.buyer.email,
      inviterFirstName: 'Bea',
      invitedEmail: 'i•••@partner.test',
    });
    expect((await call('', 'GET', '/api/invitations/not-a-token')).statusCode).toBe(404);

    const pending = pendingInvitationsSchema.parse(
      (await call('invitee', 'GET', '/api/invitations/pending')).json(),
    );
    expect(pending.invitations).toHaveLength(1);
    const id = pending.invitations[0]?.id ?? '';
    expect(pending.invitations[0]?.inviterEmail).toBe(people.buyer.email);
    expect((await call('', 'GET', `/api/invitations/${id}`)).statusCode).toBe(404);
    expect((await call('other', 'GET', `/api/invitations/${id}`)).statusCode).toBe(404);
    expect((await call('invitee', 'GET', `/api/invitations/${id}`)).statusCode).toBe(200);
    const others = pendingInvitationsSchema.parse(
      (await call('other', 'GET', '/api/invitations/pending')).json(),
    );
    expect(others.invitations).toEqual([]);
  });

  it('resends with a new link (the old one dies), and refuses after three mails an hour', async () => {
    const resent = await call('buyer', 'POST', '/api/partner/pi-account/invitation/resend');
    expect(resent.statusCode, resent.body).toBe(200);
    token = await latestLink(people.invitee.email, 2);
    expect(token).not.toBe(firstToken);
    // The first link says a newer invitation replaced it, not that it was copied wrong.
    const replaced = await call('', 'GET', `/api/invitations/${firstToken}`);
    expect(replaced.statusCode).toBe(410);
    expect(message(replaced)).toBe(invitationReplaced('Bea'));
    const acceptOld = await call('invitee', 'POST', `/api/invitations/${firstToken}/accept`);
    expect(acceptOld.statusCode).toBe(410);
    expect(message(acceptOld)).toBe(invitationReplaced('Bea'));
    // The new mail says the earlier links stop working.
    expect(await latestMailText(people.invitee.email)).toMatch(
      /links in earlier invitation emails no longer work/,
    );
    expect(
      (await call('buyer', 'POST', '/api/partner/pi-account/invitation/resend')).statusCode,
    ).toBe(200);
    token = await latestLink(people.invitee.email, 3);
    const limited = await call('buyer', 'POST', '/api/partner/pi-account/invitation/resend');
    expect(limited.statusCode).toBe(429);
    expect(message(limited)).toBe(TOO_MANY_INVITATIONS);
  });

  it('refuses a different email with a clear message', async () => {
    const response = await call('other', 'POST', `/api/invitations/${token}/accept`);
    expect(response.statusCode).toBe(403);
    expect(message(response)).toBe(wrongInvitee('i•••@partner.test', 'Bea'));
  });

  it('refuses an expired link, naming who to ask', async () => {
    await database.db.execute(
      sql`update partner_invitation set expires_at = now() - interval '1 minute' where couple_account_id = 'pi-account'`,
    );
    const view = invitationViewSchema.parse(
      (await call('', 'GET', `/api/invitations/${token}`)).json(),
    );
    expect(view.state).toBe('expired');
    const response = await call('invitee', 'POST', `/api/invitations/${token}/accept`);
    expect(response.statusCode).toBe(410);
    expect(message(response)).toBe(invitationExpired('Bea'));
    await database.db.execute(
      sql`update partner_invitation set expires_at = now() + interval '14 days' where couple_account_id = 'pi-account'`,
    );
  });

  it('accepts once: fills the slot, clears the flag, records PARTNER_JOINED, audits, mails the inviter', async () => {
    const response = await call('invitee', 'POST', `/api/invitations/${token}/accept`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ coupleAccountId: 'pi-account', role: 'father' });
    const rows = await queryRows<{
      father_id: string;
      pending_father_accept: boolean;
      done_pilot_onboarding_steps: string[];
    }>(
      database,
      sql`select father_id, pending_father_accept, done_pilot_onboarding_steps from couple_account where id = 'pi-account'`,
    );
    expect(rows[0]).toMatchObject({ father_id: people.invitee.id, pending_father_accept: false });
    expect(rows[0]?.done_pilot_onboarding_steps).toContain('PARTNER_JOINED');
    const audit = await queryRows<{ count: number | string }>(
      database,
      sql`select count(*) as count from audit_log where action = 'partner-joined' and actor_id = ${people.invitee.id}`,
    );
    expect(Number(audit[0]?.count)).toBe(1);
    await vi.waitFor(async () => {
      const outbox = readdirSync(path.join(dataDir, 'outbox'));
      const mails = await Promise.all(
        outbox.map((file) => simpleParser(readFileSync(path.join(dataDir, 'outbox', file)))),
      );
      expect(mails.some((mail) => mail.subject === 'Ian joined your preconception report')).toBe(
        true,
      );
    });

    const again = await call('invitee', 'POST', `/api/invitations/${token}/accept`);
    expect(again.statusCode).toBe(409);
    expect(message(again)).toBe(INVITATION_USED);
    const view = invitationViewSchema.parse(
      (await call('', 'GET', `/api/invitations/${token}`)).json(),
    );
    expect(view.state).toBe('used');
    expect(
      pendingInvitationsSchema.parse(
        (await call('invitee', 'GET', '/api/invitations/pending')).json(),
      ).invitations,
    ).toEqual([]);
    expect((await account('buyer', 'pi-account'))?.partner).toMatchObject({
      state: 'joined',
      firstName: 'Ian',
      email: people.invitee.email,
    });
    expect((await account('invitee', 'pi-account'))?.role).toBe('father');
  });

  it('cancels: the link then says so, and cannot be accepted', async () => {
    expect(
      (
        await call('buyer2', 'POST', '/api/partner/pi-account-2/invitation', {
          firstName: 'Olly',
          lastName: 'Other',
          email: people.other.email,
        })
      ).statusCode,
    ).toBe(200);
    const link = await latestLink(people.other.email, 1);
    expect(
      (await call('buyer', 'POST', '/api/partner/pi-account-2/invitation/cancel')).statusCode,
    ).toBe(404);
    const canceled = await call('buyer2', 'POST', '/api/partner/pi-account-2/invitation/cancel');
    expect(canceled.statusCode, canceled.body).toBe(200);
    const view = invitationViewSchema.parse(
      (await call('', 'GET', `/api/invitations/${link}`)).json(),
    );
    expect(view.state).toBe('canceled');
    const response = await call('other', 'POST', `/api/invitations/${link}/accept`);
    expect(response.statusCode).toBe(410);
    expect(message(response)).toBe(INVITATION_CANCELED);
    expect((await account('buyer2', 'pi-account-2'))?.partner).toEqual({ state: 'none' });
  });

  it("hides a partner's individual report until they share it, and again after they stop", async () => {
    // The demo father shares his results with the mother (seed.ts): she reads his report, until
    // he stops; then each direction is seen on its own.
    const his = `/api/individual_reports/${demoOrders.father}`;
    expect((await call('mother', 'GET', his)).statusCode).toBe(200);
    const off = await call('father', 'PUT', `/api/partner/${demoCoupleAccountId}/sharing`, {
      sharesIndividual: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await call('mother', 'GET', his)).statusCode).toBe(404);

    const url = `/api/individual_reports/${demoOrders.mother}`;
    expect((await call('father', 'GET', url)).statusCode).toBe(404);
    expect((await call('mother', 'GET', url)).statusCode).toBe(200);
    const none = sharedReportsAnswerSchema.parse(
      (await call('father', 'GET', '/api/partner/individual-reports')).json(),
    );
    expect(none.shared).toEqual([]);

    const on = await call('mother', 'PUT', `/api/partner/${demoCoupleAccountId}/sharing`, {
      sharesIndividual: true,
    });
    expect(on.statusCode, on.body).toBe(200);
    const shared = await call('father', 'GET', url);
    expect(shared.statusCode, shared.body).toBe(200);
    const list = sharedReportsAnswerSchema.parse(
      (await call('father', 'GET', '/api/partner/individual-reports')).json(),
    );
    expect(list.shared[0]?.orders.map((order) => order.orderId)).toEqual([demoOrders.mother]);
    const reportId = list.shared[0]?.orders[0]?.report.id ?? '';
    expect((await call('father', 'GET', `/api/reports/${reportId}`)).statusCode).toBe(200);
    // Sharing is one way: the father's stays his.
    expect(
      (await call('mother', 'GET', `/api/individual_reports/${demoOrders.father}`)).statusCode,
    ).toBe(404);
    const audit = await queryRows<{ count: number | string }>(
      database,
      sql`select count(*) as count from audit_log where action = 'partner-report-read'`,
    );
    expect(Number(audit[0]?.count)).toBe(3); // the mother's read of his, the father's two
    // A stranger to the account cannot switch it.
    expect(
      (
        await call('other', 'PUT', `/api/partner/${demoCoupleAccountId}/sharing`, {
          sharesIndividual: true,
        })
      ).statusCode,
    ).toBe(404);

    await call('mother', 'PUT', `/api/partner/${demoCoupleAccountId}/sharing`, {
      sharesIndividual: false,
    });
    expect((await call('father', 'GET', url)).statusCode).toBe(404);
    expect((await call('father', 'GET', `/api/reports/${reportId}`)).statusCode).toBe(404);
    const mine = await account('mother', demoCoupleAccountId);
    expect(mine).toMatchObject({ sharesIndividual: false, partnerSharesIndividual: false });
  });

  it('lets lab staff read a patient’s partner page with asUser', async () => {
    const response = await call('admin', 'GET', `/api/partner?asUser=${people.buyer.email}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(partnerAnswerSchema.parse(response.json()).accounts[0]?.id).toBe('pi-account');
  });

  /** An open invitation to `email` for the `role` place on a new couple account of `inviter`'s. */
  async function invitationFor(inviter: string, email: string, role: 'mother' | 'father') {
    const accountId = `pi-rules-${String(Math.random()).slice(2)}`;
    await createOrdersRepository(database.db).insertCoupleAccount({
      id: accountId,
      mother: role === 'father' ? inviter : null,
      father: role === 'mother' ? inviter : null,
      motherEmail: null,
      fatherEmail: null,
      pendingFatherAccept: false,
      purchaseDate: PURCHASED,
      testType: 'standard',
      donePilotOnboardingSteps: ['PURCHASED'],
    });
    const { token: link } = await database.db.transaction((tx) =>
      insertNewInvitation(tx, { coupleAccountId: accountId, invitedBy: inviter, email, role }),
    );
    return link;
  }

  it("refuses a place that does not fit the person's recorded sex, saying why", async () => {
    // A man named as the partner of a man: the invitation is for the mother's place.
    const link = await invitationFor('demo-father', 'olly@partner.test', 'mother');
    const response = await call('other', 'POST', `/api/invitations/${link}/accept`);
    expect(response.statusCode).toBe(409);
    expect(message(response)).toBe(placeDoesNotFit('mother', 'Daniel'));
  });

  it('refuses a second couple test to a person already on one, unless the lab allows more', async () => {
    // mother@demo.test holds the mother's place on the demo couple's test.
    const link = await invitationFor('pi-invitee', 'mother@demo.test', 'mother');
    const refused = await call('mother', 'POST', `/api/invitations/${link}/accept`);
    expect(refused.statusCode).toBe(409);
    expect(message(refused)).toBe(tooManyCouplePlaces(1));

    // A lab that allows two.
    const lenient = await createTestApp({
      database,
      env: { PUBLIC_URL: TEST_ORIGIN, DATA_DIR: dataDir, COUPLE_PLACES_PER_PERSON: '2' },
    });
    try {
      const accepted = await lenient.inject({
        method: 'POST',
        url: `/api/invitations/${link}/accept`,
        headers: bearer(tokens.mother ?? ''),
      });
      expect(accepted.statusCode, accepted.body).toBe(200);
    } finally {
      await lenient.close();
    }
  });

  it('lets a person take one place when two invitations are accepted at once', async () => {
    const first = await invitationFor('pi-buyer2', 'olly@partner.test', 'father');
    const second = await invitationFor('pi-buyer2', 'olly@partner.test', 'father');
    const answers = await Promise.all(
      [first, second].map((link) => call('other', 'POST', `/api/invitations/${link}/accept`)),
    );
    expect(
      answers.map((answer) => answer.statusCode).sort(),
      answers.map((a) => a.body).join(),
    ).toEqual([200, 409]);
  });

  it("shows the demo invitee orders@demo.test's open invitation, which the banner's id accepts", async () => {
    const pending = await call('demoInvitee', 'GET', '/api/invitations/pending');
    expect(pending.statusCode).toBe(200);
    const [invitation] = pending.json<{
      invitations: { id: string; inviterEmail: string }[];
    }>().invitations;
    expect(invitation?.inviterEmail).toBe('orders@demo.test');
    // The id is no secret: anyone else, signed in or not, learns nothing from it.
    expect(
      (await call('other', 'GET', `/api/invitations/${invitation?.id ?? ''}`)).statusCode,
    ).toBe(404);
    expect((await call('', 'GET', `/api/invitations/${invitation?.id ?? ''}`)).statusCode).toBe(
      404,
    );
    const accepted = await call(
      'demoInvitee',
      'POST',
      `/api/invitations/${invitation?.id ?? ''}/accept`,
    );
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ role: 'father' });
    const after = await call('demoInvitee', 'GET', '/api/invitations/pending');
    expect(after.json<{ invitations: unknown[] }>().invitations).toEqual([]);
  });
});
