import { existsSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import {
  apiBaseFor,
  environmentNames,
  environments,
  type BackendName,
} from '@nestling/shared/environments';
import { LOCAL_BACKEND_PORT } from '@nestling/shared/constants';
import { SOCIAL_NETWORKS, socialNetworkOf, type SocialProfile } from '@nestling/shared/social';
import { brandColorProblem } from './modules/brand/colors.ts';
import { LOGO_FILE_TYPE } from './modules/brand/logo.ts';

export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof logLevels)[number];

/**
 * Fastify's `trustProxy`: off, the number of proxies in front of the server (hops), or the
 * addresses of the trusted proxies. Never "trust every X-Forwarded-For entry", which a client
 * can write itself.
 */
export type TrustProxy = false | number | string[];

/** The built web app beside this package in the monorepo, wherever the server is started from. */
export const defaultWebDistDir = fileURLToPath(new URL('../../web/dist', import.meta.url));

// An empty value (`DATABASE_URL=` in a .env file) means "not set".
const optionalText = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  z.string().trim().optional(),
);

function withDefault<T extends z.ZodType>(schema: T) {
  return z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    schema,
  );
}

/** OTLP header names and values may be percent-encoded; one that is not is taken as it is. */
function percentDecoded(text: string): string {
  try {
    return decodeURIComponent(text.trim());
  } catch {
    return text.trim();
  }
}

/** Where traces go, if anywhere: the traces endpoint as given, or the base endpoint's. */
function tracingSettings(settings: {
  OTEL_EXPORTER_OTLP_ENDPOINT?: string | undefined;
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?: string | undefined;
  OTEL_EXPORTER_OTLP_HEADERS?: string | undefined;
  OTEL_SERVICE_NAME: string;
}): {
  readonly endpoint: string;
  /** OTEL_EXPORTER_OTLP_HEADERS: sent with every export (a collector's key, say). */
  readonly headers: Readonly<Record<string, string>>;
  readonly serviceName: string;
} | null {
  const endpoint =
    settings.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ??
    (settings.OTEL_EXPORTER_OTLP_ENDPOINT === undefined
      ? undefined
      : `${settings.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, '')}/v1/traces`);
  if (endpoint === undefined) return null;
  const headers: Record<string, string> = {};
  for (const pair of (settings.OTEL_EXPORTER_OTLP_HEADERS ?? '').split(',')) {
    const at = pair.indexOf('=');
    if (at > 0) headers[percentDecoded(pair.slice(0, at))] = percentDecoded(pair.slice(at + 1));
  }
  return { endpoint, headers, serviceName: settings.OTEL_SERVICE_NAME };
}

/** SOCIAL_PROFILES: addresses separated by commas, blanks ignored. */
function socialAddresses(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((address) => address.trim())
    .filter((address) => address !== '');
}

/** 'Facebook, Instagram, … or Bluesky'. */
function socialNetworkList(): string {
  const names = Object.values(SOCIAL_NETWORKS).map((network) => network.name);
  return `${names.slice(0, -1).join(', ')} or ${names.at(-1) ?? ''}`;
}

/** How many of a thing one person may hold at a time (ADR 039): 1 to 20, one by default. */
const perPersonLimit = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .min(1, 'must be at least 1')
  .max(20, 'must be at most 20')
  .default(1);

const portSchema = z.coerce
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .min(0, 'must be between 0 and 65535')
  .max(65535, 'must be between 0 and 65535');

/** Google's OpenID Connect issuer; its discovery document is at /.well-known/openid-configuration. */
export const GOOGLE_ISSUER = 'https://accounts.google.com';

/** An http:// issuer is accepted only on the loopback interface (a local test provider). */
function isLoopbackUrl(value: string): boolean {
  const { hostname } = new URL(value);
  return hostname === 'localhost' || hostname === '127.0.0.1' || hostname === '[::1]';
}

const LOOPBACK = 'localhost, 127.0.0.1 or [::1]';

/**
 * The test shipping provider's webhook secret when none is set: it moves only test labels'
 * trackers, which stand for no parcel, so a known default harms nothing (ADR 044).
 */
export const TEST_SHIPPING_SECRET = 'test-shipping-webhook-secret';

/**
 * A backend's API address (ADR 003). Health data travels to it, so https:// unless it is on
 * this machine; the developer machine's and the emulator's must be (`local`). Nothing but an
 * origin and a path: the web app appends paths and queries itself.
 */
function backendUrlSchema(local: boolean) {
  return withDefault(
    z
      .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL', abort: true })
      .refine((value) => {
        const url = new URL(value);
        return url.search === '' && url.hash === '' && url.username === '' && url.password === '';
      }, 'must be an address without a query, a fragment or a user name')
      .refine(
        (value) =>
          local ? isLoopbackUrl(value) : value.startsWith('https://') || isLoopbackUrl(value),
        local
          ? `must be on this machine: ${LOOPBACK}`
          : `must be an https:// URL (http:// only on this machine: ${LOOPBACK})`,
      )
      .transform((value) => value.replace(/\/+$/, ''))
      .optional(),
  );
}

/** The setting that holds each backend's address. */
const backendSettings = {
  production: 'PRODUCTION_API_URL',
  staging: 'STAGING_API_URL',
  developerMachine: 'LOCAL_API_URL',
  emulator: 'EMULATOR_API_URL',
} as const satisfies Record<BackendName, string>;

const booleanSchema = z.stringbool({ error: 'must be true or false' });

/** Names proxy-addr understands for whole address ranges. */
const proxyRangeNames = ['loopback', 'linklocal', 'uniquelocal'];

function isProxyAddress(entry: string): boolean {
  if (proxyRangeNames.includes(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  if (rest.length > 0) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (bits === undefined) return true;
  const prefix = Number(bits);
  return /^\d+$/.test(bits) && prefix <= (family === 4 ? 32 : 128);
}

const trustProxySchema = z.string().transform((value, context): TrustProxy => {
  const text = value.trim().toLowerCase();
  if (['false', '0', 'no', 'off'].includes(text)) return false;
  if (['true', 'yes', 'on'].includes(text)) {
    context.addIssue({
      code: 'custom',
      message:
        'true would trust every X-Forwarded-For entry, which clients can forge: give the number of proxies in front of the portal (1 for one reverse proxy) or their addresses',
    });
    return z.NEVER;
  }
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > 10) {
      context.addIssue({ code: 'custom', message: 'must be at most 10 proxies' });
      return z.NEVER;
    }
    return hops;
  }
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  if (!entries.every(isProxyAddress)) {
    context.addIssue({
      code: 'custom',
      message:
        'must be false, the number of proxies in front of the portal, or their addresses (IP addresses, CIDR ranges, loopback, linklocal or uniquelocal), separated by commas',
    });
    return z.NEVER;
  }
  return entries;
});

const envSchema = z.object({
  PORT: withDefault(portSchema.default(LOCAL_BACKEND_PORT)),
  HOST: withDefault(z.string().trim().default('0.0.0.0')),
  PUBLIC_URL: withDefault(
    z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  ),
  APP_ENV: withDefault(
    z
      .enum(environmentNames, { error: `must be one of ${environmentNames.join(', ')}` })
      .default('production'),
  ),
  [backendSettings.production]: backendUrlSchema(false),
  [backendSettings.staging]: backendUrlSchema(false),
  [backendSettings.developerMachine]: backendUrlSchema(true),
  [backendSettings.emulator]: backendUrlSchema(true),
  LOG_LEVEL: withDefault(
    z.enum(logLevels, { error: `must be one of ${logLevels.join(', ')}` }).default('info'),
  ),
  GIT_COMMIT: withDefault(
    z
      .string()
      .trim()
      .regex(/^[0-9a-f]{7,64}$/i, 'must be a git commit hash (7 to 64 hexadecimal digits)')
      .optional(),
  ),
  HEALTH_CHECK_TIMEOUT_MS: withDefault(
    z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(50, 'must be between 50 and 30000')
      .max(30_000, 'must be between 50 and 30000')
      .default(2000),
  ),
  METRICS_TOKEN: withDefault(
    z.string().trim().min(16, 'must be at least 16 characters').optional(),
  ),
  METRICS_PORT: withDefault(portSchema.optional()),
  METRICS_HOST: withDefault(z.string().trim().default('127.0.0.1')),
  OTEL_EXPORTER_OTLP_ENDPOINT: withDefault(
    z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  ),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: withDefault(
    z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  ),
  OTEL_EXPORTER_OTLP_HEADERS: withDefault(
    z
      .string()
      .trim()
      .regex(
        /^\s*[^=,\s]+\s*=[^,]*(,\s*[^=,\s]+\s*=[^,]*)*$/,
        'must be name=value pairs separated by commas',
      )
      .optional(),
  ),
  OTEL_SERVICE_NAME: withDefault(z.string().trim().default('nestling-portal')),
  JOB_RETENTION_DAYS: withDefault(
    z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(0, 'must be 0 or more')
      .max(3650, 'must be at most 3650')
      .default(14),
  ),
  DATA_DIR: withDefault(z.string().default('./data')),
  DATABASE_URL: withDefault(
    z
      .string()
      .trim()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  DEMO_DATA: withDefault(booleanSchema.optional()),
  PRODUCT_NAME: withDefault(z.string().trim().default('Nestling')),
  COMPANY_NAME: withDefault(z.string().trim().default('Nestling Genomics')),
  COMPANY_DOMAIN: withDefault(z.string().trim().default('nestling.health')),
  SUPPORT_EMAIL: withDefault(z.email({ error: 'must be an email address' }).optional()),
  BRAND_COLOR: optionalText.superRefine((value, context) => {
    const problem = value === undefined ? null : brandColorProblem(value);
    if (problem !== null) context.addIssue({ code: 'custom', message: problem });
  }),
  BRAND_LOGO_FILE: optionalText.refine(
    (value) => value === undefined || LOGO_FILE_TYPE.test(value),
    'must name an .svg, .png or .webp file',
  ),
  SOCIAL_PROFILES: optionalText.superRefine((value, context) => {
    for (const [index, address] of socialAddresses(value).entries()) {
      if (socialNetworkOf(address) === null) {
        context.addIssue({
          code: 'custom',
          message: `address ${String(index + 1)} is not an https profile on ${socialNetworkList()}`,
        });
      }
    }
  }),
  LAB_NAME: withDefault(z.string().trim().default('Nestling Genomics Laboratory')),
  // Lines separated by '|'.
  LAB_RETURN_ADDRESS: withDefault(
    z.string().trim().default('Sample Receiving|2100 Example Parkway, Suite 300|Austin, TX 78758'),
  ),
  TEST_RECORD_RETENTION_YEARS: withDefault(
    z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(0, 'must be 0 or more')
      .max(100, 'must be at most 100')
      .default(10),
  ),
  COUPLE_PLACES_PER_PERSON: withDefault(perPersonLimit),
  APPOINTMENTS_PER_PERSON: withDefault(perPersonLimit),
  SIGN_UP_ANSWER_MS: withDefault(
    z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(0, 'must be 0 or more')
      .max(10_000, 'must be at most 10000')
      .default(1000),
  ),
  WEB_DIST_DIR: optionalText,
  SHUTDOWN_TIMEOUT_MS: withDefault(
    z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .positive('must be positive')
      .default(10_000),
  ),
  TRUST_PROXY: withDefault(trustProxySchema.default(false)),
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  GOOGLE_ISSUER_URL: withDefault(
    z
      // abort: the https check below needs a URL it can parse.
      .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL', abort: true })
      .refine(
        (value) => value.startsWith('https://') || isLoopbackUrl(value),
        'must be an https:// URL (http:// only on this machine: localhost, 127.0.0.1 or [::1])',
      )
      .default(GOOGLE_ISSUER),
  ),
  PAYMENT_PUBLIC_KEY: optionalText,
  PAYMENT_PROVIDER: withDefault(
    z.enum(['test', 'stripe'], { error: "must be 'test' or 'stripe'" }).optional(),
  ),
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_API_URL: withDefault(
    z
      .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL', abort: true })
      .refine(
        (value) => value.startsWith('https://') || isLoopbackUrl(value),
        `must be an https:// URL (http:// only on this machine: ${LOOPBACK})`,
      )
      .optional(),
  ),
  SHIPPING_PROVIDER: withDefault(
    z.enum(['test', 'easypost'], { error: "must be 'test' or 'easypost'" }).default('test'),
  ),
  SHIPPING_TEST_WEBHOOK_SECRET: withDefault(
    z.string().trim().min(16, 'must have at least 16 characters').default(TEST_SHIPPING_SECRET),
  ),
  EASYPOST_API_KEY: optionalText,
  EASYPOST_WEBHOOK_SECRET: optionalText,
  MAPS_API_KEY: optionalText,
  MEETING_BASE_URL: withDefault(
    z
      .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL', abort: true })
      .refine(
        (value) => value.startsWith('https://') || isLoopbackUrl(value),
        `must be an https:// URL (http:// only on this machine: ${LOOPBACK})`,
      )
      .refine((value) => !/[?#]/.test(value), 'must not have a query or a fragment')
      .optional(),
  ),
  SMTP_URL: withDefault(
    z
      .string()
      .trim()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
  ),
  MAIL_FROM: optionalText,
  S3_BUCKET: optionalText,
  S3_REGION: withDefault(z.string().trim().default('us-east-1')),
  S3_ENDPOINT: withDefault(
    z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  ),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: withDefault(booleanSchema.default(false)),
  BETTER_AUTH_SECRET: withDefault(
    z.string().trim().min(32, 'must be at least 32 characters').optional(),
  ),
  // Fractions are allowed (0.5 is 30 seconds) so that tests can watch a session go idle.
  IDLE_TIMEOUT_MINUTES: withDefault(
    z.coerce
      .number({ error: 'must be a number' })
      .min(0.1, 'must be between 0.1 and 720')
      .max(720, 'must be between 0.1 and 720')
      .default(30),
  ),
  ACCESS_TOKEN_MINUTES: withDefault(
    z.coerce
      .number({ error: 'must be a number' })
      .int('must be a whole number')
      .min(11, 'must be between 11 and 720')
      .max(720, 'must be between 11 and 720')
      .optional(),
  ),
});

/** Every setting the server reads; `.env.example` documents each. */
export const settingNames = Object.keys(envSchema.shape);

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

/** process.env, after loading `.env` from the current directory when there is one. */
function processEnv(): Env {
  const envFile = path.resolve('.env');
  if (existsSync(envFile)) process.loadEnvFile(envFile);
  return process.env;
}

/**
 * Parses the settings once. Throws a ConfigError that lists every bad setting (never its value,
 * which may be a secret).
 */
export function loadConfig(env: Env = processEnv(), cwd: string = process.cwd()): Config {
  const parsed = envSchema.safeParse(env);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  if (isSet(env.GOOGLE_CLIENT_ID) !== isSet(env.GOOGLE_CLIENT_SECRET)) {
    problems.push(
      'GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET: set both for Google sign-in, or neither',
    );
  }
  if (
    /^postgres(ql)?:\/\//.test(env.DATABASE_URL?.trim() ?? '') &&
    !isSet(env.BETTER_AUTH_SECRET)
  ) {
    problems.push(
      'BETTER_AUTH_SECRET: required with DATABASE_URL (at least 32 random characters, the same on every replica)',
    );
  }
  const paymentProvider =
    env.PAYMENT_PROVIDER?.trim() || (isSet(env.STRIPE_SECRET_KEY) ? 'stripe' : 'test');
  if (
    paymentProvider === 'stripe' &&
    (!isSet(env.STRIPE_SECRET_KEY) || !isSet(env.STRIPE_WEBHOOK_SECRET))
  ) {
    problems.push(
      'STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET: both are required with PAYMENT_PROVIDER=stripe',
    );
  }
  if (
    env.SHIPPING_PROVIDER?.trim() === 'easypost' &&
    (!isSet(env.EASYPOST_API_KEY) || !isSet(env.EASYPOST_WEBHOOK_SECRET))
  ) {
    problems.push(
      'EASYPOST_API_KEY, EASYPOST_WEBHOOK_SECRET: both are required with SHIPPING_PROVIDER=easypost (the API key buys the labels; the webhook secret verifies its tracking updates)',
    );
  }
  if (
    parsed.success &&
    parsed.data.METRICS_PORT !== undefined &&
    parsed.data.METRICS_PORT !== 0 &&
    parsed.data.METRICS_PORT === parsed.data.PORT
  ) {
    problems.push('METRICS_PORT: must differ from PORT (the metrics port serves only /metrics)');
  }
  if (isSet(env.S3_ACCESS_KEY_ID) !== isSet(env.S3_SECRET_ACCESS_KEY)) {
    problems.push('S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both, or neither');
  }
  const s3Others = ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
  if (!isSet(env.S3_BUCKET) && s3Others.some((name) => isSet(env[name]))) {
    problems.push('S3_BUCKET: required with the other S3_* settings');
  }
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  return deepFreeze(configFrom(parsed.data, env, cwd));
}

type Settings = z.output<typeof envSchema>;

/**
 * The server's settings as the code reads them, from the parsed environment. `Config` is this
 * object's type, read-only all the way down: a field is documented here, once.
 */
function configFrom(settings: Settings, env: Env, cwd: string) {
  const databaseUrl = settings.DATABASE_URL ?? null;
  const paymentProvider: 'test' | 'stripe' =
    settings.PAYMENT_PROVIDER ?? (settings.STRIPE_SECRET_KEY ? 'stripe' : 'test');

  return {
    port: settings.PORT,
    /** The interface to listen on; see listen-host.ts for what an unset HOST means. */
    host: settings.HOST,
    /** False when HOST was not set and `host` is the default. */
    hostIsSet: isSet(env.HOST),
    /** Origin the portal is reached at, without a trailing slash. */
    publicUrl: (settings.PUBLIC_URL ?? `http://localhost:${settings.PORT}`).replace(/\/+$/, ''),
    appEnv: settings.APP_ENV,
    /**
     * The API base address of APP_ENV's backend (ADR 003): '/api', this portal's own, unless
     * that backend's setting names another, without a trailing slash.
     */
    apiBaseUrl: apiBaseFor(environments[settings.APP_ENV], {
      production: settings[backendSettings.production],
      staging: settings[backendSettings.staging],
      developerMachine: settings[backendSettings.developerMachine],
      emulator: settings[backendSettings.emulator],
    }),
    logLevel: settings.LOG_LEVEL,
    /**
     * The commit this server was built from (GIT_COMMIT), shown by the health answers; null when
     * not set (the health module then asks git once, when the server runs from a checkout).
     */
    gitCommit: settings.GIT_COMMIT?.toLowerCase() ?? null,
    /** Readiness (ADR 045): how long each check of GET /api/health/ready may take. */
    health: { checkTimeoutMs: settings.HEALTH_CHECK_TIMEOUT_MS },
    /**
     * Prometheus metrics (ADR 045), off by default: on the main port at /metrics only with
     * `token` (as `Authorization: Bearer <token>`), and/or on a port of their own.
     */
    metrics: {
      token: settings.METRICS_TOKEN ?? null,
      /** A second port that serves only /metrics; null for none. */
      port: settings.METRICS_PORT ?? null,
      /** The interface that port listens on; 127.0.0.1 keeps it to this machine. */
      host: settings.METRICS_HOST,
    },
    /**
     * OpenTelemetry traces (ADR 049), off by default: HTTP requests, database queries and jobs, sent
     * over OTLP/HTTP to `endpoint` (OTEL_EXPORTER_OTLP_TRACES_ENDPOINT, or
     * OTEL_EXPORTER_OTLP_ENDPOINT + /v1/traces). Null when neither is set.
     */
    tracing: tracingSettings(settings),
    jobs: {
      /** Succeeded and failed jobs are deleted this many days after they finished; 0 keeps them. */
      retentionDays: settings.JOB_RETENTION_DAYS,
    },
    /** Absolute path of the data directory (embedded database, lock file, later outbox and files). */
    dataDir: path.resolve(cwd, settings.DATA_DIR),
    /** PostgreSQL connection string; null means the embedded PGlite database in `dataDir`. */
    databaseUrl,
    demoData: settings.DEMO_DATA ?? databaseUrl === null,
    brand: {
      productName: settings.PRODUCT_NAME,
      companyName: settings.COMPANY_NAME,
      companyDomain: settings.COMPANY_DOMAIN,
      supportEmail: settings.SUPPORT_EMAIL ?? `support@${settings.COMPANY_DOMAIN}`,
      /** The lab's color (#rrggbb, at least 4.5:1 on white); null keeps the portal's teal. */
      color: settings.BRAND_COLOR?.toLowerCase() ?? null,
      /** Absolute path of the lab's logo (SVG, PNG or WebP); null shows the product name. */
      logoFile:
        settings.BRAND_LOGO_FILE === undefined ? null : path.resolve(cwd, settings.BRAND_LOGO_FILE),
      /** The lab's social-network profiles, for the phone menu's icons; none by default. */
      socialProfiles: socialAddresses(settings.SOCIAL_PROFILES).flatMap((url): SocialProfile[] => {
        const network = socialNetworkOf(url);
        return network === null ? [] : [{ network, url }];
      }),
    },
    /** The lab that receives the samples: the addressee of the prepaid return labels. */
    lab: {
      /**
       * How many years the lab keeps a deleted person's test records (results, kit ids, name and
       * date of birth), counted from the last result or kit activation; 0 keeps none here (the
       * lab keeps them in its own system). ADR 027.
       */
      testRecordRetentionYears: settings.TEST_RECORD_RETENTION_YEARS,
      name: settings.LAB_NAME,
      /** The address under the name, one line each. */
      returnAddress: settings.LAB_RETURN_ADDRESS.split('|')
        .map((line) => line.trim())
        .filter((line) => line !== ''),
    },
    /**
     * How long a sign-up takes to answer at least, for a new address and one with an account
     * alike: making an account took about 140 ms and mailing an existing one's owner
     * about 120 on a quiet machine, 630 and 800 on a busy one. Held to this, neither can be told
     * from the other unless the server is so loaded that either takes longer.
     */
    signUpAnswerMs: settings.SIGN_UP_ANSWER_MS,
    /** What one person may hold at a time; the lab may allow more (ADR 039). */
    limits: {
      /** Places on couple tests (not refunded): as the buyer or as the invited partner. */
      couplePlacesPerPerson: settings.COUPLE_PLACES_PER_PERSON,
      /** Booked counseling appointments that have not ended. */
      appointmentsPerPerson: settings.APPOINTMENTS_PER_PERSON,
    },
    appointments: {
      /**
       * The meeting service's address for video visits (a self-hosted Jitsi, say), without a
       * trailing slash: each visit's room is '<this>/<unguessable name>'. Null offers phone
       * visits only (ADR 019).
       */
      meetingBaseUrl: settings.MEETING_BASE_URL?.replace(/\/+$/, '') ?? null,
    },
    /** Absolute path of the built web app. */
    webDistDir:
      settings.WEB_DIST_DIR === undefined
        ? defaultWebDistDir
        : path.resolve(cwd, settings.WEB_DIST_DIR),
    shutdownTimeoutMs: settings.SHUTDOWN_TIMEOUT_MS,
    trustProxy: settings.TRUST_PROXY,
    /** Google sign-in (OpenID Connect); null unless both client settings are set. */
    google:
      settings.GOOGLE_CLIENT_ID && settings.GOOGLE_CLIENT_SECRET
        ? {
            clientId: settings.GOOGLE_CLIENT_ID,
            clientSecret: settings.GOOGLE_CLIENT_SECRET,
            /** The OpenID Connect issuer, without a trailing slash; its discovery document is read. */
            issuerUrl: settings.GOOGLE_ISSUER_URL.replace(/\/+$/, ''),
          }
        : null,
    keys: {
      paymentPublicKey: settings.PAYMENT_PUBLIC_KEY ?? null,
      mapsApiKey: settings.MAPS_API_KEY ?? null,
    },
    /**
     * How patients pay (ADR 012): the built-in test provider, or Stripe Checkout. `stripe` is
     * null for the test provider.
     */
    payments: {
      provider: paymentProvider,
      stripe:
        paymentProvider === 'stripe' && settings.STRIPE_SECRET_KEY && settings.STRIPE_WEBHOOK_SECRET
          ? {
              secretKey: settings.STRIPE_SECRET_KEY,
              webhookSecret: settings.STRIPE_WEBHOOK_SECRET,
              /** Where the SDK sends its calls; set only to aim it at a stand-in server in tests. */
              api: stripeApi(settings.STRIPE_API_URL),
            }
          : null,
    },
    /**
     * How return labels are bought and tracked (ADR 044): the built-in test provider (labels
     * marked as test, no postage) or EasyPost. `easypost` is null for the test provider.
     */
    shipping: {
      provider: settings.SHIPPING_PROVIDER,
      /** Signs the test provider's tracking webhooks, so staff and tests can move the tracker. */
      testWebhookSecret: settings.SHIPPING_TEST_WEBHOOK_SECRET,
      easypost:
        settings.SHIPPING_PROVIDER === 'easypost' &&
        settings.EASYPOST_API_KEY &&
        settings.EASYPOST_WEBHOOK_SECRET
          ? { apiKey: settings.EASYPOST_API_KEY, webhookSecret: settings.EASYPOST_WEBHOOK_SECRET }
          : null,
    },
    mail: {
      /** smtp:// or smtps:// URL; null writes each message to `${dataDir}/outbox/` instead. */
      smtpUrl: settings.SMTP_URL ?? null,
      from: settings.MAIL_FROM ?? `${settings.PRODUCT_NAME} <no-reply@${settings.COMPANY_DOMAIN}>`,
    },
    /**
     * Where files live (ADR 023): an S3-compatible bucket when S3_BUCKET is set, otherwise null
     * and `${dataDir}/files`.
     */
    s3:
      settings.S3_BUCKET === undefined
        ? null
        : {
            bucket: settings.S3_BUCKET,
            region: settings.S3_REGION,
            /** Another S3-compatible service's address; null for AWS itself. */
            endpoint: settings.S3_ENDPOINT?.replace(/\/+$/, '') ?? null,
            /** Both or neither; neither leaves the SDK's own credential chain (an instance role). */
            accessKeyId: settings.S3_ACCESS_KEY_ID ?? null,
            secretAccessKey: settings.S3_SECRET_ACCESS_KEY ?? null,
            /** `https://host/bucket/key` rather than `https://bucket.host/key`. */
            forcePathStyle: settings.S3_FORCE_PATH_STYLE,
          },
    auth: {
      /**
       * Signs sessions and encrypts the JWT signing keys. Null only on the embedded database,
       * where the server generates one once and keeps it in `${dataDir}/auth-secret`.
       */
      secret: settings.BETTER_AUTH_SECRET ?? null,
      /** A session unused this long is ended by the server, whatever the token's `exp`. */
      idleTimeoutMinutes: settings.IDLE_TIMEOUT_MINUTES,
      // The same as the idle timeout by default: the 'Session Expiring' warning then comes
      // 10 minutes before the server would end an unused session anyway.
      /** Lifetime of an access token (its `exp`); a refresh gives a new one. */
      accessTokenMinutes:
        settings.ACCESS_TOKEN_MINUTES ?? Math.max(11, Math.ceil(settings.IDLE_TIMEOUT_MINUTES)),
    },
  };
}

/** The server's settings: what `loadConfig` makes of the environment, typed by `configFrom`. */
export type Config = DeepReadonly<ReturnType<typeof configFrom>>;

type DeepReadonly<T> = T extends (infer Item)[]
  ? readonly DeepReadonly<Item>[]
  : T extends object
    ? { readonly [Key in keyof T]: DeepReadonly<T[Key]> }
    : T;

/** STRIPE_API_URL as the SDK's host, port and protocol settings; null for Stripe's own. */
function stripeApi(
  url: string | undefined,
): { host: string; port: number; protocol: 'http' | 'https' } | null {
  if (url === undefined) return null;
  const parsed = new URL(url);
  const protocol = parsed.protocol === 'http:' ? 'http' : 'https';
  return {
    host: parsed.hostname.replace(/^\[|\]$/g, ''),
    port: parsed.port === '' ? (protocol === 'http' ? 80 : 443) : Number(parsed.port),
    protocol,
  };
}

function isSet(value: string | undefined): boolean {
  return value !== undefined && value.trim() !== '';
}

function deepFreeze<T>(value: T): DeepReadonly<T> {
  if (value !== null && typeof value === 'object') {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value as DeepReadonly<T>;
}
