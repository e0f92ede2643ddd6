import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  ConfigError,
  TEST_SHIPPING_SECRET,
  defaultWebDistDir,
  loadConfig,
  settingNames,
} from './config.ts';
import { repoRoot, tsxImport } from './test/process.ts';

describe('loadConfig', () => {
  it('has a default for every setting', () => {
    const config = loadConfig({}, '/srv/portal');
    expect(config).toEqual({
      port: 8080,
      host: '0.0.0.0',
      hostIsSet: false,
      publicUrl: 'http://localhost:8080',
      appEnv: 'production',
      apiBaseUrl: '/api',
      logLevel: 'info',
      gitCommit: null,
      health: { checkTimeoutMs: 2000 },
      metrics: { token: null, port: null, host: '127.0.0.1' },
      tracing: null,
      jobs: { retentionDays: 14 },
      dataDir: '/srv/portal/data',
      databaseUrl: null,
      demoData: true,
      brand: {
        productName: 'Nestling',
        companyName: 'Nestling Genomics',
        companyDomain: 'nestling.health',
        supportEmail: 'support@nestling.health',
        color: null,
        logoFile: null,
        socialProfiles: [],
      },
      lab: {
        testRecordRetentionYears: 10,
        name: 'Nestling Genomics Laboratory',
        returnAddress: ['Sample Receiving', '2100 Example Parkway, Suite 300', 'Austin, TX 78758'],
      },
      signUpAnswerMs: 1000,
      limits: { couplePlacesPerPerson: 1, appointmentsPerPerson: 1 },
      appointments: { meetingBaseUrl: null },
      webDistDir: defaultWebDistDir,
      shutdownTimeoutMs: 10_000,
      trustProxy: false,
      google: null,
      keys: { paymentPublicKey: null, mapsApiKey: null },
      payments: { provider: 'test', stripe: null },
      shipping: { provider: 'test', testWebhookSecret: TEST_SHIPPING_SECRET, easypost: null },
      mail: { smtpUrl: null, from: 'Nestling <no-reply@nestling.health>' },
      s3: null,
      auth: { secret: null, idleTimeoutMinutes: 30, accessTokenMinutes: 30 },
    });
  });

  it('buys return labels with the test provider unless EasyPost is chosen, and refuses EasyPost without its key and webhook secret', () => {
    expect(loadConfig({}, '/srv').shipping.provider).toBe('test');
    expect(
      loadConfig(
        {
          SHIPPING_PROVIDER: 'easypost',
          EASYPOST_API_KEY: 'EZTKtest',
          EASYPOST_WEBHOOK_SECRET: 'whsec-easypost',
        },
        '/srv',
      ).shipping,
    ).toEqual({
      provider: 'easypost',
      testWebhookSecret: TEST_SHIPPING_SECRET,
      easypost: { apiKey: 'EZTKtest', webhookSecret: 'whsec-easypost' },
    });
    expect(() =>
      loadConfig({ SHIPPING_PROVIDER: 'easypost', EASYPOST_API_KEY: 'EZTKtest' }, '/srv'),
    ).toThrow(/EASYPOST_API_KEY, EASYPOST_WEBHOOK_SECRET: both are required/);
    expect(() => loadConfig({ SHIPPING_PROVIDER: 'fedex' }, '/srv')).toThrow(
      /SHIPPING_PROVIDER: must be 'test' or 'easypost'/,
    );
  });

  it('refuses bad health, metrics and job retention settings', () => {
    expect(() => loadConfig({ GIT_COMMIT: 'main' }, '/srv')).toThrow(
      'GIT_COMMIT: must be a git commit hash (7 to 64 hexadecimal digits)',
    );
    expect(() => loadConfig({ METRICS_TOKEN: 'short' }, '/srv')).toThrow(
      'METRICS_TOKEN: must be at least 16 characters',
    );
    expect(() => loadConfig({ METRICS_PORT: '8080' }, '/srv')).toThrow(
      'METRICS_PORT: must differ from PORT',
    );
    expect(() => loadConfig({ HEALTH_CHECK_TIMEOUT_MS: '10' }, '/srv')).toThrow(
      'HEALTH_CHECK_TIMEOUT_MS: must be between 50 and 30000',
    );
    expect(() => loadConfig({ JOB_RETENTION_DAYS: '-1' }, '/srv')).toThrow(
      'JOB_RETENTION_DAYS: must be 0 or more',
    );
  });

  it('sends traces only when an OTLP endpoint is set, to its /v1/traces (ADR 049)', () => {
    expect(loadConfig({}, '/srv').tracing).toBeNull();
    expect(
      loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' }, '/srv').tracing,
    ).toEqual({
      endpoint: 'http://collector:4318/v1/traces',
      headers: {},
      serviceName: 'nestling-portal',
    });
    expect(() => loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' }, '/srv')).toThrow(
      'OTEL_EXPORTER_OTLP_ENDPOINT: must be an http:// or https:// URL',
    );
    expect(() =>
      loadConfig(
        { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_EXPORTER_OTLP_HEADERS: 'key' },
        '/srv',
      ),
    ).toThrow('OTEL_EXPORTER_OTLP_HEADERS: must be name=value pairs separated by commas');
  });

  it('takes payments with the test provider unless Stripe is configured, and needs both Stripe secrets', () => {
    expect(loadConfig({}, '/srv').payments.provider).toBe('test');
    expect(
      loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' }, '/srv')
        .payments,
    ).toEqual({
      provider: 'stripe',
      stripe: { secretKey: 'sk_test_1', webhookSecret: 'whsec_1', api: null },
    });
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'stripe' }, '/srv')).toThrow(
      'STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET: both are required with PAYMENT_PROVIDER=stripe',
    );
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'paypal' }, '/srv')).toThrow(
      "PAYMENT_PROVIDER: must be 'test' or 'stripe'",
    );
    expect(() => loadConfig({ STRIPE_API_URL: 'http://stripe.example' }, '/srv')).toThrow(
      'STRIPE_API_URL: must be an https:// URL',
    );
  });

  it('takes a brand color that white text reads on, and a logo by its type', () => {
    expect(() => loadConfig({ BRAND_COLOR: '#5fc1b5' }, '/srv')).toThrow(
      "BRAND_COLOR: has 2.0:1 contrast against the portal's light backgrounds; white text on " +
        'buttons and the color as link text need at least 4.5:1. Choose a darker shade.',
    );
    expect(() => loadConfig({ BRAND_COLOR: 'teal' }, '/srv')).toThrow(
      'BRAND_COLOR: must be a color written #rrggbb, such as #0c6b61',
    );
    expect(() => loadConfig({ BRAND_LOGO_FILE: 'logo.gif' }, '/srv')).toThrow(
      'BRAND_LOGO_FILE: must name an .svg, .png or .webp file',
    );
    expect(loadConfig({ BRAND_COLOR: ' ', BRAND_LOGO_FILE: '' }, '/srv').brand).toMatchObject({
      color: null,
      logoFile: null,
    });
  });

  it('finds the web app beside the server source, not in the current directory', () => {
    expect(defaultWebDistDir).toBe(path.resolve(import.meta.dirname, '../../web/dist'));
  });

  it('reads every setting', () => {
    const config = loadConfig(
      {
        PORT: '9000',
        HOST: '127.0.0.1',
        PUBLIC_URL: 'https://portal.example.org/',
        APP_ENV: 'preview',
        LOG_LEVEL: 'debug',
        DATA_DIR: 'var/nestling',
        DATABASE_URL: 'postgres://portal@db.internal:5432/portal',
        BETTER_AUTH_SECRET: 'a-secret-of-at-least-thirty-two-characters',
        PRODUCT_NAME: 'Acorn',
        COMPANY_NAME: 'Acorn Labs',
        COMPANY_DOMAIN: 'acorn.example',
        SUPPORT_EMAIL: 'help@acorn.example',
        BRAND_COLOR: '#7A1F5C',
        BRAND_LOGO_FILE: 'brand/acorn.svg',
        SOCIAL_PROFILES:
          ' https://www.instagram.com/acornlabs , https://linkedin.com/company/acorn-labs ',
        LAB_NAME: 'Acorn Lab',
        LAB_RETURN_ADDRESS: ' Intake | 5 Oak Row ||Salem, OR 97301 ',
        TEST_RECORD_RETENTION_YEARS: '0',
        WEB_DIST_DIR: 'web',
        SHUTDOWN_TIMEOUT_MS: '2500',
        SIGN_UP_ANSWER_MS: '250',
        COUPLE_PLACES_PER_PERSON: '2',
        APPOINTMENTS_PER_PERSON: '3',
        MEETING_BASE_URL: 'https://meet.lab.example/',
        TRUST_PROXY: '10.0.0.1, 10.0.0.0/8',
        GOOGLE_CLIENT_ID: 'google-id',
        GOOGLE_CLIENT_SECRET: 'google-secret',
        PAYMENT_PUBLIC_KEY: 'pk_live_123',
        MAPS_API_KEY: 'maps-key',
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_123',
        STRIPE_WEBHOOK_SECRET: 'whsec_123',
        STRIPE_API_URL: 'http://127.0.0.1:12111',
        SHIPPING_PROVIDER: 'easypost',
        SHIPPING_TEST_WEBHOOK_SECRET: 'acorn-test-shipping-secret',
        EASYPOST_API_KEY: 'EZTKacorn',
        EASYPOST_WEBHOOK_SECRET: 'acorn-easypost-secret',
        SMTP_URL: 'smtps://mailer:pw@smtp.example:465',
        MAIL_FROM: 'Acorn <hello@acorn.example>',
        S3_BUCKET: 'acorn-files',
        S3_REGION: 'us-west-2',
        S3_ENDPOINT: 'https://s3.acorn.example',
        S3_ACCESS_KEY_ID: 'acorn-key',
        S3_SECRET_ACCESS_KEY: 'acorn-secret',
        S3_FORCE_PATH_STYLE: 'true',
        IDLE_TIMEOUT_MINUTES: '15',
        ACCESS_TOKEN_MINUTES: '20',
        GIT_COMMIT: 'ABCDEF0123456789abcdef0123456789abcdef01',
        HEALTH_CHECK_TIMEOUT_MS: '500',
        METRICS_TOKEN: 'a-metrics-token-of-some-length',
        METRICS_PORT: '9464',
        METRICS_HOST: '0.0.0.0',
        // The base endpoint is used only when the traces endpoint is not set.
        OTEL_EXPORTER_OTLP_ENDPOINT: 'https://ignored.example.org',
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://collector.example.org:4318/v1/traces',
        OTEL_EXPORTER_OTLP_HEADERS: 'authorization=Bearer%20collector%20key, x-tenant=lab',
        OTEL_SERVICE_NAME: 'portal-eu',
        JOB_RETENTION_DAYS: '0',
      },
      '/srv/portal',
    );
    expect(config).toEqual({
      port: 9000,
      host: '127.0.0.1',
      hostIsSet: true,
      publicUrl: 'https://portal.example.org',
      appEnv: 'preview',
      apiBaseUrl: '/api',
      logLevel: 'debug',
      gitCommit: 'abcdef0123456789abcdef0123456789abcdef01',
      health: { checkTimeoutMs: 500 },
      metrics: { token: 'a-metrics-token-of-some-length', port: 9464, host: '0.0.0.0' },
      tracing: {
        endpoint: 'https://collector.example.org:4318/v1/traces',
        headers: { authorization: 'Bearer collector key', 'x-tenant': 'lab' },
        serviceName: 'portal-eu',
      },
      jobs: { retentionDays: 0 },
      dataDir: '/srv/portal/var/nestling',
      databaseUrl: 'postgres://portal@db.internal:5432/portal',
      demoData: false,
      brand: {
        productName: 'Acorn',
        companyName: 'Acorn Labs',
        companyDomain: 'acorn.example',
        supportEmail: 'help@acorn.example',
        color: '#7a1f5c',
        logoFile: '/srv/portal/brand/acorn.svg',
        socialProfiles: [
          { network: 'instagram', url: 'https://www.instagram.com/acornlabs' },
          { network: 'linkedin', url: 'https://linkedin.com/company/acorn-labs' },
        ],
      },
      lab: {
        testRecordRetentionYears: 0,
        name: 'Acorn Lab',
        returnAddress: ['Intake', '5 Oak Row', 'Salem, OR 97301'],
      },
      signUpAnswerMs: 250,
      limits: { couplePlacesPerPerson: 2, appointmentsPerPerson: 3 },
      appointments: { meetingBaseUrl: 'https://meet.lab.example' },
      webDistDir: '/srv/portal/web',
      shutdownTimeoutMs: 2500,
      trustProxy: ['10.0.0.1', '10.0.0.0/8'],
      google: {
        clientId: 'google-id',
        clientSecret: 'google-secret',
        issuerUrl: 'https://accounts.google.com',
      },
      keys: { paymentPublicKey: 'pk_live_123', mapsApiKey: 'maps-key' },
      payments: {
        provider: 'stripe',
        stripe: {
          secretKey: 'sk_test_123',
          webhookSecret: 'whsec_123',
          api: { host: '127.0.0.1', port: 12111, protocol: 'http' },
        },
      },
      shipping: {
        provider: 'easypost',
        testWebhookSecret: 'acorn-test-shipping-secret',
        easypost: { apiKey: 'EZTKacorn', webhookSecret: 'acorn-easypost-secret' },
      },
      mail: { smtpUrl: 'smtps://mailer:pw@smtp.example:465', from: 'Acorn <hello@acorn.example>' },
      s3: {
        bucket: 'acorn-files',
        region: 'us-west-2',
        endpoint: 'https://s3.acorn.example',
        accessKeyId: 'acorn-key',
        secretAccessKey: 'acorn-secret',
        forcePathStyle: true,
      },
      auth: {
        secret: 'a-secret-of-at-least-thirty-two-characters',
        idleTimeoutMinutes: 15,
        accessTokenMinutes: 20,
      },
    });
  });

  it('writes mail to the outbox from no-reply at the company domain by default', () => {
    const config = loadConfig({ PRODUCT_NAME: 'Acorn', COMPANY_DOMAIN: 'acorn.example' });
    expect(config.mail).toEqual({ smtpUrl: null, from: 'Acorn <no-reply@acorn.example>' });
    expect(config.auth).toEqual({ secret: null, idleTimeoutMinutes: 30, accessTokenMinutes: 30 });
  });

  it('requires an auth secret of 32 characters or more with DATABASE_URL', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://localhost/portal' })).toThrow(
      /BETTER_AUTH_SECRET: required with DATABASE_URL/,
    );
    expect(() => loadConfig({ BETTER_AUTH_SECRET: 'short' })).toThrow(
      /BETTER_AUTH_SECRET: must be at least 32 characters/,
    );
  });

  it('derives the support address from the company domain and the public URL from the port', () => {
    const config = loadConfig({ COMPANY_DOMAIN: 'acorn.example', PORT: '3000' });
    expect(config.brand.supportEmail).toBe('support@acorn.example');
    expect(config.publicUrl).toBe('http://localhost:3000');
  });

  it('turns demo data on for the embedded database only, unless told otherwise', () => {
    expect(loadConfig({}).demoData).toBe(true);
    const secret = 'a-secret-of-at-least-thirty-two-characters';
    const postgres = { DATABASE_URL: 'postgresql://localhost/portal', BETTER_AUTH_SECRET: secret };
    expect(loadConfig(postgres).demoData).toBe(false);
    expect(loadConfig({ ...postgres, DEMO_DATA: 'true' }).demoData).toBe(true);
    expect(loadConfig({ DEMO_DATA: 'false' }).demoData).toBe(false);
  });

  it('treats empty values as unset', () => {
    const config = loadConfig({
      PORT: '',
      DATABASE_URL: '',
      GOOGLE_CLIENT_ID: ' ',
      MAPS_API_KEY: '',
    });
    expect(config.port).toBe(8080);
    expect(config.databaseUrl).toBeNull();
    expect(config.google).toBeNull();
    expect(config.keys.mapsApiKey).toBeNull();
  });

  it('reads the Google issuer, which must be https:// except on this machine', () => {
    const client = { GOOGLE_CLIENT_ID: 'google-id', GOOGLE_CLIENT_SECRET: 'google-secret' };
    expect(loadConfig(client).google?.issuerUrl).toBe('https://accounts.google.com');
    expect(
      loadConfig({ ...client, GOOGLE_ISSUER_URL: 'http://127.0.0.1:4010/' }).google?.issuerUrl,
    ).toBe('http://127.0.0.1:4010');
    expect(
      loadConfig({ ...client, GOOGLE_ISSUER_URL: 'http://localhost:4010/oidc' }).google?.issuerUrl,
    ).toBe('http://localhost:4010/oidc');
    expect(() => loadConfig({ ...client, GOOGLE_ISSUER_URL: 'http://idp.example' })).toThrow(
      /GOOGLE_ISSUER_URL: must be an https:\/\/ URL/,
    );
    expect(() => loadConfig({ ...client, GOOGLE_ISSUER_URL: 'accounts.google.com' })).toThrow(
      /GOOGLE_ISSUER_URL: must be an http:\/\/ or https:\/\/ URL/,
    );
  });

  it('gives access tokens the idle timeout as their lifetime unless told otherwise', () => {
    const auth = (env: Record<string, string>) => loadConfig(env, '/srv/portal').auth;
    expect(auth({ IDLE_TIMEOUT_MINUTES: '45' }).accessTokenMinutes).toBe(45);
    // Room for the 10-minute warning, even with a short idle timeout.
    expect(auth({ IDLE_TIMEOUT_MINUTES: '0.5' })).toMatchObject({
      idleTimeoutMinutes: 0.5,
      accessTokenMinutes: 11,
    });
    expect(
      auth({ IDLE_TIMEOUT_MINUTES: '0.5', ACCESS_TOKEN_MINUTES: '30' }).accessTokenMinutes,
    ).toBe(30);
    expect(() => loadConfig({ ACCESS_TOKEN_MINUTES: '5' }, '/srv/portal')).toThrow(
      /ACCESS_TOKEN_MINUTES: must be between 11 and 720/,
    );
  });

  it('reads TRUST_PROXY as off, a number of proxies or a list of proxies', () => {
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1' }).trustProxy).toEqual(['127.0.0.1']);
    expect(loadConfig({ TRUST_PROXY: 'loopback, fd00::/8' }).trustProxy).toEqual([
      'loopback',
      'fd00::/8',
    ]);
  });

  it('refuses a TRUST_PROXY that would let a client forge its address, or is not an address', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY: true would trust every X-Forwarded-For entry/,
    );
    expect(() => loadConfig({ TRUST_PROXY: 'my-proxy' })).toThrow(
      /TRUST_PROXY: must be false, the number of proxies/,
    );
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
  });

  it('refuses a social profile it cannot name or that is not https', () => {
    expect(() => loadConfig({ SOCIAL_PROFILES: 'https://myspace.com/acorn' })).toThrow(
      /SOCIAL_PROFILES: address 1 is not an https profile on Facebook, Instagram, X, LinkedIn, YouTube, TikTok or Bluesky/,
    );
    expect(() => loadConfig({ SOCIAL_PROFILES: 'http://instagram.com/acorn' })).toThrow(
      /SOCIAL_PROFILES/,
    );
  });

  it('returns a frozen object', () => {
    const config = loadConfig({});
    expect(Object.isFrozen(config)).toBe(true);
    expect(Object.isFrozen(config.brand)).toBe(true);
    expect(Object.isFrozen(config.keys)).toBe(true);
  });

  it('lists every bad setting in one error, without echoing values', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        APP_ENV: 'staging',
        LOG_LEVEL: 'loud',
        PUBLIC_URL: 'ftp://portal',
        DATABASE_URL: 'mysql://root:hunter2@db/portal',
        DEMO_DATA: 'maybe',
        SUPPORT_EMAIL: 'not-an-email',
        SHUTDOWN_TIMEOUT_MS: '0',
        GOOGLE_CLIENT_SECRET: 'only-the-secret',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const { problems, message } = error as ConfigError;
    expect(problems.map((problem) => problem.split(':')[0])).toEqual([
      'PORT',
      'PUBLIC_URL',
      'APP_ENV',
      'LOG_LEVEL',
      'DATABASE_URL',
      'DEMO_DATA',
      'SUPPORT_EMAIL',
      'SHUTDOWN_TIMEOUT_MS',
      'GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET',
    ]);
    expect(message).toMatch(/^Invalid configuration:\n {2}- PORT: must be a number\n/);
    expect(message).toContain('APP_ENV: must be one of production, preview, development');
    expect(message).not.toContain('hunter2');
    expect(message).not.toContain('only-the-secret');
  });

  it('rejects a port out of range', () => {
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT: must be between 0 and 65535/);
  });

  it('loads .env from the current directory when reading process.env', () => {
    // Runs in a child process so that this test's own environment stays untouched.
    const dir = mkdtempSync(path.join(tmpdir(), 'nestling-env-'));
    try {
      writeFileSync(path.join(dir, '.env'), 'PRODUCT_NAME=Acorn\nPORT=9123\n');
      const configModule = path.resolve(import.meta.dirname, 'config.ts');
      const output = execFileSync(
        process.execPath,
        [
          '--import',
          tsxImport,
          '--input-type=module',
          '-e',
          `const { loadConfig } = await import(${JSON.stringify(configModule)}); const c = loadConfig(); console.log(JSON.stringify([c.brand.productName, c.port, c.port === 9123]));`,
        ],
        { cwd: dir, env: { PATH: process.env.PATH, PORT: '9124' }, encoding: 'utf8' },
      );
      // .env fills in what is missing and never overrides the real environment.
      expect(JSON.parse(output)).toEqual(['Acorn', 9124, false]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps files in DATA_DIR/files unless S3_BUCKET names a bucket (ADR 023)', () => {
    expect(loadConfig({}, '/srv/portal').s3).toBeNull();
    expect(
      loadConfig(
        {
          S3_BUCKET: 'portal-files',
          S3_ENDPOINT: 'https://minio.example:9000/',
          S3_ACCESS_KEY_ID: 'key',
          S3_SECRET_ACCESS_KEY: 'secret',
          S3_FORCE_PATH_STYLE: 'true',
        },
        '/srv/portal',
      ).s3,
    ).toEqual({
      bucket: 'portal-files',
      region: 'us-east-1',
      endpoint: 'https://minio.example:9000',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
    expect(loadConfig({ S3_BUCKET: 'b', S3_REGION: 'eu-central-1' }).s3).toMatchObject({
      region: 'eu-central-1',
      endpoint: null,
      accessKeyId: null,
      forcePathStyle: false,
    });
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return [];
      } catch (error) {
        return (error as ConfigError).problems;
      }
    };
    expect(problems({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'key' })).toEqual([
      'S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both, or neither',
    ]);
    expect(problems({ S3_ENDPOINT: 'https://minio.example' })).toEqual([
      'S3_BUCKET: required with the other S3_* settings',
    ]);
    expect(problems({ S3_BUCKET: 'b', S3_ENDPOINT: 'minio' })).toEqual([
      'S3_ENDPOINT: must be an http:// or https:// URL',
    ]);
  });

  it('matches .env.example, which documents every setting with its default', () => {
    const example = parseEnv(readFileSync(path.join(repoRoot, '.env.example'), 'utf8'));
    expect(Object.keys(example).sort()).toEqual([...settingNames].sort());
    expect(loadConfig(example, '/srv/portal')).toEqual(loadConfig({}, '/srv/portal'));
  });
});
