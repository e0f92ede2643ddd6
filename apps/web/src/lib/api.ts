import { OWN_API_BASE } from '@nestling/shared/environments';
import { isDemoPath } from '@nestling/shared/routes';
import { toQueryString, type QueryParams } from '@nestling/shared/text';
import type * as z from 'zod/mini';
import type { apiRoutes } from '@nestling/shared/contract/api/index';
import type { ApiMethod, ApiPath, ApiPathTemplateOf } from '@nestling/shared/contract/endpoints';
import { clearAuthToken, getAuthToken } from './auth-cookie.ts';
import { createPageViews, type PageLocation } from './page-view.ts';

/**
 * The one API client (spec sections 7 and 8). Every call goes to the environment's base
 * address, carries the Bearer token from the auth cookie unless told not to, validates the
 * answer with a zod schema from @nestling/shared, and turns failures into an ApiError after the
 * redirect the error catalogue asks for.
 */

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  /** The parsed error body, when the server sent JSON. Never logged: it may hold health data. */
  readonly body: unknown;

  constructor(message: string, status: number, body?: unknown) {
    super(message);
    this.status = status;
    this.body = body;
  }
}

export const NO_TOKEN_MESSAGE = 'No token in context';
export const VERIFIED_EMAIL_REQUIRED = 'Verified email required';
export const UNREADABLE_RESPONSE_MESSAGE = 'The server sent an answer the portal could not read';
export const NETWORK_ERROR_MESSAGE = 'The portal could not reach the server';

export interface ApiClientOptions {
  /**
   * The environment's API base address from GET /api/config (spec section 7, ADR 003): '/api'
   * (the default) is resolved against the page's origin; an absolute address is used as it is.
   */
  apiBaseUrl?: string | undefined;
  fetch?: typeof fetch;
  /** Where redirects go; tests capture them. Defaults to a full page load. */
  navigate?: (url: string) => void;
  getToken?: () => string | undefined;
  /** Called on HTTP 401 before the redirect to /signin: the token is no longer good. */
  onUnauthorized?: () => void;
  /** The page's location (origin, path and query); defaults to window.location. */
  location?: () => Pick<Location, 'origin' | 'pathname' | 'search'>;
  /** Logs failures: only method, path and status, never bodies. */
  logError?: (message: string) => void;
  /** The headers that tie a staff member's reads to the page view they serve (ADR 007). */
  pageViewHeaders?: (location: PageLocation) => Record<string, string>;
}

export interface RequestOptions {
  /** Sent as a query string; null and undefined values are left out, arrays repeat the key. */
  query?: QueryParams;
  /** false for the calls that need no sign-in (sign-up style posts, password-reset mail). */
  auth?: boolean;
  /**
   * false for the sign-in style forms that show every error themselves: a 401 or 403 then only
   * throws, without the error catalogue's redirect (a wrong password must not leave /signin).
   */
  redirects?: boolean;
  signal?: AbortSignal;
}

export interface BodyRequestOptions<B = unknown> extends RequestOptions {
  /** Sent as JSON. */
  body?: B;
}

type ApiRoutes = typeof apiRoutes;

/**
 * What the route at method M and path P takes as its body, by its schema in the contract
 * (ADR 053): a field the server does not take, or of another type, fails the type check.
 * Only types are imported: no schema reaches the bundle through this.
 */
export type ApiBody<M extends ApiMethod, P extends string> = ApiRoutes[Extract<
  `${M} ${ApiPathTemplateOf<M, P>}`,
  keyof ApiRoutes
>] extends infer Route
  ? Route extends { body: infer Schema extends z.ZodMiniType }
    ? z.input<Schema>
    : undefined
  : never;

/**
 * A zod schema, or a function that loads one: the schema then loads while the request is under
 * way, so a module of the first page need not carry its schemas (and zod) before any call.
 */
export type SchemaSource<S extends z.ZodMiniType> = S | (() => Promise<S>);

/**
 * The answer the route at method M and path P gives on success, by its schema in the contract;
 * never for a route without one (a file, a redirect), which any schema then takes.
 */
export type ApiAnswer<M extends ApiMethod, P extends string> = ApiRoutes[Extract<
  `${M} ${ApiPathTemplateOf<M, P>}`,
  keyof ApiRoutes
>] extends infer Route
  ? Route extends { response: infer Answers }
    ? Answers extends { 200: infer Schema extends z.ZodMiniType }
      ? z.output<Schema>
      : Answers extends { 201: infer Schema extends z.ZodMiniType }
        ? z.output<Schema>
        : never
    : never
  : never;

/**
 * The schema a call parses its answer with must take what the route answers: a field the
 * server no longer sends, or sends as another type, fails the type check at the call.
 */
type Accepting<S extends z.ZodMiniType, Answer> = [Answer] extends [z.input<S>]
  ? unknown
  : { 'this schema does not take the route’s answer': Answer };

export interface ApiClient {
  /** The absolute base address, without a trailing slash. */
  readonly baseUrl: string;
  url(path: ApiPath<ApiMethod>, query?: QueryParams): string;
  get<P extends ApiPath<'GET'>, S extends z.ZodMiniType>(
    path: P,
    schema: SchemaSource<S> & Accepting<S, ApiAnswer<'GET', P>>,
    options?: RequestOptions,
  ): Promise<z.output<S>>;
  post<P extends ApiPath<'POST'>, S extends z.ZodMiniType>(
    path: P,
    schema: SchemaSource<S> & Accepting<S, ApiAnswer<'POST', P>>,
    options?: BodyRequestOptions<ApiBody<'POST', P>>,
  ): Promise<z.output<S>>;
  put<P extends ApiPath<'PUT'>, S extends z.ZodMiniType>(
    path: P,
    schema: SchemaSource<S> & Accepting<S, ApiAnswer<'PUT', P>>,
    options?: BodyRequestOptions<ApiBody<'PUT', P>>,
  ): Promise<z.output<S>>;
  patch<P extends ApiPath<'PATCH'>, S extends z.ZodMiniType>(
    path: P,
    schema: SchemaSource<S> & Accepting<S, ApiAnswer<'PATCH', P>>,
    options?: BodyRequestOptions<ApiBody<'PATCH', P>>,
  ): Promise<z.output<S>>;
  delete<P extends ApiPath<'DELETE'>, S extends z.ZodMiniType>(
    path: P,
    schema: SchemaSource<S> & Accepting<S, ApiAnswer<'DELETE', P>>,
    options?: BodyRequestOptions<ApiBody<'DELETE', P>>,
  ): Promise<z.output<S>>;
  /** GET with Accept: application/pdf; the document as a Blob. */
  downloadPdf(path: ApiPath<'GET'>, query?: QueryParams, options?: RequestOptions): Promise<Blob>;
  /** GET with Accept: text/csv; the table as a Blob. */
  downloadCsv(path: ApiPath<'GET'>, query?: QueryParams, options?: RequestOptions): Promise<Blob>;
  /** POST with Accept: application/zip; the archive as a Blob. */
  downloadZip(path: ApiPath<'POST'>, body?: unknown, options?: RequestOptions): Promise<Blob>;
  /** Leaves the web app for `url` with a full page load (tests capture it). */
  loadPage(url: string): void;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface SendOptions extends BodyRequestOptions {
  accept: string;
}

/** 'user' -> '/user'; '/user' stays. */
export function withLeadingSlash(path: string): string {
  return path.startsWith('/') ? path : `/${path}`;
}

/** The text of an error answer: its message, else its error, else the status text. */
export function errorText(body: unknown, statusText: string, status: number): string {
  if (typeof body === 'object' && body !== null) {
    const { message, error } = body as { message?: unknown; error?: unknown };
    if (typeof message === 'string' && message.trim() !== '') return message;
    if (typeof error === 'string' && error.trim() !== '') return error;
  }
  return statusText.trim() !== '' ? statusText : `HTTP ${status}`;
}

/** The absolute API base address ('/api' is resolved against the page's origin). */
export function apiBaseUrl(base: string, origin: string): string {
  return new URL(base, origin).href.replace(/\/+$/, '');
}

async function readJson(response: Response): Promise<{ ok: true; data: unknown } | { ok: false }> {
  const text = await response.text();
  if (text.trim() === '') return { ok: true, data: undefined };
  try {
    return { ok: true, data: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const fetchImpl = options.fetch ?? ((input, init) => fetch(input, init));
  const navigate =
    options.navigate ??
    ((url: string) => {
      window.location.assign(url);
    });
  const getToken = options.getToken ?? getAuthToken;
  const onUnauthorized = options.onUnauthorized ?? clearAuthToken;
  const getLocation = options.location ?? (() => window.location);
  const logError =
    options.logError ??
    ((message: string) => {
      console.error(message);
    });

  const pageViewHeaders = options.pageViewHeaders ?? createPageViews();

  const baseUrl = apiBaseUrl(options.apiBaseUrl ?? OWN_API_BASE, getLocation().origin);
  const crossOrigin = new URL(baseUrl).origin !== getLocation().origin;

  function url(path: string, query?: QueryParams): string {
    const search = query ? toQueryString(query) : '';
    return `${baseUrl}${withLeadingSlash(path)}${search === '' ? '' : `?${search}`}`;
  }

  /** The page the user is on, as a same-origin path for `next`. */
  function currentPath(): string {
    const { pathname, search } = getLocation();
    return `${pathname}${search}`;
  }

  /** Redirects unless the user is already on that page (no loops, no nested `next`). */
  function redirect(target: string): void {
    const targetPath = target.split('?')[0];
    if (targetPath === getLocation().pathname) return;
    navigate(target);
  }

  function withNext(pathname: string): string {
    return `${pathname}?next=${encodeURIComponent(currentPath())}`;
  }

  async function failure(
    response: Response,
    method: Method,
    path: string,
    redirects: boolean,
  ): Promise<never> {
    const read = await readJson(response).catch(() => ({ ok: false as const }));
    const body = read.ok ? read.data : undefined;
    const message = errorText(body, response.statusText, response.status);
    const { status } = response;

    if (!redirects && (status === 401 || status === 403)) {
      // The form that made the call shows the error.
    } else if (status === 401) {
      onUnauthorized();
      redirect(withNext('/signin'));
    } else if (status === 403) {
      if (message.toLowerCase().includes('demo') && isDemoPath(getLocation().pathname)) {
        redirect('/demo-redirect');
      } else if (message === VERIFIED_EMAIL_REQUIRED) {
        redirect(withNext('/verify-email'));
      } else {
        redirect(`/403?message=${encodeURIComponent(message)}`);
      }
    } else {
      logError(`API ${method} ${withLeadingSlash(path)} failed with status ${status}`);
    }
    throw new ApiError(message, status, body);
  }

  async function send(method: Method, path: string, opts: SendOptions): Promise<Response> {
    const headers: Record<string, string> = { Accept: opts.accept };
    // Only this portal's own server audits page views; another origin would need CORS for them.
    if (method === 'GET' && !crossOrigin) Object.assign(headers, pageViewHeaders(getLocation()));
    if (opts.auth ?? true) {
      const token = getToken();
      if (token === undefined || token === '') {
        redirect(withNext('/signin'));
        throw new ApiError(NO_TOKEN_MESSAGE, 401);
      }
      headers.Authorization = `Bearer ${token}`;
    }
    const init: RequestInit = { method, headers };
    // Sign-in leaves a session cookie on the backend, which POST /user/token then needs: a
    // backend on another origin gets its own cookies only when asked (ADR 003).
    if (crossOrigin) init.credentials = 'include';
    if (opts.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(opts.body);
    }
    if (opts.signal) init.signal = opts.signal;

    let response: Response;
    try {
      response = await fetchImpl(url(path, opts.query), init);
    } catch (error) {
      if (opts.signal?.aborted) throw error;
      logError(`API ${method} ${withLeadingSlash(path)} could not reach the server`);
      throw new ApiError(NETWORK_ERROR_MESSAGE, 0);
    }
    if (!response.ok) return failure(response, method, path, opts.redirects ?? true);
    return response;
  }

  async function json<S extends z.ZodMiniType>(
    method: Method,
    path: string,
    source: SchemaSource<S>,
    opts: BodyRequestOptions = {},
  ): Promise<z.output<S>> {
    const [response, schema] = await Promise.all([
      send(method, path, { ...opts, accept: 'application/json' }),
      typeof source === 'function' ? source() : source,
    ]);
    const read = await readJson(response);
    const parsed = read.ok ? schema.safeParse(read.data) : undefined;
    if (!parsed?.success) {
      logError(
        `API ${method} ${withLeadingSlash(path)} answered ${response.status} in an unexpected shape`,
      );
      throw new ApiError(UNREADABLE_RESPONSE_MESSAGE, response.status);
    }
    return parsed.data;
  }

  return {
    baseUrl,
    url,
    loadPage: navigate,
    get: (path, schema, opts) => json('GET', path, schema, opts),
    post: (path, schema, opts) => json('POST', path, schema, opts),
    put: (path, schema, opts) => json('PUT', path, schema, opts),
    patch: (path, schema, opts) => json('PATCH', path, schema, opts),
    delete: (path, schema, opts) => json('DELETE', path, schema, opts),
    async downloadPdf(path, query, opts = {}) {
      const response = await send('GET', path, {
        ...opts,
        ...(query ? { query } : {}),
        accept: 'application/pdf',
      });
      return response.blob();
    },
    async downloadCsv(path, query, opts = {}) {
      const response = await send('GET', path, {
        ...opts,
        ...(query ? { query } : {}),
        accept: 'text/csv',
      });
      return response.blob();
    },
    async downloadZip(path, body, opts = {}) {
      const response = await send('POST', path, { ...opts, body, accept: 'application/zip' });
      return response.blob();
    },
  };
}
