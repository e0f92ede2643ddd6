import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorBodySchema } from '@nestling/shared/contract/error';
import type { App } from '../app.ts';
import { createTestApp } from '../test/app.ts';
import { createTestDatabase, type TestDatabase } from '../test/database.ts';

describe('errors', () => {
  let database: TestDatabase;
  let app: App;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    app = await createTestApp({
      database,
      routes: (app) => {
        app.post(
          '/api/test/profile/:id',
          {
            schema: {
              params: z.object({ id: z.string().regex(/^u-\d+$/) }),
              querystring: z.object({ page: z.coerce.number().int().min(1) }),
              body: z.object({
                email: z.email(),
                name: z.object({ First: z.string().min(1) }),
              }),
            },
          },
          () => ({ ok: true }),
        );
        app.get('/api/test/crash', () => {
          throw new Error('database password is hunter2');
        });
        app.get('/api/test/forbidden', () => {
          throw Object.assign(new Error('Verified email required'), { statusCode: 403 });
        });
        app.get(
          '/api/test/bad-response',
          { schema: { response: { 200: z.object({ id: z.string() }) } } },
          () => ({ id: 42 }) as unknown as { id: string },
        );
      },
    });
  });

  afterAll(async () => {
    await app.close();
    await database.destroy();
  });

  it('answers a bad body with 400 naming each bad field', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/profile/u-1?page=2',
      payload: { email: 'nope', name: { First: '' } },
    });
    expect(response.statusCode).toBe(400);
    const body = errorBodySchema.parse(response.json());
    expect(body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(body.message).toMatch(/^Invalid request: /);
    expect(body.message).toContain('body.email: Invalid email address');
    expect(body.message).toContain('body.name.First: Too small');
    expect(body.requestId).toBe(response.headers['x-request-id']);
  });

  it('names bad path parameters and query values too', async () => {
    const params = await app.inject({
      method: 'POST',
      url: '/api/test/profile/x?page=1',
      payload: { email: 'a@example.org', name: { First: 'A' } },
    });
    expect(params.statusCode).toBe(400);
    expect(errorBodySchema.parse(params.json()).message).toMatch(/^Invalid request: params\.id: /);

    const query = await app.inject({
      method: 'POST',
      url: '/api/test/profile/u-1?page=0',
      payload: { email: 'a@example.org', name: { First: 'A' } },
    });
    expect(query.statusCode).toBe(400);
    expect(errorBodySchema.parse(query.json()).message).toMatch(
      /^Invalid request: querystring\.page: /,
    );
  });

  it('answers malformed JSON with 400', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/test/profile/u-1?page=1',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(response.statusCode).toBe(400);
    expect(errorBodySchema.parse(response.json()).error).toBe('Bad Request');
  });

  it('keeps the message of a deliberate client error', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/forbidden' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      statusCode: 403,
      error: 'Forbidden',
      message: 'Verified email required',
      requestId: response.headers['x-request-id'],
    });
  });

  it('answers a crash with a plain 500 that leaks neither message nor stack', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/crash' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      message: 'Internal Server Error',
      requestId: response.headers['x-request-id'],
    });
    expect(response.body).not.toContain('hunter2');
    expect(response.body).not.toContain('.ts:');
  });

  it('answers a response that breaks its schema with a 500', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/test/bad-response' });
    expect(response.statusCode).toBe(500);
    expect(errorBodySchema.parse(response.json()).message).toBe('Internal Server Error');
  });

  it.each(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const)(
    'answers %s on an unknown /api path with a JSON 404 naming the route without its query',
    async (method) => {
      const response = await app.inject({ method, url: '/api/nope?email=a@example.org' });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({
        statusCode: 404,
        error: 'Not Found',
        message: `No API route ${method} /api/nope`,
        requestId: response.headers['x-request-id'],
      });
    },
  );

  it('answers /api itself with the JSON 404', async () => {
    const response = await app.inject({ method: 'GET', url: '/api' });
    expect(response.statusCode).toBe(404);
    expect(errorBodySchema.parse(response.json()).message).toBe('No API route GET /api');
  });
});
