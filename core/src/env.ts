// Configuration, parsed once at start-up. Nothing else in the server reads process.env.
import { z } from 'zod';

const optional = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Public origin of the site, used in provider return URLs and e-mails (default: this PORT on localhost). */
  PUBLIC_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Directory for embedded-mode state: FerretDB files, JWT secret, outbox log. */
  DATA_DIR: z.string().default('data'),
  /**
   * Key that encrypts the invoicing certificate (.p12) and its password at rest (any
   * string, hashed to 256 bits); unset means one generated once and kept in DATA_DIR.
   */
  INVOICE_SECRET_KEY: optional,

  MONGODB_URL: z
    .string()
    .regex(/^mongodb(\+srv)?:\/\//, 'debe empezar por mongodb://')
    .default('mongodb://127.0.0.1:27017/voyaganar'),
  /** Comma-separated brokers; unset means the in-process event bus. */
  KAFKA_BROKERS: optional,
  KAFKA_CLIENT_ID: z.string().default('voy-a-ganar'),
  /** Prefix for every topic and consumer group, so several deployments (or test servers) can share one Kafka. */
  KAFKA_NAMESPACE: z.string().default(''),
  /** `embedded` runs the workers inside the api process; `none` leaves them to `npm run workers`. */
  WORKERS: z.enum(['embedded', 'none']).default('embedded'),

  JWT_SECRET: optional,
  JWT_TTL_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(8 * 3600),
  ADMIN_EMAIL: optional,
  /**
   * Load the demo raffle (packages, prizes, past raffles, an admin and a reseller) when the
   * store is empty at start. On by default except in production; `false` skips it.
   */
  DEMO_DATA: z.enum(['true', 'false', '1', '0', '']).optional(),
  ADMIN_PASSWORD: optional,
  /**
   * Behind one reverse proxy: the client address of the per-address limits is the
   * right-most X-Forwarded-For entry, the one that proxy appended (README "Behind a proxy").
   */
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0', ''])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),

  /**
   * Orders one buyer (each of their e-mail, phone and cédula) may create a minute, from any
   * address (every api process together); 0 turns the limit off (tests buying as one buyer).
   */
  CREATE_ORDER_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(10),
  /**
   * Orders one client address may create a minute, whoever buys: generous, since every
   * buyer behind a carrier's shared address (CGNAT) counts here; 0 turns it off.
   */
  CREATE_ORDER_ADDRESS_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(300),

  STOREFRONT_DIST: z.string().default('storefront/dist'),
  ADMIN_DIST: z.string().default('admin/dist'),
  /**
   * Longest a rendered public page or its data is served from memory. Staff changes drop
   * them at once; this bounds how old the progress figures of the first paint can be.
   */
  STOREFRONT_CACHE_SECONDS: z.coerce.number().positive().default(5),

  RESERVATION_MINUTES: z.coerce.number().positive().default(15),
  TRANSFER_RESERVATION_HOURS: z.coerce.number().positive().default(48),
  SWEEP_INTERVAL_SECONDS: z.coerce.number().positive().default(30),
  /** How often a notification that failed after its retries (a provider outage) is sent again. */
  NOTIFY_RESEND_SECONDS: z.coerce.number().positive().default(60),
  WHATSAPP_NUMBER: optional,
  /** How often the reconciler recomputes the raffle counters and re-publishes lost paid events. */
  RECONCILE_INTERVAL_SECONDS: z.coerce.number().positive().default(60),

  PAYPAL_CLIENT_ID: optional,
  PAYPAL_CLIENT_SECRET: optional,
  /** Sandbox by default; tests point it at a local fake speaking PayPal's API. */
  PAYPAL_BASE_URL: z.url().default('https://api-m.sandbox.paypal.com'),

  STRIPE_SECRET_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  /** e.g. http://127.0.0.1:12111 for stripe-mock; unset means Stripe itself. */
  STRIPE_API_URL: optional,

  PAYPHONE_TOKEN: optional,
  PAYPHONE_STORE_ID: optional,
  PAYPHONE_BASE_URL: z.url().default('https://pay.payphonetodoesposible.com'),

  /** smtp://user:pass@host:port; unset means messages go to the local outbox log. */
  SMTP_URL: optional,
  MAIL_FROM: z.string().default('Voy a Ganar <no-reply@voyaganar.ec>'),
  TWILIO_ACCOUNT_SID: optional,
  TWILIO_AUTH_TOKEN: optional,
  TWILIO_FROM: optional,
  /** Tests point the Twilio SDK at a local server speaking its REST API. */
  TWILIO_BASE_URL: optional,
  /**
   * Tests point the SRI's two SOAP services (RecepcionComprobantesOffline,
   * AutorizacionComprobantesOffline) at a local fake; unset means the SRI's own, by ambiente.
   */
  SRI_RECEPTION_URL: optional,
  SRI_AUTHORIZATION_URL: optional,
});

const envWithDefaults = envSchema.transform(({ DEMO_DATA, PUBLIC_URL, ...env }) => ({
  ...env,
  PUBLIC_URL: PUBLIC_URL ?? `http://localhost:${env.PORT}`,
  DEMO_DATA:
    DEMO_DATA === undefined || DEMO_DATA === ''
      ? env.NODE_ENV !== 'production'
      : DEMO_DATA === 'true' || DEMO_DATA === '1',
}));

export type Env = z.infer<typeof envWithDefaults>;

/** Parses the given variables (process.env by default); throws one readable error listing every bad value. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envWithDefaults.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Configuración inválida:\n${lines.join('\n')}`);
  }
  return result.data;
}
