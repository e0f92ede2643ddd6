import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { createTestApp } from '../test/app.ts';
import { createTestDatabase, type TestDatabase } from '../test/database.ts';

describe('API documentation', () => {
  let database: TestDatabase;
  let app: App;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    app = await createTestApp({ database, env: { PRODUCT_NAME: 'Acorn' } });
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });

  it('publishes an OpenAPI document generated from the route schemas', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<{
      openapi: string;
      info: { title: string };
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    }>();
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.title).toBe('Acorn Portal API');
    expect(Object.keys(document.paths).sort()).toEqual([
      '/api/accounts/{id}/activate',
      '/api/admin/appointments',
      '/api/admin/audit',
      '/api/admin/audit.csv',
      '/api/admin/clinics',
      '/api/admin/clinics/{id}',
      '/api/admin/counselors',
      '/api/admin/counselors/{id}',
      '/api/admin/counselors/{id}/availability',
      '/api/admin/discount-codes',
      '/api/admin/discount-codes/{code}',
      '/api/admin/impersonation',
      '/api/admin/lab-keys',
      '/api/admin/lab-keys/{id}',
      '/api/admin/mail',
      '/api/admin/mail/{id}/send-again',
      '/api/admin/orders',
      '/api/admin/orders.csv',
      '/api/admin/orders/{id}/events',
      '/api/admin/orders/{id}/refund',
      '/api/admin/products/{code}',
      '/api/admin/risk-conditions/{code}',
      '/api/admin/sensitive-rules',
      '/api/admin/sensitive-rules/{id}',
      '/api/admin/users',
      '/api/admin/users/{id}/data-portal',
      '/api/appointments',
      '/api/appointments/slots',
      '/api/appointments/{id}/cancel',
      '/api/appointments/{id}/reschedule',
      '/api/auth/google/start',
      '/api/auth/sign-in/email',
      '/api/auth/sign-up/email',
      '/api/checkout',
      '/api/checkout/quote',
      '/api/checkout/{id}',
      '/api/checkout/{id}/cancel',
      '/api/checkout/{id}/test-payment',
      '/api/checkout/{id}/test-payment/confirm',
      '/api/clinic-shares/{token}',
      '/api/clinic-shares/{token}/reports/{reportId}',
      '/api/clinics',
      '/api/config',
      '/api/deliveries',
      '/api/demo/embryo-reports/{variant}',
      '/api/documents/view/{token}',
      '/api/health',
      '/api/health-survey',
      '/api/health-survey/questionnaires/{variant}',
      '/api/health-survey/{variant}/response',
      '/api/health-survey/{variant}/response.json',
      '/api/health-survey/{variant}/submit',
      '/api/health/live',
      '/api/health/ready',
      '/api/individual_reports/{id}',
      '/api/individual_reports/{id}/activate',
      '/api/invitations/pending',
      '/api/invitations/{key}',
      '/api/invitations/{key}/accept',
      '/api/journey',
      '/api/kits',
      '/api/kits/lookup',
      '/api/kits/{id}/address',
      '/api/kits/{id}/return-label',
      '/api/lab/orders/{id}/events',
      '/api/lab/raw-files',
      '/api/lab/reports',
      '/api/my-data',
      '/api/my-data/exports',
      '/api/my-data/exports/{id}',
      '/api/my-data/exports/{id}/files/{name}',
      '/api/my-data/exports/{id}/files/{name}/link',
      '/api/my-data/imports',
      '/api/my-data/imports/{id}',
      '/api/my-data/jobs',
      '/api/my-data/uploads',
      '/api/my-data/uploads/{id}',
      '/api/orders',
      '/api/orders/{id}',
      '/api/partner',
      '/api/partner/individual-reports',
      '/api/partner/{accountId}/invitation',
      '/api/partner/{accountId}/invitation/cancel',
      '/api/partner/{accountId}/invitation/resend',
      '/api/partner/{accountId}/sharing',
      '/api/products',
      '/api/reports/{id}',
      '/api/reports/{id}/sensitive-release',
      '/api/risk-calculator/conditions',
      '/api/shipping/webhook',
      '/api/terms',
      '/api/terms/{document}/accept',
      '/api/user',
      '/api/user/access-log',
      '/api/user/access-log.csv',
      '/api/user/archive',
      '/api/user/clinic',
      '/api/user/clinic/sharing',
      '/api/user/deletion',
      '/api/user/documents',
      '/api/user/documents/{id}/session',
      '/api/user/email',
      '/api/user/email/change',
      '/api/user/email/confirm',
      '/api/user/me',
      '/api/user/password',
      '/api/user/password/change',
      '/api/user/password/reset',
      '/api/user/privacy',
      '/api/user/research-consent',
      '/api/user/sessions',
      '/api/user/sessions/others',
      '/api/user/sessions/{id}',
      '/api/user/sign-out',
      '/api/user/token',
    ]);
    expect(document.paths['/api/health']?.get?.responses['503']).toMatchObject({
      content: {
        'application/json': {
          schema: { properties: { database: { enum: ['up', 'down'] } } },
        },
      },
    });
    expect(document.paths['/api/config']?.get?.responses['200']).toMatchObject({
      content: {
        'application/json': {
          schema: {
            required: ['brand', 'environment', 'apiBaseUrl', 'keys', 'features', 'limits'],
          },
        },
      },
    });
  });

  it('serves a docs page whose scripts and styles load under the CSP', async () => {
    const page = await app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<title>Acorn Portal API</title>');

    // The CSP allows only scripts from our own origin: the page must have no inline script.
    const scripts = [...page.body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes = '', content = ''] of scripts) {
      expect(attributes).toMatch(/\bsrc="/);
      expect(content.trim()).toBe('');
    }
    expect(page.body).not.toMatch(/\son[a-z]+=/i);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("script-src-attr 'none';");
    // Swagger UI's one runtime <style> element is allowed here, and only here.
    expect(csp).toContain("style-src-elem 'self' 'unsafe-inline';");
    const portalPage = await app.inject({ method: 'GET', url: '/api/health' });
    expect(portalPage.headers['content-security-policy']).toContain("style-src-elem 'self';");

    const assets = [
      ...[...page.body.matchAll(/<script[^>]*\bsrc="([^"]+)"/g)].map((match) => match[1]),
      ...[...page.body.matchAll(/<link[^>]*\bhref="([^"]+)"/g)].map((match) => match[1]),
    ];
    expect(assets).toContain('/api/docs/static/swagger-initializer.js');
    for (const asset of assets) {
      expect(asset).toMatch(/^\/api\/docs\//);
      const response = await app.inject({ method: 'GET', url: asset ?? '' });
      expect(response.statusCode, asset).toBe(200);
      expect(response.body.length, asset).toBeGreaterThan(0);
    }

    const spec = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(spec.statusCode).toBe(200);
    expect(spec.json<{ info: { title: string } }>().info.title).toBe('Acorn Portal API');
  });
});
