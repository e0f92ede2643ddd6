import { describe, expect, it } from 'vitest';
import { createLabClient, LabApiError } from './index.ts';
import { hrefOf, motherReportPayloadForTests, receipt } from './test-fixtures.ts';

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

/** A fetch that records each call and answers from the list, in turn. */
function fakeFetch(answers: (Response | Error)[]) {
  const sent: Sent[] = [];
  const fetch = (url: string | URL | Request, init?: RequestInit) => {
    sent.push({
      url: hrefOf(url),
      method: init?.method ?? 'GET',
      headers: { ...(init?.headers as Record<string, string>) },
      body: init?.body,
    });
    const next = answers.shift();
    if (next === undefined) throw new Error('no more answers');
    return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
  };
  return { sent, fetch };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });

const client = (fetch: typeof globalThis.fetch, baseUrl = 'https://portal.lab.test') =>
  createLabClient({ baseUrl, key: 'lab_secret', fetch, retryDelayMs: 1 });

describe('the lab client', () => {
  it('delivers a report with the key, below /api of the portal’s address, and reads the receipt', async () => {
    const { sent, fetch } = fakeFetch([json(201, receipt)]);
    const answer = await client(fetch, 'https://lab.test/portal').deliverReport(
      motherReportPayloadForTests,
    );
    expect(answer).toEqual(receipt);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      url: 'https://lab.test/portal/api/lab/reports',
      method: 'POST',
      headers: { authorization: 'Bearer lab_secret', 'content-type': 'application/json' },
    });
    expect(JSON.parse(String(sent[0]?.body))).toEqual(motherReportPayloadForTests);
  });

  it('sends nothing when the payload breaks the contract, and names every bad field', async () => {
    const { sent, fetch } = fakeFetch([]);
    const broken = { ...motherReportPayloadForTests, version: 0, labReportId: '' };
    const failure = await client(fetch)
      .deliverReport(broken)
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(LabApiError);
    const error = failure as LabApiError;
    expect(error.kind).toBe('invalid');
    expect(error.status).toBeNull();
    expect(error.issues.some((issue) => issue.startsWith('body.version: '))).toBe(true);
    expect(error.issues.some((issue) => issue.startsWith('body.labReportId: '))).toBe(true);
    expect(error.message).toContain('Nothing was sent');
    expect(sent).toEqual([]);
  });

  it('sends a delivery again after a network error, a 5xx or a 429, waiting as Retry-After says', async () => {
    const { sent, fetch } = fakeFetch([
      new TypeError('fetch failed'),
      json(503, { statusCode: 503, error: 'Service Unavailable', message: 'Starting' }),
      json(
        429,
        { statusCode: 429, error: 'Too Many Requests', message: 'Slow down' },
        {
          'retry-after': '0.01',
        },
      ),
      json(200, { ...receipt, created: false }),
    ]);
    const answer = await client(fetch).deliverReport(motherReportPayloadForTests);
    expect(answer.created).toBe(false);
    expect(sent).toHaveLength(4);
  });

  it('gives up after its retries, saying the portal did not answer', async () => {
    const { sent, fetch } = fakeFetch([
      new TypeError('fetch failed'),
      new TypeError('fetch failed'),
      new TypeError('fetch failed'),
      new TypeError('fetch failed'),
    ]);
    const failure = await client(fetch)
      .deliverReport(motherReportPayloadForTests)
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({
      kind: 'unreachable',
      message: 'The portal at https://portal.lab.test did not answer',
    });
    expect(sent).toHaveLength(4);
  });

  it('does not send a refused delivery again, and gives the portal’s message and request id', async () => {
    const { sent, fetch } = fakeFetch([
      json(409, {
        statusCode: 409,
        error: 'Conflict',
        message: 'Version 1 of LAB-1 is stored with other content',
        requestId: 'req-7',
      }),
    ]);
    const failure = await client(fetch)
      .deliverReport(motherReportPayloadForTests)
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({
      kind: 'refused',
      status: 409,
      message: 'Version 1 of LAB-1 is stored with other content',
      requestId: 'req-7',
    });
    expect(sent).toHaveLength(1);
  });

  it('names a refusal without the API’s error body by its status', async () => {
    const { fetch } = fakeFetch([new Response('<html>Bad gateway</html>', { status: 502 })]);
    const failure = await createLabClient({
      baseUrl: 'https://portal.lab.test',
      key: 'lab_secret',
      fetch,
      retries: 0,
    })
      .deliverReport(motherReportPayloadForTests)
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ kind: 'refused', status: 502 });
    expect((failure as Error).message).toMatch(/^The portal answered 502/);
  });

  it('moves the tracker by an order number, escaped in the path, and sends it once', async () => {
    const { sent, fetch } = fakeFetch([new TypeError('fetch failed')]);
    const failure = await client(fetch)
      .recordOrderEvent('NS 10001/x', { stage: 'sample-received' })
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ kind: 'unreachable' });
    expect(sent.map((call) => call.url)).toEqual([
      'https://portal.lab.test/api/lab/orders/NS%2010001%2Fx/events',
    ]);
    expect(JSON.parse(String(sent[0]?.body))).toEqual({ stage: 'sample-received' });
  });

  it('refuses a shipment without its tracking number before sending it', async () => {
    const { sent, fetch } = fakeFetch([]);
    const failure = await client(fetch)
      .recordOrderEvent('NS-10001', { stage: 'kit-shipped', carrier: 'UPS' })
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({
      kind: 'invalid',
      issues: ['body.trackingNumber: A shipment needs the carrier and the tracking number'],
    });
    expect(sent).toEqual([]);
  });

  it('attaches a raw file with its name and type in the query, sent once', async () => {
    const attached = { id: 'x1', size: 3, sha256: 'ab' };
    const { sent, fetch } = fakeFetch([json(201, attached)]);
    const answer = await client(fetch).attachRawFile({
      individualOrderId: 'NK-1234',
      fileName: 'sample-1.vcf.gz',
      body: new Uint8Array([31, 139, 8]),
    });
    expect(answer).toEqual(attached);
    expect(sent[0]).toMatchObject({
      url: 'https://portal.lab.test/api/lab/raw-files?individualOrderId=NK-1234&fileName=sample-1.vcf.gz',
      headers: { 'content-type': 'application/gzip' },
    });

    const refused = fakeFetch([]);
    const failure = await client(refused.fetch)
      .attachRawFile({
        individualOrderId: 'NK-1234',
        fileName: '../etc/passwd',
        body: new Blob([]),
      })
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ kind: 'invalid' });
    expect((failure as LabApiError).issues[0]).toMatch(/^query\.fileName: /);
    expect(refused.sent).toEqual([]);
  });
});
