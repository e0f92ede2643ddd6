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
import { csvText } from '../../csv.ts';
import { normalizeEmail } from '@nestling/shared/contract/fields';
import type { AuditRepository, AuditRowFilter, PersonKey } from './repository.ts';

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

  return {
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
