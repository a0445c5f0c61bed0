// Business constants of SPEC §9 (and the few of §2/§3 the screens need).

export const PAYMENT_METHODS = ['paypal', 'card', 'bank_transfer', 'mobile'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  paypal: 'PayPal',
  card: 'Tarjeta',
  bank_transfer: 'Transferencia Bancaria',
  mobile: 'PayPhone',
};

/** The purchase-history filter popover says 'Transferencia', not the full label. */
export const PURCHASE_FILTER_OPTIONS = [
  { value: 'all', label: 'Todos' },
  { value: 'paypal', label: 'PayPal' },
  { value: 'card', label: 'Tarjeta' },
  { value: 'bank_transfer', label: 'Transferencia' },
] as const;

/** SPEC §9: card is shown in checkout but refused by this list. */
export const ALLOWED_CHECKOUT_METHODS: readonly PaymentMethod[] = [
  'paypal',
  'bank_transfer',
  'mobile',
];

/** The checkout's method chooser: every method is shown and flagged available (SPEC §9). */
export const PAYMENT_METHOD_OPTIONS = PAYMENT_METHODS.map((id) => ({
  id,
  label: PAYMENT_METHOD_LABELS[id],
  available: true,
}));

/** Whether checkout lets this method through (card is refused, SPEC §9). */
export function isCheckoutMethodAllowed(
  method: string | null | undefined,
): method is PaymentMethod {
  return (ALLOWED_CHECKOUT_METHODS as readonly string[]).includes(method ?? '');
}

/** Value of buyer.paymentProvider in the order payload, per method (SPEC §7). */
export const PAYMENT_PROVIDER_BY_METHOD: Record<PaymentMethod, string> = {
  paypal: 'paypal',
  card: 'stripe',
  bank_transfer: 'bank_transfer',
  mobile: 'payphone',
};

export const PAGE_SIZE = 10;
/**
 * The most purchases one page of the staff history answers (GET /api/purchases): each
 * page read is one entry in the access log of personal data, so no single read may take
 * the whole buyers' list; a larger `range` is cut to this and Content-Range says so.
 */
export const PURCHASES_PAGE_MAX = 100;
/**
 * The rows one page of the reports screen shows (GET /api/admin/reports, `page`): the
 * totals count every row of the filter, the PDF and the Excel hold them all, and the
 * screen never renders a year of sales at once.
 */
export const REPORT_PAGE_SIZE = 100;
/** Pagination shows every page up to this count, ellipses beyond. */
export const PAGINATION_FULL_LIMIT = 7;
export const PURCHASE_ID_PREVIEW_LENGTH = 8;

export const MAX_PRIZE_AMOUNTS = 10;
export const MIN_PRIZE_AMOUNT = 1;

export const MIN_LENGTH = {
  packageName: 3,
  userName: 3,
  password: 6,
  referenceCode: 3,
  bankName: 2,
} as const;

export const MEDIA_SLOTS = ['banner.gif', 'media-1.jpg', 'media-2.jpg', 'media-3.jpg'] as const;
export type MediaSlotName = (typeof MEDIA_SLOTS)[number];
export const BANNER_SLOT: MediaSlotName = 'banner.gif';
export const CAROUSEL_SLOTS: readonly MediaSlotName[] = [
  'media-1.jpg',
  'media-2.jpg',
  'media-3.jpg',
];
/** Content types accepted per slot (checked by content on the server). */
export const MEDIA_TYPES: Record<MediaSlotName, readonly string[]> = {
  'banner.gif': ['image/gif'],
  'media-1.jpg': ['image/jpeg', 'image/png'],
  'media-2.jpg': ['image/jpeg', 'image/png'],
  'media-3.jpg': ['image/jpeg', 'image/png'],
};
export const MEDIA_MAX_BYTES = 5 * 1024 * 1024;

export const TIMINGS = {
  carouselAutoplayMs: 5000,
  carouselSpeedMs: 500,
  floatingButtonDelayMs: 2000,
  progressAnimationDelayMs: 300,
  mobileRedirectDelayMs: 100,
} as const;

export const TOAST_DEFAULTS = { visible: 3, durationMs: 4000 } as const;

export const QUERY_CACHE = {
  gcTimeMs: 5 * 60 * 1000,
  retries: 3,
  maxRetryDelayMs: 30_000,
} as const;

export const COUNTRY = 'ECUADOR';
export const TIME_ZONE = 'America/Guayaquil';
export const LOCALE = 'es-EC';
export const ECUADOR_CALLING_CODE = '+593';
export const CURRENCY = 'USD';

export const ROLES = ['admin', 'reseller'] as const;
export type Role = (typeof ROLES)[number];
export const ROLE_LABELS: Record<Role, string> = { admin: 'Administrador', reseller: 'Revendedor' };
export const NO_ROLE_LABEL = 'Sin rol';

export const REPORT_STATUS_OPTIONS = ['PAID', 'PENDING', 'EXPIRED'] as const;
export type ReportStatusOption = (typeof REPORT_STATUS_OPTIONS)[number];
export const PACKAGE_TYPES = ['normal', 'custom'] as const;
export type PackageType = (typeof PACKAGE_TYPES)[number];
export const REPORT_FORMATS = ['pdf', 'xlsx'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];
export const REPORT_FILE_NAMES: Record<ReportFormat, string> = {
  pdf: 'reporte.pdf',
  xlsx: 'reporte.xlsx',
};

export const STORAGE_KEYS = {
  adminToken: 'adminToken',
  adminUser: 'adminUser',
  adminRole: 'admin_role',
} as const;

export const CUSTOM_PACKAGE_ID = 'custom';
export const CUSTOM_PACKAGE_NAME = 'Personalizado';

/** SPEC §7 mobile: 80 % taxable base, 20 % tax. */
export const PAYPHONE_TAX_SHARE = 0.2;
export const CLIENT_TRANSACTION_ID_PREFIX = 'trx-';
/**
 * create-order's `Idempotency-Key` header (SPEC §7): the checkout sends one per draft, so
 * a double click or a retry answers the first order instead of placing a second one.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const CLIENT_TRANSACTION_ID_MAX = 50;
export const PAYPHONE_DOCUMENT_PLACEHOLDER = '9999999999';

/** Defaults for a new raffle (DESIGN: numbers are zero-padded to the raffle's width). */
export const DEFAULT_TOTAL_NUMBERS = 10_000;

/** How long a pending purchase holds its numbers before the sweeper releases them. */
export const RESERVATION_MINUTES: Record<PaymentMethod, number> = {
  paypal: 30,
  card: 30,
  mobile: 15,
  bank_transfer: 48 * 60,
};

export const PURCHASE_STATUSES = ['PENDING', 'COMPLETED', 'EXPIRED', 'REFUND_REQUIRED'] as const;
export type PurchaseStatus = (typeof PURCHASE_STATUSES)[number];

export const ADMIN_DISPLAY_STATUS = {
  completed: 'COMPLETADO',
  received: 'RECIBIDO',
  pending: 'PENDIENTE',
} as const;

export const NOTIFICATION_CHANNELS = ['email', 'sms'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
