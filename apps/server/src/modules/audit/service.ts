import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import {
  AUDIT_CSV_MAX_ROWS,
  AUDIT_DEFAULT_PAGE_SIZE,
  type AuditAction,
  type AuditEntry,
  type AuditFilter,
  type AuditQuery,
} from '@nestling/shared/contract/admin';
import {
  PAGE_PATH_HEADER,
  PAGE_PATH_PATTERN,
  PAGE_VIEW_HEADER,
  PAGE_VIEW_ID_PATTERN,
} from '@nestling/shared/page-view';
import {
  ACCESS_ACTIONS_OF,
  ACCESS_KIND_LABELS,
  ACCESS_LOG_CSV_COLUMNS,
  ACCESS_LOG_CSV_MAX_ROWS,
  ACCESS_LOG_PAGE_SIZE,
  accessKindOf,
  describeAccess,
  type AccessEntry,
  type AccessKind,
  type AccessLogAnswer,
  type AccessLogQuery,
} from '@nestling/shared/contract/access-log';
import { csvText } from '../../csv.ts';
import { normalizeEmail } from '@nestling/shared/contract/fields';
import type { AccessFilter, AuditRepository, AuditRowFilter, PersonKey } from './repository.ts';

export interface AuditEvent {
  /** Who acted: the signed-in person (the admin, when viewing as or impersonating). */
  actorId: string | null;
  /** Whose data or account it was about. */
  subjectId: string | null;
  action: AuditAction;
}

/** 'GET /api/user': the route pattern, never the raw URL (its query may hold an email). */
export function routeOf(request: FastifyRequest): string {
  return `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0] ?? ''}`;
}

/** The page view a read belongs to, when the web app named one well-formed; else null. */
export function pageViewOf(request: FastifyRequest): { id: string; page: string } | null {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null;
  const id = request.headers[PAGE_VIEW_HEADER];
  const page = request.headers[PAGE_PATH_HEADER];
  if (typeof id !== 'string' || typeof page !== 'string') return null;
  if (!PAGE_VIEW_ID_PATTERN.test(id) || !PAGE_PATH_PATTERN.test(page)) return null;
  return { id, page };
}

export const AUDIT_CSV_COLUMNS = [
  'time (UTC)',
  'staff member',
  'staff member id',
  'patient',
  'patient id',
  'action',
  'page',
  'route',
  'request id',
] as const;

/** A person to filter by: an id, or the same text as a stored (lower-case) email. */
function personKey(key: string | undefined): PersonKey | undefined {
  return key === undefined ? undefined : { id: key, email: normalizeEmail(key) };
}

function rowFilter(filter: AuditFilter): AuditRowFilter {
  return {
    actor: personKey(filter.actor),
    subject: personKey(filter.subject),
    action: filter.action,
    from: filter.from === undefined ? undefined : new Date(filter.from),
    to: filter.to === undefined ? undefined : new Date(filter.to),
  };
}

/** The entries of one kind about the person: partner and clinic actions, or all the others. */
function accessFilter(subjectId: string, kind: AccessKind | undefined): AccessFilter {
  if (kind === undefined) return { subjectId };
  if (kind === 'staff') {
    return {
      subjectId,
      actions: { except: [...ACCESS_ACTIONS_OF.partner, ...ACCESS_ACTIONS_OF.clinic] },
    };
  }
  return { subjectId, actions: { only: ACCESS_ACTIONS_OF[kind] } };
}

/** Who did it, as the person reads it: the name and how they stand to the person. */
function whoOf(
  kind: AccessKind,
  actor: { actorFirstName: string | null; actorLastName: string | null; actorName: string | null },
): string {
  if (kind === 'clinic') return 'Your clinic, by the share link you made';
  const name =
    [actor.actorFirstName, actor.actorLastName].filter(Boolean).join(' ') || actor.actorName;
  const role = kind === 'partner' ? 'your partner' : 'lab staff';
  // An account since deleted keeps its entries; its name is gone with it.
  return name === null || name === '' ? `A former account (${role})` : `${name} (${role})`;
}

/** The audit log: who read or changed whose data, and when. Never health data or secrets. */
export function createAuditService(repository: AuditRepository) {
  async function entries(filter: AuditRowFilter, window: { limit: number; offset: number }) {
    const rows = await repository.list(filter, window);
    return rows.map((row): AuditEntry => ({ ...row, at: row.at.toISOString() }));
  }

  async function insert(
    request: FastifyRequest,
    event: AuditEvent,
    view: { id: string; page: string } | null,
  ) {
    await repository.insert({
      id: randomUUID(),
      ...event,
      route: routeOf(request),
      requestId: request.id,
      page: view?.page ?? null,
      pageViewId: view?.id ?? null,
    });
  }

  async function accesses(filter: AccessFilter, window: { limit: number; offset: number }) {
    const rows = await repository.listAccesses(filter, window);
    return rows.map((row): AccessEntry => {
      const kind = accessKindOf(row.action);
      return {
        id: row.id,
        at: row.at.toISOString(),
        kind,
        who: whoOf(kind, row),
        what: describeAccess(row.action),
        page: row.page,
      };
    });
  }

  return {
    /** One page of the entries about the person that someone else made, newest first. */
    async accessLog(subjectId: string, query: AccessLogQuery): Promise<AccessLogAnswer> {
      const filter = accessFilter(subjectId, query.kind);
      const page = query.page ?? 1;
      const pageSize = ACCESS_LOG_PAGE_SIZE;
      const [found, total] = await Promise.all([
        accesses(filter, { limit: pageSize, offset: (page - 1) * pageSize }),
        repository.countAccesses(filter),
      ]);
      return { entries: found, total, page, pageSize };
    },

    /** The same entries as CSV, the newest ACCESS_LOG_CSV_MAX_ROWS of them. */
    async accessLogCsv(subjectId: string, kind: AccessKind | undefined): Promise<string> {
      const found = await accesses(accessFilter(subjectId, kind), {
        limit: ACCESS_LOG_CSV_MAX_ROWS,
        offset: 0,
      });
      return csvText([
        ACCESS_LOG_CSV_COLUMNS,
        ...found.map((entry) => [
          entry.at,
          entry.who,
          ACCESS_KIND_LABELS[entry.kind],
          entry.what,
          entry.page ?? '',
        ]),
      ]);
    },

    /**
     * One row for an event of this request, with its route and request id. The database
     * stamps the time, so rows of one server and of several replicas order alike.
     */
    record: (request: FastifyRequest, event: AuditEvent) => insert(request, event, null),

    /**
     * A read of someone else's data (view-as, impersonation). A read that names the page
     * view it serves writes that page view's one row, the first time, with the page and the
     * first route; later reads of the same view add nothing. Any other request writes a row
     * of its own, as `record` does.
     */
    recordRead: (request: FastifyRequest, event: AuditEvent) =>
      insert(request, event, pageViewOf(request)),

    /** One page of the entries the filters match, newest first, and how many match. */
    async list(query: AuditQuery) {
      const filter = rowFilter(query);
      const page = query.page ?? 1;
      const pageSize = query.pageSize ?? AUDIT_DEFAULT_PAGE_SIZE;
      const [found, total] = await Promise.all([
        entries(filter, { limit: pageSize, offset: (page - 1) * pageSize }),
        repository.count(filter),
      ]);
      return { entries: found, total, page, pageSize };
    },

    /** How many entries the filters match. */
    count: (filter: AuditFilter) => repository.count(rowFilter(filter)),

    /** Every entry the filters match as CSV, newest first; the caller checks the count first. */
    async csv(filter: AuditFilter): Promise<string> {
      const found = await entries(rowFilter(filter), { limit: AUDIT_CSV_MAX_ROWS, offset: 0 });
      return csvText([
        AUDIT_CSV_COLUMNS,
        ...found.map((entry) => [
          entry.at,
          entry.actorEmail ?? '',
          entry.actorId ?? '',
          entry.subjectEmail ?? '',
          entry.subjectId ?? '',
          entry.action,
          entry.page ?? '',
          entry.route ?? '',
          entry.requestId ?? '',
        ]),
      ]);
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
