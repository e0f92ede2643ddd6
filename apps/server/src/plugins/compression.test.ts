import { Readable } from 'node:stream';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { createTestApp } from '../test/app.ts';
import { bearer, createTestUser, signInToken, TEST_ORIGIN } from '../test/auth.ts';
import { createTestDatabase, type TestDatabase } from '../test/database.ts';
import { COMPRESSION_THRESHOLD_BYTES } from './compression.ts';

/** Bytes that are no JSON and no text, well above the threshold. */
const binary = Buffer.alloc(8 * COMPRESSION_THRESHOLD_BYTES, 7);
const largeJson = { items: Array.from({ length: 200 }, (_, index) => ({ index, name: 'item' })) };

describe('compressed answers', () => {
  let database: TestDatabase;
  let app: App;
  let token: string;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    await createTestUser(database.db, {
      id: 'compression-user',
      email: 'compression@example.test',
      firstName: 'Cora',
      lastName: 'Press',
    });
    app = await createTestApp({
      database,
      env: { PUBLIC_URL: TEST_ORIGIN },
      routes: (testApp) => {
        testApp.get('/api/test/large', () => largeJson);
        testApp.get('/api/test/pdf', (_request, reply) =>
          reply.type('application/pdf').send(binary),
        );
        testApp.get('/api/test/bytes', (_request, reply) =>
          reply.type('application/octet-stream').send(Readable.from([binary])),
        );
        testApp.get('/test/large', () => largeJson);
      },
    });
    token = await signInToken(app, 'compression@example.test');
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });

  const get = (url: string, acceptEncoding?: string) =>
    app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  it('compresses a large API answer with brotli, or gzip, as the client accepts', async () => {
    const plain = await get('/api/openapi.json');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);

    const br = await get('/api/openapi.json', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.headers['content-type']).toBe(plain.headers['content-type']);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);

    const gzip = await get('/api/openapi.json', 'gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
  });

  it('compresses the JSON of any API route', async () => {
    const response = await get('/api/test/large', 'br');
    expect(response.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(response.rawPayload).toString())).toEqual(largeJson);
  });

  it('leaves an answer below the threshold as it is', async () => {
    const response = await get('/api/health', 'gzip, deflate, br');
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toMatchObject({ status: expect.any(String) as unknown });
  });

  it('sends PDFs and other binary answers as they are', async () => {
    for (const url of ['/api/test/pdf', '/api/test/bytes']) {
      const response = await get(url, 'gzip, deflate, br');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.rawPayload.equals(binary)).toBe(true);
    }
  });

  it('streams the ZIP archive as it is, and it still opens', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/user/archive',
      headers: { ...bearer(token), accept: 'application/zip', 'accept-encoding': 'gzip, br' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-encoding']).toBeUndefined();
    const files = unzipSync(new Uint8Array(response.rawPayload));
    expect(Object.keys(files)).toEqual(expect.arrayContaining(['README.txt', 'profile.json']));
  });

  it('leaves answers outside the API to the web app, which has its own compressed files', async () => {
    const response = await get('/test/large', 'gzip, deflate, br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toEqual(largeJson);
  });
});
