import {
  ACCOUNT_NOT_FOUND,
  ORDER_NOT_FOUND,
  type IndividualOrder,
  type Partner,
} from '@nestling/shared/contract/orders';
import { type UserAnswer, type UserQuery } from '@nestling/shared/contract/portal-user';
import { testTypeSchema, type ReportContent } from '@nestling/shared/contract/report';
import {
  REPORT_NOT_FOUND,
  reportVersionNotFound,
  type ReportAnswer,
  type ReportChanges,
  type ReportSummary,
} from '@nestling/shared/contract/report-view';
import { reportContentChanges } from '@nestling/shared/report-changes';
import type { UserRow } from '../auth/schema.ts';
import type { ContentForReader } from '../sensitive-results/index.ts';
import {
  toCoupleAccount,
  toIndividualOrder,
  type OrdersRepository,
  type PartnerRow,
} from '../orders/index.ts';
import { toUser, type UsersRepository } from '../users/index.ts';
import type { ReportsRepository, ReportSummaryRow } from './repository.ts';
import { Refusal } from '../../lib/refusal.ts';

function toSummary(row: ReportSummaryRow): ReportSummary {
  // The content was checked on receipt, so the test type is one the schema knows.
  const testType = testTypeSchema.parse(row.testType);
  return {
    id: row.id,
    kind: row.kind,
    labReportId: row.labReportId,
    version: row.version,
    signedOffOn: row.signedOffOn,
    testType,
  };
}

function toPartner(row: PartnerRow): Partner {
  return { name: { First: row.firstName, Last: row.lastName }, email: row.email };
}

/**
 * Who is reading (ADR 029): the person for themselves ('own', which records the version they
 * opened), or staff viewing as them or impersonating them ('staff', which records nothing).
 * Reads for other purposes (exports, the archive) give none and get no changes.
 */
export type Reading = 'own' | 'staff';

/** The preferred account and order: asked for now, remembered in cookies, else the newest. */
export interface Preferences {
  /** From the query: must name one the user may see (404 otherwise). */
  askedAccount?: string | undefined;
  askedOrder?: string | undefined;
  /** From the cookies: ignored when stale (another person's, or gone). */
  rememberedAccount?: string | undefined;
  rememberedOrder?: string | undefined;
}

/** GET /user's answer, and what to remember in the preference cookies. */
export interface Portal {
  answer: UserAnswer;
  remember: { account?: string; order?: string };
}

const isOn = (flag: 'true' | 'false' | undefined) => flag === 'true';

/** Picks by id, else the first (lists are newest first). */
function choose<T extends { id: string }>(
  items: readonly T[],
  asked: string | undefined,
  remembered: string | undefined,
  notFound: string,
): T | null {
  if (asked !== undefined) {
    const found = items.find((item) => item.id === asked);
    if (found === undefined) throw new Refusal(404, notFound);
    return found;
  }
  return items.find((item) => item.id === remembered) ?? items[0] ?? null;
}

/**
 * Who may read what (ADR 009): an individual report, the order's patient; a joint or embryo
 * report, both partners of the couple's account. Anyone else gets the same 404 as for an
 * unknown id.
 */
export function createReportsService(deps: {
  reports: ReportsRepository;
  orders: OrdersRepository;
  users: UsersRepository;
  /**
   * Whether an individual report's owner lets this reader (their partner) see it (ADR 015);
   * without it only the owner may.
   */
  sharesIndividualWith?: (ownerId: string, readerId: string) => Promise<boolean>;
  /**
   * The content as this reader may see it, without the sensitive results they have not
   * released (ADR 022). Required, so that no way out of the portal forgets it.
   */
  forReader: (
    reportId: string,
    readerId: string,
    content: ReportContent,
  ) => Promise<ContentForReader>;
}) {
  const { reports, orders, users } = deps;

  /**
   * Who reads an individual report: 'owner', 'partner' (shared with them now), or null (404).
   */
  async function individualReader(
    ownerId: string | null | undefined,
    readerId: string,
  ): Promise<'owner' | 'partner' | null> {
    if (ownerId === null || ownerId === undefined) return null;
    if (ownerId === readerId) return 'owner';
    if (deps.sharesIndividualWith === undefined) return null;
    return (await deps.sharesIndividualWith(ownerId, readerId)) ? 'partner' : null;
  }

  /**
   * What changed since the version the reader opened before the latest (ADR 029), from both
   * versions as this reader may see them, so that nothing held back shows in a difference.
   * When the reader reads for themselves, opening the latest is recorded first.
   */
  async function changesFor(
    reportId: string,
    readerId: string,
    latest: { version: number; content: ReportContent },
    versions: readonly { version: number; changelog: string | null }[],
    reading: Reading,
  ): Promise<ReportChanges | undefined> {
    const marker =
      reading === 'own'
        ? await reports.recordOpened(reportId, readerId, latest.version)
        : await reports.findReading(reportId, readerId);
    const since = marker?.previousVersion ?? null;
    if (marker?.openedVersion !== latest.version || since === null || since >= latest.version) {
      return undefined;
    }
    const earlier = await reports.findVersion(reportId, since);
    if (earlier === null) return undefined;
    const before = await deps.forReader(reportId, readerId, earlier.content);
    const changelogs = versions
      .filter((entry) => entry.version > since && entry.version <= latest.version)
      .flatMap(({ version, changelog }) => (changelog === null ? [] : [{ version, changelog }]))
      .sort((a, b) => a.version - b.version);
    return {
      sinceVersion: since,
      changelogs,
      ...reportContentChanges(before.content, latest.content),
    };
  }

  async function readVersion(
    reportId: string,
    version: number | undefined,
    readerId: string,
    reading: Reading | undefined,
  ): Promise<ReportAnswer> {
    const head = await reports.findWithOwners(reportId);
    const versions = await reports.listVersions(reportId);
    const latest = versions[0];
    if (head === null || latest === undefined) throw new Refusal(404, REPORT_NOT_FOUND);
    const wanted = version ?? latest.version;
    const row = await reports.findVersion(reportId, wanted);
    if (row === null) throw new Refusal(404, reportVersionNotFound(wanted));
    const { content, sensitive } = await deps.forReader(reportId, readerId, row.content);
    const changes =
      reading !== undefined && row.version === latest.version
        ? await changesFor(reportId, readerId, { version: row.version, content }, versions, reading)
        : undefined;
    return {
      report: {
        id: head.id,
        kind: head.kind,
        labReportId: head.labReportId,
        version: row.version,
        latestVersion: latest.version,
        signedOffOn: row.signedOffOn,
        testType: row.content.test.testType,
        receivedAt: row.receivedAt.toISOString(),
        changelog: row.changelog,
        content,
      },
      versions: versions.map((entry) => ({
        ...entry,
        receivedAt: entry.receivedAt.toISOString(),
      })),
      ...(sensitive === undefined ? {} : { sensitive }),
      ...(changes === undefined ? {} : { changes }),
    };
  }

  return {
    /** GET /user: the user, and what each flag adds (portal-user.ts lists them). */
    async portal(subject: UserRow, query: UserQuery, preferences: Preferences): Promise<Portal> {
      const answer: UserAnswer = { user: toUser(subject, await users.termsStatus(subject.id)) };
      const remember: Portal['remember'] = {};
      const preconception = isOn(query.preconception);
      const embryo = isOn(query.embryo);

      // Listed first: a couple account with no report yet is still shown.
      const individualOrders = isOn(query.individual)
        ? (await orders.listIndividualOrders(subject.id)).map(toIndividualOrder)
        : null;

      if (preconception || embryo) {
        const rows = await orders.listCoupleAccountsWithPartner(subject.id);
        const accounts = rows.map(({ account: row, partner }) => {
          const entry = toCoupleAccount(row);
          if (isOn(query.withPartner)) entry.partner = partner === null ? null : toPartner(partner);
          return entry;
        });
        const account = choose(
          accounts,
          preferences.askedAccount,
          preferences.rememberedAccount,
          ACCOUNT_NOT_FOUND,
        );
        if (preferences.askedAccount !== undefined && account !== null)
          remember.account = account.id;
        const summaries = await reports.latestSummaries({
          coupleAccountIds: accounts.map((entry) => entry.id),
        });
        if (embryo) {
          for (const entry of accounts) {
            entry.embryoReports = summaries
              .filter((row) => row.coupleAccountId === entry.id && row.kind === 'embryo')
              .map(toSummary);
          }
        }
        if (preconception) {
          answer.preconceptionReports = summaries
            .filter((row) => row.coupleAccountId === account?.id && row.kind === 'joint')
            .map(toSummary);
        }
        // Nothing to list is an answer, not an error: empty lists, which the web app
        // reads as spec section 8's 'no response' without the browser logging a failed call.
        answer.accounts = accounts;
        answer.account = account;
      }

      if (individualOrders !== null) {
        const list: IndividualOrder[] = individualOrders;
        const chosen = choose(
          list,
          preferences.askedOrder,
          preferences.rememberedOrder,
          ORDER_NOT_FOUND,
        );
        if (preferences.askedOrder !== undefined && chosen !== null) remember.order = chosen.id;
        let order = chosen;
        if (order !== null && isOn(query.withIndividualReport)) {
          const [latest] = await reports.latestSummaries({ individualOrderIds: [order.id] });
          order = { ...order, report: latest === undefined ? null : toSummary(latest) };
        }
        answer.individualOrders = list;
        answer.order = order;
      }
      return { answer, remember };
    },

    /**
     * GET /reports/{id}: any kind, for its owners; an individual one also for the partner the
     * owner shares it with (`sharedBy` names the owner then, for the audit).
     */
    async read(subject: UserRow, reportId: string, version: number | undefined, reading?: Reading) {
      const head = await reports.findWithOwners(reportId);
      if (head === null) throw new Refusal(404, REPORT_NOT_FOUND);
      if (head.kind === 'individual') {
        const reader = await individualReader(head.orderUserId, subject.id);
        if (reader === null) throw new Refusal(404, REPORT_NOT_FOUND);
        const answer = await readVersion(reportId, version, subject.id, reading);
        return reader === 'partner' ? { ...answer, sharedBy: head.orderUserId } : answer;
      }
      if (![head.mother, head.father].includes(subject.id)) {
        throw new Refusal(404, REPORT_NOT_FOUND);
      }
      return readVersion(reportId, version, subject.id, reading);
    },

    /**
     * The names to print on a report's PDF: the patient, or the mother and the father of a
     * couple (the lab's content holds no names). Call after read or readByOrder allowed it.
     */
    async peopleOf(reportId: string): Promise<string[]> {
      const names: string[] = [];
      for (const id of await reports.ownerIds(reportId)) {
        const row = await users.findById(id);
        if (row !== null) {
          const user = toUser(row);
          const name = [user.name.First, user.name.Last].filter(Boolean).join(' ');
          names.push(name === '' ? user.email : name);
        }
      }
      return names;
    },

    /**
     * GET /individual_reports/{orderId}: the order's report, for the order's patient, or the
     * partner the patient shares it with (`sharedBy` names the owner then, for the audit).
     */
    async readByOrder(
      subject: UserRow,
      orderId: string,
      version: number | undefined,
      reading?: Reading,
    ): Promise<ReportAnswer & { sharedBy?: string | null }> {
      const order = await orders.findIndividualOrder(orderId);
      const reader = await individualReader(order?.userId, subject.id);
      if (order === null || reader === null) throw new Refusal(404, ORDER_NOT_FOUND);
      const reportId = await reports.findIdByOrder(orderId);
      if (reportId === null) throw new Refusal(404, REPORT_NOT_FOUND);
      const answer = await readVersion(reportId, version, subject.id, reading);
      return reader === 'partner' ? { ...answer, sharedBy: order.userId } : answer;
    },
  };
}

export type ReportsService = ReturnType<typeof createReportsService>;
