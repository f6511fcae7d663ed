import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { isIBANValid } from 'swissqrbill/utils';
import { z } from 'zod';
import { SMS_STATUS_PATH } from './integrations/sms/sms.ts';
import { DEFAULT_MONDAY_COLUMN_MAP, mondayColumnMapSchema } from './integrations/workboard/monday-workboard.ts';
import { REPO_ROOT } from './paths.ts';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : v === 'true' || v === '1'));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('./.data'),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  PUBLIC_URL: z.string().url().optional(),
  SESSION_TTL_HOURS: z.coerce.number().positive().default(12),
  LOGIN_MAX_FAILURES: z.coerce.number().int().positive().default(10),
  LOGIN_WINDOW_MINUTES: z.coerce.number().positive().default(15),
  LOGIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().positive().default(100),
  MAIL_REQUESTS_PER_RECIPIENT: z.coerce.number().int().positive().default(5),
  MAIL_REQUESTS_PER_ADDRESS: z.coerce.number().int().positive().default(20),
  MAIL_REQUESTS_WINDOW_MINUTES: z.coerce.number().positive().default(60),
  COOKIE_SECURE: bool,
  TRUST_PROXY: bool,
  MAIL_TRANSPORT: z.enum(['outbox', 'smtp']).default('outbox'),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Back Office <no-reply@back-office.local>'),
  SEED_DEMO: bool,
  STORAGE: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool,
  S3_PREFIX: z.string().optional(),
  TELEPHONY_PROVIDER: z.enum(['local', 'aircall']).default('local'),
  AIRCALL_API_ID: z.string().optional(),
  AIRCALL_API_TOKEN: z.string().optional(),
  AIRCALL_BASE_URL: z.string().url().default('https://api.aircall.io'),
  /** The token Aircall puts in every webhook's body; webhooks are refused while it is not set. */
  AIRCALL_WEBHOOK_TOKEN: z.string().optional(),
  WORKBOARD_PROVIDER: z.enum(['local', 'monday']).default('local'),
  MONDAY_API_TOKEN: z.string().optional(),
  MONDAY_BOARD_ID: z.string().regex(/^\d+$/, 'the number in the board address (…/boards/1234567890)').optional(),
  MONDAY_BASE_URL: z.string().url().default('https://api.monday.com'),
  MONDAY_COLUMN_MAP: z.string().optional(),
  SMS_PROVIDER: z.enum(['local', 'twilio']).default('local'),
  TWILIO_ACCOUNT_SID: z.string().optional(),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  TWILIO_FROM: z.string().optional(),
  TWILIO_BASE_URL: z.string().url().default('https://api.twilio.com'),
  /** The key the local SMS sender signs its delivery reports with (random per process when unset). */
  SMS_LOCAL_SECRET: z.string().min(16).optional(),
  /** Road travel times for the planner: the offline model (default) or an OSRM server's table service. */
  ROUTING_PROVIDER: z.enum(['offline', 'osrm']).default('offline'),
  OSRM_URL: z.string().url().optional(),
  OSRM_PROFILE: z
    .string()
    .regex(/^[a-z0-9_-]+$/i)
    .default('driving'),
  /** Address validation: offline (postcode file, confirmed streets, building directory) or Google's Address Validation API. */
  ADDRESS_VALIDATION_PROVIDER: z.enum(['offline', 'google']).default('offline'),
  GOOGLE_ADDRESS_VALIDATION_KEY: z.string().optional(),
  GOOGLE_ADDRESS_VALIDATION_URL: z.string().url().default('https://addressvalidation.googleapis.com'),
  /** Referral links: the app's own /r/{code} (local) or Bitly short links pointing there (docs/referrals.md). */
  SHORTLINK_PROVIDER: z.enum(['local', 'bitly']).default('local'),
  BITLY_TOKEN: z.string().optional(),
  BITLY_GROUP_GUID: z.string().optional(),
  BITLY_DOMAIN: z.string().default('bit.ly'),
  BITLY_TAG_USERS: z.string().default('users'),
  BITLY_TAG_PARTNERS: z.string().default('partners'),
  BITLY_TAG_INDEPENDENT_AGENTS: z.string().default('independent-agents'),
  BITLY_BASE_URL: z.string().url().default('https://api-ssl.bitly.com'),
  /** Signs the public referral forms' tokens and hashes visitors' addresses (random per process when unset). */
  REFERRAL_FORM_SECRET: z.string().min(16).optional(),
  FINANCING_PROVIDER: z.enum(['local', 'http']).default('local'),
  FINANCING_BASE_URL: z.string().url().optional(),
  FINANCING_API_KEY: z.string().optional(),
  OCR_PROVIDER: z.enum(['tesseract', 'gcv']).default('tesseract'),
  PAYMENTS_PROVIDER: z.enum(['local', 'stripe']).default('local'),
  STRIPE_SECRET_KEY: z.string().optional(),
  /** The signing secret of the webhook endpoint (whsec_…); Stripe's webhooks are refused without it. */
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** The licence's recurring price (price_…). */
  STRIPE_PRICE_ID: z.string().optional(),
  STRIPE_API_BASE: z.string().url().default('https://api.stripe.com'),
  /** The key the local payment provider signs its webhooks with (random per process when unset). */
  PAYMENTS_LOCAL_SECRET: z.string().min(16).optional(),
  /** The licence's monthly fee in Rappen, as the local checkout page shows it (Stripe shows its price's). */
  LICENCE_MONTHLY_FEE: z.coerce.number().int().min(0).default(4900),
  /** Lead files (CSV, XLSX) the import takes: at most this many bytes and rows per file. */
  IMPORT_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(50 * 1024 * 1024),
  IMPORT_MAX_ROWS: z.coerce.number().int().min(1).default(200_000),
  GCV_API_KEY: z.string().optional(),
  GCV_ENDPOINT: z.string().url().default('https://vision.googleapis.com'),
  DRIVE_PROVIDER: z.enum(['local', 'google']).default('local'),
  DRIVE_LOCAL_ROOT: z.string().optional(),
  GOOGLE_SERVICE_ACCOUNT_JSON: z.string().optional(),
  DRIVE_API_BASE: z.string().url().default('https://www.googleapis.com'),
  DRIVE_TOKEN_URL: z.string().url().optional(),
  // A Swiss test QR-IBAN by default, so invoices print locally; production sets the company's own.
  INVOICE_IBAN: z
    .string()
    .default('CH44 3199 9123 0008 8901 2')
    .transform((v) => v.replace(/\s+/g, '').toUpperCase())
    .refine((v) => /^(CH|LI)\d{7}[0-9A-Z]{12}$/.test(v) && isIBANValid(v), 'a Swiss or Liechtenstein IBAN or QR-IBAN'),
  WEB_DIST: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Config = ReturnType<typeof loadConfig>;

/** The one place that reads the environment. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  if (c.MAIL_TRANSPORT === 'smtp' && !c.SMTP_URL) {
    throw new Error('Invalid configuration:\n  SMTP_URL: required when MAIL_TRANSPORT=smtp');
  }
  if (c.STORAGE === 's3' && (!c.S3_BUCKET || !c.S3_ACCESS_KEY_ID || !c.S3_SECRET_ACCESS_KEY)) {
    throw new Error('Invalid configuration:\n  S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: required when STORAGE=s3');
  }
  if (c.TELEPHONY_PROVIDER === 'aircall' && (!c.AIRCALL_API_ID || !c.AIRCALL_API_TOKEN)) {
    throw new Error('Invalid configuration:\n  AIRCALL_API_ID, AIRCALL_API_TOKEN: required when TELEPHONY_PROVIDER=aircall');
  }
  if (c.WORKBOARD_PROVIDER === 'monday' && (!c.MONDAY_API_TOKEN || !c.MONDAY_BOARD_ID)) {
    throw new Error('Invalid configuration:\n  MONDAY_API_TOKEN, MONDAY_BOARD_ID: required when WORKBOARD_PROVIDER=monday');
  }
  if (c.SMS_PROVIDER === 'twilio' && (!c.TWILIO_ACCOUNT_SID || !c.TWILIO_AUTH_TOKEN || !c.TWILIO_FROM)) {
    throw new Error('Invalid configuration:\n  TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM: required when SMS_PROVIDER=twilio');
  }
  if (c.ROUTING_PROVIDER === 'osrm' && !c.OSRM_URL) {
    throw new Error('Invalid configuration:\n  OSRM_URL: required when ROUTING_PROVIDER=osrm');
  }
  if (c.ADDRESS_VALIDATION_PROVIDER === 'google' && !c.GOOGLE_ADDRESS_VALIDATION_KEY) {
    throw new Error('Invalid configuration:\n  GOOGLE_ADDRESS_VALIDATION_KEY: required when ADDRESS_VALIDATION_PROVIDER=google');
  }
  if (c.SHORTLINK_PROVIDER === 'bitly' && (!c.BITLY_TOKEN || !c.BITLY_GROUP_GUID)) {
    throw new Error('Invalid configuration:\n  BITLY_TOKEN, BITLY_GROUP_GUID: required when SHORTLINK_PROVIDER=bitly');
  }
  if (c.FINANCING_PROVIDER === 'http' && (!c.FINANCING_BASE_URL || !c.FINANCING_API_KEY)) {
    throw new Error('Invalid configuration:\n  FINANCING_BASE_URL, FINANCING_API_KEY: required when FINANCING_PROVIDER=http');
  }
  if (c.PAYMENTS_PROVIDER === 'stripe' && (!c.STRIPE_SECRET_KEY || !c.STRIPE_WEBHOOK_SECRET || !c.STRIPE_PRICE_ID)) {
    throw new Error(
      'Invalid configuration:\n  STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PRICE_ID: required when PAYMENTS_PROVIDER=stripe',
    );
  }
  if (c.DRIVE_PROVIDER === 'google' && !c.GOOGLE_SERVICE_ACCOUNT_JSON) {
    throw new Error('Invalid configuration:\n  GOOGLE_SERVICE_ACCOUNT_JSON: required when DRIVE_PROVIDER=google');
  }
  const serviceAccount = c.DRIVE_PROVIDER === 'google' ? readServiceAccount(c.GOOGLE_SERVICE_ACCOUNT_JSON ?? '') : null;
  const dataDir = path.resolve(REPO_ROOT, c.DATA_DIR);
  if (c.OCR_PROVIDER === 'gcv' && !c.GCV_API_KEY && !c.GOOGLE_SERVICE_ACCOUNT_JSON) {
    throw new Error('Invalid configuration:\n  GCV_API_KEY or GOOGLE_SERVICE_ACCOUNT_JSON: required when OCR_PROVIDER=gcv');
  }
  const publicUrl = c.PUBLIC_URL ?? `http://localhost:${c.PORT}`;
  return {
    env: c.NODE_ENV,
    port: c.PORT,
    host: c.HOST,
    databaseUrl: c.DATABASE_URL,
    // Relative to the repository, so `npm run … -w apps/api` and `npm start` share one data folder.
    dataDir,
    embeddedPgPort: c.EMBEDDED_PG_PORT,
    publicUrl,
    sessionTtlMs: c.SESSION_TTL_HOURS * 3600_000,
    login: {
      maxFailures: c.LOGIN_MAX_FAILURES,
      maxFailuresPerAddress: c.LOGIN_MAX_FAILURES_PER_ADDRESS,
      windowMs: c.LOGIN_WINDOW_MINUTES * 60_000,
    },
    mailRequests: {
      perRecipient: c.MAIL_REQUESTS_PER_RECIPIENT,
      perAddress: c.MAIL_REQUESTS_PER_ADDRESS,
      windowMs: c.MAIL_REQUESTS_WINDOW_MINUTES * 60_000,
    },
    trustProxy: c.TRUST_PROXY ?? false,
    cookieSecure: c.COOKIE_SECURE ?? publicUrl.startsWith('https://'),
    mail: { transport: c.MAIL_TRANSPORT, smtpUrl: c.SMTP_URL, from: c.MAIL_FROM },
    seedDemo: c.SEED_DEMO,
    storage:
      c.STORAGE === 's3'
        ? {
            kind: 's3' as const,
            endpoint: c.S3_ENDPOINT,
            region: c.S3_REGION,
            bucket: c.S3_BUCKET ?? '',
            accessKeyId: c.S3_ACCESS_KEY_ID ?? '',
            secretAccessKey: c.S3_SECRET_ACCESS_KEY ?? '',
            forcePathStyle: c.S3_FORCE_PATH_STYLE ?? true,
            prefix: c.S3_PREFIX,
          }
        : { kind: 'local' as const },
    telephony:
      c.TELEPHONY_PROVIDER === 'aircall'
        ? {
            provider: 'aircall' as const,
            apiId: c.AIRCALL_API_ID ?? '',
            apiToken: c.AIRCALL_API_TOKEN ?? '',
            baseUrl: c.AIRCALL_BASE_URL,
          }
        : { provider: 'local' as const },
    /** Aircall's webhook token (`POST /api/webhooks/aircall`); null refuses every webhook. */
    aircallWebhookToken: c.AIRCALL_WEBHOOK_TOKEN ? c.AIRCALL_WEBHOOK_TOKEN : null,
    workboard:
      c.WORKBOARD_PROVIDER === 'monday'
        ? {
            provider: 'monday' as const,
            apiToken: c.MONDAY_API_TOKEN ?? '',
            boardId: c.MONDAY_BOARD_ID ?? '',
            baseUrl: c.MONDAY_BASE_URL,
            columnMap: c.MONDAY_COLUMN_MAP ? parseColumnMap(c.MONDAY_COLUMN_MAP) : DEFAULT_MONDAY_COLUMN_MAP,
          }
        : { provider: 'local' as const },
    sms:
      c.SMS_PROVIDER === 'twilio'
        ? {
            provider: 'twilio' as const,
            accountSid: c.TWILIO_ACCOUNT_SID ?? '',
            authToken: c.TWILIO_AUTH_TOKEN ?? '',
            from: c.TWILIO_FROM ?? '',
            baseUrl: c.TWILIO_BASE_URL,
            statusCallbackUrl: `${publicUrl.replace(/\/+$/, '')}${SMS_STATUS_PATH}`,
          }
        : {
            provider: 'local' as const,
            statusCallbackUrl: `${publicUrl.replace(/\/+$/, '')}${SMS_STATUS_PATH}`,
            secret: c.SMS_LOCAL_SECRET ?? randomBytes(24).toString('base64url'),
          },
    routing:
      c.ROUTING_PROVIDER === 'osrm'
        ? { provider: 'osrm' as const, osrmUrl: c.OSRM_URL ?? '', osrmProfile: c.OSRM_PROFILE }
        : { provider: 'offline' as const },
    addressValidation:
      c.ADDRESS_VALIDATION_PROVIDER === 'google'
        ? { provider: 'google' as const, apiKey: c.GOOGLE_ADDRESS_VALIDATION_KEY ?? '', baseUrl: c.GOOGLE_ADDRESS_VALIDATION_URL }
        : { provider: 'offline' as const },
    invoice: { iban: c.INVOICE_IBAN },
    payments:
      c.PAYMENTS_PROVIDER === 'stripe'
        ? {
            provider: 'stripe' as const,
            secretKey: c.STRIPE_SECRET_KEY ?? '',
            webhookSecret: c.STRIPE_WEBHOOK_SECRET ?? '',
            priceId: c.STRIPE_PRICE_ID ?? '',
            apiBase: c.STRIPE_API_BASE,
          }
        : { provider: 'local' as const, secret: c.PAYMENTS_LOCAL_SECRET ?? `whsec_${randomBytes(24).toString('base64url')}` },
    licenceMonthlyFee: c.LICENCE_MONTHLY_FEE,
    shortLinks:
      c.SHORTLINK_PROVIDER === 'bitly'
        ? {
            provider: 'bitly' as const,
            token: c.BITLY_TOKEN ?? '',
            groupGuid: c.BITLY_GROUP_GUID ?? '',
            domain: c.BITLY_DOMAIN,
            tags: { user: c.BITLY_TAG_USERS, partner: c.BITLY_TAG_PARTNERS, independent_agent: c.BITLY_TAG_INDEPENDENT_AGENTS },
            baseUrl: c.BITLY_BASE_URL,
          }
        : { provider: 'local' as const },
    referrals: { formSecret: c.REFERRAL_FORM_SECRET ?? randomBytes(24).toString('base64url') },
    financing:
      c.FINANCING_PROVIDER === 'http'
        ? { provider: 'http' as const, baseUrl: c.FINANCING_BASE_URL ?? '', apiKey: c.FINANCING_API_KEY ?? '' }
        : { provider: 'local' as const },
    drive: serviceAccount
      ? {
          provider: 'google' as const,
          serviceAccount: { client_email: serviceAccount.client_email, private_key: serviceAccount.private_key },
          apiBase: c.DRIVE_API_BASE,
          tokenUrl: c.DRIVE_TOKEN_URL ?? serviceAccount.token_uri ?? 'https://oauth2.googleapis.com/token',
        }
      : {
          provider: 'local' as const,
          root: c.DRIVE_LOCAL_ROOT ? path.resolve(REPO_ROOT, c.DRIVE_LOCAL_ROOT) : path.join(dataDir, 'drive'),
        },
    ocr:
      c.OCR_PROVIDER === 'gcv'
        ? {
            provider: 'gcv' as const,
            endpoint: c.GCV_ENDPOINT,
            apiKey: c.GCV_API_KEY,
            // Without an API key, the company's Google service account (the one Drive uses) signs in.
            credentials: c.GCV_API_KEY ? undefined : readServiceAccount(c.GOOGLE_SERVICE_ACCOUNT_JSON ?? ''),
          }
        : { provider: 'tesseract' as const },
    import: { maxBytes: c.IMPORT_MAX_BYTES, maxRows: c.IMPORT_MAX_ROWS },
    webDist: c.WEB_DIST ? path.resolve(REPO_ROOT, c.WEB_DIST) : undefined,
    logLevel: c.LOG_LEVEL,
  };
}

/** A Google service-account key: the JSON itself, or the path of its file. */
function readServiceAccount(value: string): { client_email: string; private_key: string; token_uri?: string | undefined } {
  let text = value.trim();
  if (!text.startsWith('{')) {
    try {
      text = fs.readFileSync(path.resolve(REPO_ROOT, text), 'utf8');
    } catch {
      throw new Error('Invalid configuration:\n  GOOGLE_SERVICE_ACCOUNT_JSON: neither JSON nor a readable key file');
    }
  }
  const parsed = serviceAccountSchema.safeParse(
    (() => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        return null;
      }
    })(),
  );
  if (!parsed.success) {
    throw new Error('Invalid configuration:\n  GOOGLE_SERVICE_ACCOUNT_JSON: not a service-account key (client_email, private_key)');
  }
  return parsed.data;
}

const serviceAccountSchema = z.object({
  client_email: z.string().min(1),
  private_key: z.string().includes('PRIVATE KEY'),
  token_uri: z.string().url().optional(),
});

function parseColumnMap(text: string) {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error('Invalid configuration:\n  MONDAY_COLUMN_MAP: not JSON');
  }
  const parsed = mondayColumnMapSchema.safeParse(json);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  MONDAY_COLUMN_MAP.${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
