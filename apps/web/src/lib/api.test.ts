import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import {
  ApiError,
  createApiClient,
  NO_TOKEN_MESSAGE,
  UNREADABLE_RESPONSE_MESSAGE,
  type ApiClientOptions,
} from './api.ts';
import { getAuthToken, setAuthToken } from './auth-cookie.ts';

const ORIGIN = 'https://portal.example.org';
// These tests are of the transport, not of any route: the schema takes any answer as its input
// type (so no route's answer type refuses it) and still checks the stub's { ok } when parsing.
const okSchema = z.pipe(z.unknown(), z.object({ ok: z.boolean() }));

function jsonResponse(body: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
    ...init,
  });
}

interface Harness {
  fetch: ReturnType<typeof vi.fn<typeof fetch>>;
  navigate: ReturnType<typeof vi.fn<(url: string) => void>>;
  logError: ReturnType<typeof vi.fn<(message: string) => void>>;
  client: ReturnType<typeof createApiClient>;
  /** The URL, method and headers of the nth fetch call. */
  request: (n?: number) => { url: string; method: string; headers: Headers; body: unknown };
}

function setup(
  respond: () => Response | Promise<Response> = () => jsonResponse({ ok: true }),
  options: ApiClientOptions & { pathname?: string; search?: string; token?: string | null } = {},
): Harness {
  const { pathname = '/reports', search = '', token = 'token-123', ...rest } = options;
  const fetchMock = vi.fn<typeof fetch>(() => Promise.resolve(respond()));
  const navigate = vi.fn<(url: string) => void>();
  const logError = vi.fn<(message: string) => void>();
  const client = createApiClient({
    fetch: fetchMock,
    navigate,
    logError,
    getToken: () => token ?? undefined,
    onUnauthorized: () => undefined,
    location: () => ({ origin: ORIGIN, pathname, search }),
    ...rest,
  });
  return {
    fetch: fetchMock,
    navigate,
    logError,
    client,
    request: (n = 0) => {
      const call = fetchMock.mock.calls[n];
      if (!call) throw new Error(`fetch was not called ${n + 1} times`);
      const [input, init] = call;
      return {
        url: input instanceof Request ? input.url : input.toString(),
        method: init?.method ?? 'GET',
        headers: new Headers(init?.headers),
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      };
    },
  };
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('base address', () => {
  it.each([
    ['/api', `${ORIGIN}/api`],
    [undefined, `${ORIGIN}/api`],
    ['https://staging.example.org/v2/api', 'https://staging.example.org/v2/api'],
    ['http://localhost:8080/api/', 'http://localhost:8080/api'],
  ])('%s -> %s', async (apiBaseUrl, base) => {
    const { client, request } = setup(undefined, { apiBaseUrl });
    expect(client.baseUrl).toBe(base);
    await client.get('/user/me', okSchema);
    expect(request().url).toBe(`${base}/user/me`);
  });

  it('sends the backend its own cookies only when it is on another origin', async () => {
    const other = setup(undefined, { apiBaseUrl: 'https://staging.example.org/api' });
    await other.client.get('/user/me', okSchema);
    expect(other.fetch.mock.calls[0]?.[1]?.credentials).toBe('include');
    const own = setup(undefined, { apiBaseUrl: '/api' });
    await own.client.get('/user/me', okSchema);
    expect(own.fetch.mock.calls[0]?.[1]?.credentials).toBeUndefined();
  });
});

describe('requests', () => {
  it("sends a staff member's page view with its reads only, and only to its own server", async () => {
    const pageViewHeaders = () => ({ 'x-page-view': 'view-1', 'x-page-path': '/reports' });
    const own = setup(undefined, { pageViewHeaders });
    await own.client.get('/user', okSchema);
    await own.client.post('/user/token', okSchema);
    expect(own.request(0).headers.get('x-page-view')).toBe('view-1');
    expect(own.request(0).headers.get('x-page-path')).toBe('/reports');
    expect(own.request(1).headers.has('x-page-view')).toBe(false);
    const other = setup(undefined, {
      pageViewHeaders,
      apiBaseUrl: 'https://staging.example.org/api',
    });
    await other.client.get('/user', okSchema);
    expect(other.request().headers.has('x-page-view')).toBe(false);
  });

  it('adds a leading slash to the path', async () => {
    const { client, request } = setup();
    await client.get('user/me' as '/user/me', okSchema);
    expect(request().url).toBe(`${ORIGIN}/api/user/me`);
  });

  it('sends the Bearer token from the auth cookie', async () => {
    setAuthToken('cookie-token');
    const fetchMock = vi.fn<typeof fetch>(() => Promise.resolve(jsonResponse({ ok: true })));
    const client = createApiClient({
      fetch: fetchMock,
      location: () => ({ origin: ORIGIN, pathname: '/', search: '' }),
    });
    await client.get('/user/me', okSchema);
    const headers = new Headers(fetchMock.mock.calls[0]?.[1]?.headers);
    expect(headers.get('Authorization')).toBe('Bearer cookie-token');
    expect(headers.get('Accept')).toBe('application/json');
  });

  it('skips the token when auth is false', async () => {
    const { client, request, navigate } = setup(undefined, { token: null });
    const body = { email: 'a@b.test', password: 'a long enough password', name: 'A B' };
    await client.post('/auth/sign-up/email', okSchema, { auth: false, body });
    expect(request().headers.has('Authorization')).toBe(false);
    expect(request().headers.get('Content-Type')).toBe('application/json');
    expect(request().body).toEqual(body);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('builds a GET query from non-null values, repeating the key for arrays', async () => {
    const { client, request } = setup();
    await client.get('/user', okSchema, {
      query: {
        embryo: true,
        asUser: null,
        version: undefined,
        report: ['a', 'b c'],
        page: 2,
      },
    });
    expect(request().url).toBe(`${ORIGIN}/api/user?embryo=true&report=a&report=b%20c&page=2`);
  });

  it('sends no question mark when the query is empty', async () => {
    const { client, request } = setup();
    await client.get('/user', okSchema, { query: { asUser: null } });
    expect(request().url).toBe(`${ORIGIN}/api/user`);
  });

  it.each(['PUT', 'PATCH', 'DELETE', 'POST'] as const)('%s uses its method', async (method) => {
    const { client, request } = setup();
    const call = {
      PUT: () => client.put('/user/clinic', okSchema, { body: { clinicId: 'clinic-1' } }),
      PATCH: () => client.patch('/individual_reports/1/activate', okSchema),
      DELETE: () => client.delete('/user/clinic', okSchema),
      POST: () => client.post('/user/sign-out', okSchema),
    }[method];
    await expect(call()).resolves.toEqual({ ok: true });
    expect(request().method).toBe(method);
  });

  it('accepts an empty answer when the schema allows it', async () => {
    const { client } = setup(() => new Response(null, { status: 204 }));
    await expect(client.delete('/my-data/uploads/u1', z.undefined())).resolves.toBeUndefined();
  });

  it('takes a schema as a function that loads it, and asks before it is loaded', async () => {
    const { client, fetch: fetchMock } = setup();
    let loaded!: (schema: typeof okSchema) => void;
    const loadSchema = vi.fn(() => new Promise<typeof okSchema>((resolve) => (loaded = resolve)));
    const answer = client.get('/user', loadSchema);
    await vi.waitFor(() => {
      expect(fetchMock).toHaveBeenCalledOnce();
    });
    expect(loadSchema).toHaveBeenCalledOnce();
    loaded(okSchema);
    await expect(answer).resolves.toEqual({ ok: true });
  });

  it('checks the answer against a loaded schema too', async () => {
    const { client } = setup(() => jsonResponse({ ok: 'yes' }));
    await expect(client.get('/user', () => Promise.resolve(okSchema))).rejects.toThrow(
      UNREADABLE_RESPONSE_MESSAGE,
    );
  });

  it('downloads a PDF with GET and Accept application/pdf', async () => {
    const { client, request } = setup(
      () => new Response('%PDF-1.7', { headers: { 'Content-Type': 'application/pdf' } }),
    );
    const blob = await client.downloadPdf('/reports/1', { version: 2, skip: null });
    expect(request().method).toBe('GET');
    expect(request().url).toBe(`${ORIGIN}/api/reports/1?version=2`);
    expect(request().headers.get('Accept')).toBe('application/pdf');
    expect(request().headers.get('Authorization')).toBe('Bearer token-123');
    expect(blob.type).toBe('application/pdf');
    expect(await blob.text()).toBe('%PDF-1.7');
  });

  it('downloads a CSV with GET, its query and Accept text/csv', async () => {
    const { client, request } = setup(
      () => new Response('number\nNS-10001\n', { headers: { 'Content-Type': 'text/csv' } }),
    );
    const blob = await client.downloadCsv('/admin/orders.csv', { q: 'ada', stage: null });
    expect(request().method).toBe('GET');
    expect(request().url).toBe(`${ORIGIN}/api/admin/orders.csv?q=ada`);
    expect(request().headers.get('Accept')).toBe('text/csv');
    expect(await blob.text()).toBe('number\nNS-10001\n');
  });

  it('downloads a ZIP with POST and Accept application/zip', async () => {
    const { client, request } = setup(
      () => new Response('PK', { headers: { 'Content-Type': 'application/zip' } }),
    );
    const blob = await client.downloadZip('/my-data/exports', { ids: ['1', '2'] });
    expect(request().method).toBe('POST');
    expect(request().headers.get('Accept')).toBe('application/zip');
    expect(request().body).toEqual({ ids: ['1', '2'] });
    expect(blob.type).toBe('application/zip');
    expect(await blob.text()).toBe('PK');
  });
});

describe('responses (spec section 8)', () => {
  it('rejects an answer that does not match the schema', async () => {
    const { client, logError } = setup(() => jsonResponse({ ok: 'yes', secret: 'health data' }));
    const error = await rejection(client.get('/user/me', okSchema));
    expect(error.message).toBe(UNREADABLE_RESPONSE_MESSAGE);
    expect(logError).toHaveBeenCalledOnce();
    expect(logError.mock.calls[0]?.[0]).not.toContain('health data');
  });

  it('rejects an answer that is not JSON', async () => {
    const { client } = setup(() => new Response('<html>', { status: 200 }));
    await expect(client.get('/user/me', okSchema)).rejects.toThrow(UNREADABLE_RESPONSE_MESSAGE);
  });

  it("no token: 'No token in context', status 401, redirect to /signin?next=", async () => {
    const { client, fetch, navigate } = setup(undefined, {
      token: null,
      pathname: '/reports',
      search: '?tab=joint',
    });
    const error = await rejection(client.get('/user', okSchema));
    expect(error.message).toBe(NO_TOKEN_MESSAGE);
    expect(error.status).toBe(401);
    expect(fetch).not.toHaveBeenCalled();
    expect(navigate).toHaveBeenCalledWith('/signin?next=%2Freports%3Ftab%3Djoint');
  });

  it('HTTP 401: clears the token and redirects to /signin?next=', async () => {
    setAuthToken('expired');
    const { client, navigate } = setup(
      () =>
        jsonResponse(
          { statusCode: 401, error: 'Unauthorized', message: 'Token expired' },
          { status: 401 },
        ),
      { pathname: '/my-data/imports', onUnauthorized: undefined, getToken: getAuthToken },
    );
    const error = await rejection(client.get('/user', okSchema));
    expect(error.status).toBe(401);
    expect(error.message).toBe('Token expired');
    expect(navigate).toHaveBeenCalledWith('/signin?next=%2Fmy-data%2Fimports');
    expect(getAuthToken()).toBeUndefined();
  });

  it('HTTP 401 on /signin itself does not redirect again', async () => {
    const { client, navigate } = setup(() => jsonResponse({}, { status: 401 }), {
      pathname: '/signin',
      search: '?next=%2Freports',
    });
    await expect(client.get('/user/me', okSchema)).rejects.toBeInstanceOf(ApiError);
    expect(navigate).not.toHaveBeenCalled();
  });

  it("403 whose message contains 'demo' on a demo path: /demo-redirect", async () => {
    const { client, navigate } = setup(
      () => jsonResponse({ message: 'Not a demo account' }, { status: 403 }),
      { pathname: '/demo/grs-embryo-reports/overview' },
    );
    const error = await rejection(client.get('/demo/embryo-reports/couple', okSchema));
    expect(error.status).toBe(403);
    expect(navigate).toHaveBeenCalledWith('/demo-redirect');
  });

  it("403 mentioning 'demo' away from demo paths: /403?message=", async () => {
    const { client, navigate } = setup(
      () => jsonResponse({ message: 'Not a demo account' }, { status: 403 }),
      { pathname: '/embryo-reports/overview' },
    );
    await rejection(client.get('/user', okSchema));
    expect(navigate).toHaveBeenCalledWith('/403?message=Not%20a%20demo%20account');
  });

  it("403 'Verified email required': /verify-email?next=", async () => {
    const { client, navigate } = setup(
      () =>
        jsonResponse(
          { statusCode: 403, error: 'Forbidden', message: 'Verified email required' },
          { status: 403 },
        ),
      { pathname: '/reports', search: '?as_user=u1' },
    );
    const error = await rejection(client.get('/user', okSchema));
    expect(error.message).toBe('Verified email required');
    expect(navigate).toHaveBeenCalledWith('/verify-email?next=%2Freports%3Fas_user%3Du1');
  });

  it('any other 403: /403?message=<error text>', async () => {
    const { client, navigate } = setup(() =>
      jsonResponse({ message: 'Only the account holder & partner' }, { status: 403 }),
    );
    const error = await rejection(client.get('/user/documents', okSchema));
    expect(error.status).toBe(403);
    expect(navigate).toHaveBeenCalledWith(
      '/403?message=Only%20the%20account%20holder%20%26%20partner',
    );
  });

  it('redirects: false leaves 401 and 403 to the form that made the call', async () => {
    for (const [status, message] of [
      [401, 'Invalid email or password'],
      [403, 'Email not verified'],
    ] as const) {
      const onUnauthorized = vi.fn();
      const { client, navigate } = setup(() => jsonResponse({ message }, { status }), {
        onUnauthorized,
      });
      const error = await rejection(
        client.post('/auth/sign-in/email', okSchema, { auth: false, redirects: false }),
      );
      expect(error.status).toBe(status);
      expect(error.message).toBe(message);
      expect(navigate).not.toHaveBeenCalled();
      expect(onUnauthorized).not.toHaveBeenCalled();
    }
  });

  it('the error text falls back from message to error to the status text', async () => {
    const errorOnly = setup(() => jsonResponse({ error: 'Forbidden' }, { status: 403 }));
    await rejection(errorOnly.client.get('/user', okSchema));
    expect(errorOnly.navigate).toHaveBeenCalledWith('/403?message=Forbidden');

    const noBody = setup(() => new Response('', { status: 403, statusText: 'No Entry' }));
    const error = await rejection(noBody.client.get('/user', okSchema));
    expect(error.message).toBe('No Entry');
    expect(noBody.navigate).toHaveBeenCalledWith('/403?message=No%20Entry');
  });

  it('other errors are logged without their body and rethrown as ApiError', async () => {
    const body = {
      statusCode: 500,
      error: 'Internal Server Error',
      message: 'BRCA1 lookup failed',
    };
    const { client, navigate, logError } = setup(() => jsonResponse(body, { status: 500 }));
    const error = await rejection(
      client.get('/user/documents', okSchema, { query: { asUser: 'x' } }),
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(500);
    expect(error.message).toBe('BRCA1 lookup failed');
    expect(error.body).toEqual(body);
    expect(navigate).not.toHaveBeenCalled();
    expect(logError).toHaveBeenCalledWith('API GET /user/documents failed with status 500');
  });

  it.each([400, 404, 409, 422])('HTTP %i is logged and rethrown, no redirect', async (status) => {
    const { client, navigate, logError } = setup(() => jsonResponse({ message: 'm' }, { status }));
    const error = await rejection(client.post('/user/sign-out', okSchema));
    expect(error.status).toBe(status);
    expect(navigate).not.toHaveBeenCalled();
    expect(logError).toHaveBeenCalledOnce();
  });

  it('a network failure becomes an ApiError with status 0', async () => {
    const { client, logError } = setup(() => {
      throw new TypeError('Failed to fetch');
    });
    const error = await rejection(client.get('/user', okSchema));
    expect(error.status).toBe(0);
    expect(logError).toHaveBeenCalledOnce();
  });
});
