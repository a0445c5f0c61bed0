// Every HTTP call of the product (SPEC §7 plus our extras), in one registry: method,
// path, who may call it, what it takes and what it answers. The api mounts its routers
// to match and generates /openapi.json from it; clients build URLs with apiPath().
import { z } from 'zod';
import { idParamSchema, msgResponseSchema, withMsg } from './common';
import { healthResponseSchema } from './health';
import { ROLES, type Role } from './constants';
import {
  changePasswordResponseSchema,
  changePasswordSchema,
  loginResponseSchema,
  loginSchema,
  profileSchema,
  registerResponseSchema,
  registerSchema,
  userListItemSchema,
} from './entities/admin-user';
import {
  assignPrizesSchema,
  instantPrizeSchema,
  instantPrizeUpdateSchema,
} from './entities/instant-prize';
import {
  mediaParamsSchema,
  mediaUploadFieldsSchema,
  mediaUploadResponseSchema,
} from './entities/media';
import {
  inReviewCountSchema,
  orderKeyQuerySchema,
  orderViewSchema,
  receiptParamsSchema,
  receiptUploadResponseSchema,
  referralAnswerSchema,
  referralCodeParamsSchema,
  rejectTransferResponseSchema,
  rejectTransferSchema,
  RECEIPT_TYPES,
} from './entities/order';
import { packageInputSchema, packageSchema } from './entities/package';
import { pastRaffleInputSchema, pastRaffleSchema } from './entities/past-raffle';
import {
  confirmTransferResponseSchema,
  confirmTransferSchema,
  notificationParamsSchema,
  purchaseLookupSchema,
  purchaseNotificationsSchema,
  purchaseSchema,
  resendNotificationResponseSchema,
} from './entities/purchase';
import {
  lotteryStatusSchema,
  lotteryUpdateSchema,
  progressSchema,
  raffleSchema,
} from './entities/raffle';
import { reportQuerySchema, reportResponseSchema } from './entities/report';
import { resellerQuerySchema, resellerSchema, resellerUpdateSchema } from './entities/reseller';
import { publicSettingsSchema, settingsSchema, settingsUpdateSchema } from './entities/settings';
import {
  captureOrderSchema,
  createOrderResponseSchema,
  createOrderSchema,
  purchasesByEmailParamsSchema,
  verifyPayphoneResponseSchema,
  verifyPayphoneSchema,
  verifyStripeSchema,
} from './payments';
import { salesChartQuerySchema, salesChartSchema } from './sales-chart';
import { auditEntrySchema, auditListQuerySchema, publicAuditEntrySchema } from './audit';
import { drawRuleSchema, officialResultSchema } from './fairness/draw-rule';
import {
  drawRuleResponseSchema,
  raffleRefParamSchema,
  recordDrawResponseSchema,
} from './fairness/fairness-api';
import { fairnessExportSchema } from './fairness/fairness-export';
import { numberLookupParamSchema, numberLookupSchema } from './fairness/number-lookup';

/** Every call of SPEC §7 lives under this prefix; media and health extras are noted per route. */
export const API_BASE = '/api';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who may call: anyone, any signed-in staff member, or admins only (enforced on the server, DESIGN). */
export type RouteAccess = 'public' | 'staff' | 'admin';

export interface ApiRoute {
  method: HttpMethod;
  /** OpenAPI-style path with `{param}` placeholders, relative to `base`. */
  path: string;
  /** '/api' for SPEC §7 calls; '' for the same-origin media endpoints. */
  base: typeof API_BASE | '';
  access: RouteAccess;
  /** Roles allowed; empty for public routes. */
  roles: readonly Role[];
  summary: string;
  tag: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** How the body travels (json unless said). */
  bodyType?: 'json' | 'multipart' | 'raw';
  /** Success status (200 unless said). */
  status?: number;
  /** JSON answer; null when the answer is a file or has no body. */
  response: z.ZodType | null;
  /** Content types of a non-JSON answer. */
  produces?: readonly string[];
  /** Error statuses it can answer (each with apiErrorSchema). */
  errors: readonly number[];
}

const PUBLIC = { access: 'public', roles: [] } as const;
const STAFF = { access: 'staff', roles: ROLES } as const;
const ADMIN = { access: 'admin', roles: ['admin'] } as const;

const E_PUBLIC = [400, 404, 500] as const;
const E_AUTH = [400, 401, 403, 404, 500] as const;


export const API_ROUTES = {
  // ── Settings ──────────────────────────────────────────────────────────────────
  getSettings: {
    method: 'GET',
    path: '/settings',
    base: API_BASE,
    ...PUBLIC,
    tag: 'settings',
    summary:
      'Datos de contacto y redes sociales; el personal recibe además los secretos enmascarados.',
    response: z.union([settingsSchema, publicSettingsSchema]),
    errors: [500],
  },
  updateSettings: {
    method: 'PUT',
    path: '/settings/{id}',
    base: API_BASE,
    ...ADMIN,
    tag: 'settings',
    summary: 'Guarda la configuración completa (un secreto enmascarado se conserva).',
    params: idParamSchema,
    body: settingsUpdateSchema,
    response: settingsSchema,
    errors: E_AUTH,
  },

  // ── Lottery (hero) ─────────────────────────────────────────────────────────────
  getLottery: {
    method: 'GET',
    path: '/lottery',
    base: API_BASE,
    ...PUBLIC,
    tag: 'lottery',
    summary: 'Sorteo actual (sección Hero).',
    response: raffleSchema,
    errors: [404, 500],
  },
  updateLottery: {
    method: 'PUT',
    path: '/lottery',
    base: API_BASE,
    ...ADMIN,
    tag: 'lottery',
    summary: 'Actualiza la sección Hero.',
    body: lotteryUpdateSchema,
    response: raffleSchema,
    // 409: the total of numbers cannot change once they are generated.
    errors: [...E_AUTH, 409],
  },
  setLotteryActive: {
    method: 'PATCH',
    path: '/lottery/is-active',
    base: API_BASE,
    ...ADMIN,
    tag: 'lottery',
    summary: 'Finaliza o reactiva la rifa.',
    body: lotteryStatusSchema,
    response: lotteryStatusSchema,
    errors: E_AUTH,
  },

  // ── Raffle numbers and instant prizes ──────────────────────────────────────────
  getProgress: {
    method: 'GET',
    path: '/raffle/raffle-progress',
    base: API_BASE,
    ...PUBLIC,
    tag: 'raffle',
    summary: 'Porcentaje vendido.',
    response: progressSchema,
    errors: [500],
  },
  listInstantPrizes: {
    method: 'GET',
    path: '/raffle/instant-prizes',
    base: API_BASE,
    ...PUBLIC,
    tag: 'raffle',
    summary: 'Números con premio instantáneo.',
    response: z.array(instantPrizeSchema),
    errors: [500],
  },
  deleteRaffleNumbers: {
    method: 'DELETE',
    path: '/raffle/delete-raffle-numbers',
    base: API_BASE,
    ...ADMIN,
    tag: 'raffle',
    summary: 'Elimina todos los números premiados.',
    response: msgResponseSchema,
    errors: [401, 403, 409, 500],
  },
  generateRaffleNumbers: {
    method: 'POST',
    path: '/raffle/generate-raffle-numbers',
    base: API_BASE,
    ...ADMIN,
    tag: 'raffle',
    summary: 'Genera los números de la rifa.',
    response: msgResponseSchema,
    errors: [401, 403, 409, 500],
  },
  updateInstantPrize: {
    method: 'PUT',
    path: '/raffle/{id}',
    base: API_BASE,
    ...ADMIN,
    tag: 'raffle',
    summary: 'Cambia el monto o la entrega de un premio instantáneo.',
    params: idParamSchema,
    body: instantPrizeUpdateSchema,
    response: withMsg(instantPrizeSchema),
    errors: E_AUTH,
  },
  assignRandomPrizes: {
    method: 'POST',
    path: '/raffle/assign-random-prizes',
    base: API_BASE,
    ...ADMIN,
    tag: 'raffle',
    summary: 'Asigna montos a números al azar entre los no vendidos.',
    body: assignPrizesSchema,
    response: msgResponseSchema,
    errors: [400, 401, 403, 409, 500],
  },

  // ── Fairness (issue 16) ────────────────────────────────────────────────────────
  getFairness: {
    method: 'GET',
    path: '/raffle/fairness',
    base: API_BASE,
    ...PUBLIC,
    tag: 'raffle',
    summary:
      'Registro público del sorteo: compromisos, regla, cierre, resultado, clave revelada y compras sin datos personales.',
    response: fairnessExportSchema,
    errors: [500],
  },
  getArchivedFairness: {
    method: 'GET',
    path: '/raffle/fairness/{ref}',
    base: API_BASE,
    ...PUBLIC,
    tag: 'raffle',
    summary:
      'Registro público de una rifa ya sorteada, por su referencia (se conserva tras la siguiente rifa).',
    params: raffleRefParamSchema,
    response: fairnessExportSchema,
    errors: E_PUBLIC,
  },
  lookupRaffleNumber: {
    method: 'GET',
    path: '/raffle/numbers/{number}',
    base: API_BASE,
    ...PUBLIC,
    tag: 'raffle',
    summary:
      'Un número de la rifa (verificador): disponible o vendido (nombre enmascarado, ciudad, fecha) y su premio instantáneo.',
    params: numberLookupParamSchema,
    response: numberLookupSchema,
    errors: [400, 409, 429, 500],
  },
  updateDrawRule: {
    method: 'PUT',
    path: '/raffle/draw-rule',
    base: API_BASE,
    ...ADMIN,
    tag: 'raffle',
    summary:
      'Declara qué sorteo de la Lotería Nacional decide la rifa (solo antes de la primera venta).',
    body: drawRuleSchema,
    response: drawRuleResponseSchema,
    errors: [400, 401, 403, 409, 500],
  },
  recordDraw: {
    method: 'POST',
    path: '/raffle/draw',
    base: API_BASE,
    ...ADMIN,
    tag: 'raffle',
    summary:
      'Registra el resultado oficial de la Lotería Nacional: calcula el número ganador por la regla y revela la clave (una sola vez).',
    body: officialResultSchema,
    response: recordDrawResponseSchema,
    errors: [400, 401, 403, 409, 500],
  },

  getPublicAudit: {
    method: 'GET',
    path: '/raffle/audit',
    base: API_BASE,
    ...PUBLIC,
    tag: 'raffle',
    summary:
      'Acciones del personal sobre la rifa actual (o la de la referencia ref), sin datos personales, de la más reciente a la más antigua.',
    query: raffleRefParamSchema.partial(),
    response: z.array(publicAuditEntrySchema),
    errors: [400, 500],
  },
  listAudit: {
    method: 'GET',
    path: '/audit',
    base: API_BASE,
    ...ADMIN,
    tag: 'raffle',
    summary:
      'Auditoría: cada acción del personal sobre las rifas (quién, qué, cuándo), de la más reciente a la más antigua; paginada con range.',
    query: auditListQuerySchema,
    response: z.array(auditEntrySchema),
    errors: [400, 401, 403, 500],
  },

  // ── Staff accounts ─────────────────────────────────────────────────────────────
  login: {
    method: 'POST',
    path: '/admin/login',
    base: API_BASE,
    ...PUBLIC,
    tag: 'admin',
    summary: 'Inicia sesión del personal.',
    body: loginSchema,
    response: loginResponseSchema,
    errors: [400, 401, 429, 500],
  },
  register: {
    method: 'POST',
    path: '/admin/register',
    base: API_BASE,
    ...ADMIN,
    tag: 'admin',
    status: 201,
    summary: 'Registra un usuario (administrador o revendedor).',
    body: registerSchema,
    response: registerResponseSchema,
    errors: [400, 401, 403, 409, 500],
  },
  me: {
    method: 'GET',
    path: '/admin/me',
    base: API_BASE,
    ...STAFF,
    tag: 'admin',
    summary: 'Perfil del usuario actual.',
    response: profileSchema,
    errors: [401, 500],
  },
  changePassword: {
    method: 'POST',
    path: '/admin/change-password',
    base: API_BASE,
    ...STAFF,
    tag: 'admin',
    summary: 'Cambia la contraseña propia y cierra las demás sesiones de la cuenta.',
    body: changePasswordSchema,
    response: changePasswordResponseSchema,
    errors: [400, 401, 500],
  },
  listUsers: {
    method: 'GET',
    path: '/admin',
    base: API_BASE,
    ...ADMIN,
    tag: 'admin',
    summary: 'Lista de usuarios del personal.',
    response: z.array(userListItemSchema),
    errors: [401, 403, 500],
  },
  reports: {
    method: 'GET',
    path: '/admin/reports',
    base: API_BASE,
    ...STAFF,
    tag: 'reports',
    summary: 'Reporte de ventas con filtros; format=pdf|xlsx descarga reporte.pdf / reporte.xlsx.',
    query: reportQuerySchema,
    response: reportResponseSchema,
    produces: [
      'application/json',
      'application/pdf',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ],
    errors: [400, 401, 403, 500],
  },
  salesChart: {
    method: 'GET',
    path: '/admin/sales-chart',
    base: API_BASE,
    ...STAFF,
    tag: 'reports',
    summary: 'Números vendidos por día y método de pago.',
    query: salesChartQuerySchema,
    response: salesChartSchema,
    errors: [400, 401, 403, 500],
  },
  deleteAllPurchases: {
    method: 'DELETE',
    path: '/admin/delete-all-purchases',
    base: API_BASE,
    ...ADMIN,
    tag: 'purchases',
    summary: 'Borra todas las compras y reinicia los números.',
    response: msgResponseSchema,
    errors: [401, 403, 500],
  },

  // ── Resellers ──────────────────────────────────────────────────────────────────
  listResellers: {
    method: 'GET',
    path: '/resellers',
    base: API_BASE,
    ...ADMIN,
    tag: 'resellers',
    summary: 'Revendedores, buscando por nombre o e-mail (q).',
    query: resellerQuerySchema,
    response: z.array(resellerSchema),
    errors: [400, 401, 403, 500],
  },
  getReseller: {
    method: 'GET',
    path: '/resellers/{id}',
    base: API_BASE,
    ...ADMIN,
    tag: 'resellers',
    summary: 'Un revendedor (react-admin).',
    params: idParamSchema,
    response: resellerSchema,
    errors: E_AUTH,
  },
  updateReseller: {
    method: 'PUT',
    path: '/resellers/{id}',
    base: API_BASE,
    ...ADMIN,
    tag: 'resellers',
    summary: 'Actualiza nombre, e-mail y estado de un revendedor.',
    params: idParamSchema,
    body: resellerUpdateSchema,
    response: resellerSchema,
    errors: [400, 401, 403, 404, 409, 500],
  },
  deleteReseller: {
    method: 'DELETE',
    path: '/resellers/{id}',
    base: API_BASE,
    ...ADMIN,
    tag: 'resellers',
    summary: 'Elimina un revendedor.',
    params: idParamSchema,
    response: withMsg(resellerSchema),
    errors: E_AUTH,
  },

  // ── Packages ───────────────────────────────────────────────────────────────────
  listPackages: {
    method: 'GET',
    path: '/packages',
    base: API_BASE,
    ...PUBLIC,
    tag: 'packages',
    summary: 'Paquetes de números.',
    response: z.array(packageSchema),
    errors: [500],
  },
  getPackage: {
    method: 'GET',
    path: '/packages/{id}',
    base: API_BASE,
    ...PUBLIC,
    tag: 'packages',
    summary: 'Un paquete (react-admin).',
    params: idParamSchema,
    response: packageSchema,
    errors: E_PUBLIC,
  },
  createPackage: {
    method: 'POST',
    path: '/packages',
    base: API_BASE,
    ...ADMIN,
    tag: 'packages',
    status: 201,
    summary: 'Crea un paquete.',
    body: packageInputSchema,
    response: withMsg(packageSchema),
    errors: E_AUTH,
  },
  updatePackage: {
    method: 'PUT',
    path: '/packages/{id}',
    base: API_BASE,
    ...ADMIN,
    tag: 'packages',
    summary: 'Actualiza un paquete.',
    params: idParamSchema,
    body: packageInputSchema,
    response: withMsg(packageSchema),
    errors: E_AUTH,
  },
  deletePackage: {
    method: 'DELETE',
    path: '/packages/{id}',
    base: API_BASE,
    ...ADMIN,
    tag: 'packages',
    summary: 'Elimina un paquete.',
    params: idParamSchema,
    response: withMsg(packageSchema),
    errors: E_AUTH,
  },

  // ── Purchases ──────────────────────────────────────────────────────────────────
  listPurchases: {
    method: 'GET',
    path: '/purchases',
    base: API_BASE,
    ...STAFF,
    tag: 'purchases',
    summary: 'Historial de compras (un revendedor ve solo las suyas).',
    response: z.array(purchaseSchema),
    errors: [401, 403, 500],
  },
  confirmTransfer: {
    method: 'PATCH',
    path: '/purchases/{id}/confirm-transfer',
    base: API_BASE,
    ...STAFF,
    tag: 'purchases',
    summary: 'Confirma una transferencia bancaria y asigna los números.',
    params: idParamSchema,
    body: confirmTransferSchema,
    response: confirmTransferResponseSchema,
    errors: [400, 401, 403, 404, 409, 500],
  },
  rejectTransfer: {
    method: 'POST',
    path: '/purchases/{id}/reject-transfer',
    base: API_BASE,
    ...STAFF,
    tag: 'purchases',
    summary:
      'Rechaza el comprobante con un motivo: el pedido vuelve a "Pendiente de pago" y se avisa al comprador.',
    params: idParamSchema,
    body: rejectTransferSchema,
    response: rejectTransferResponseSchema,
    errors: [400, 401, 403, 404, 409, 500],
  },
  getReceipt: {
    method: 'GET',
    path: '/purchases/{id}/receipts/{receiptId}',
    base: API_BASE,
    ...STAFF,
    tag: 'purchases',
    summary: 'El archivo de un comprobante de transferencia (JPEG, PNG o PDF).',
    params: receiptParamsSchema,
    response: null,
    produces: RECEIPT_TYPES,
    errors: [400, 401, 403, 404, 500],
  },
  inReviewCount: {
    method: 'GET',
    path: '/purchases/in-review/count',
    base: API_BASE,
    ...STAFF,
    tag: 'purchases',
    summary: 'Cuántos comprobantes esperan revisión (los propios para un revendedor).',
    response: inReviewCountSchema,
    errors: [401, 403, 500],
  },
  getOrder: {
    method: 'GET',
    path: '/orders/{id}',
    base: API_BASE,
    ...PUBLIC,
    tag: 'orders',
    summary:
      'La página del pedido: código, estado, plazo, cuentas, comprobantes y números (con ?key=).',
    params: idParamSchema,
    query: orderKeyQuerySchema,
    response: orderViewSchema,
    errors: [400, 404, 500],
  },
  getTicket: {
    method: 'GET',
    path: '/orders/{id}/ticket',
    base: API_BASE,
    ...PUBLIC,
    tag: 'orders',
    summary:
      'El boleto en PDF de una compra pagada: números, regla del sorteo y QR a /verificar (con ?key=).',
    params: idParamSchema,
    query: orderKeyQuerySchema,
    response: null,
    produces: ['application/pdf'],
    errors: [400, 404, 409, 500],
  },
  uploadReceipt: {
    method: 'POST',
    path: '/orders/{id}/receipt',
    base: API_BASE,
    ...PUBLIC,
    tag: 'orders',
    bodyType: 'raw',
    summary: 'Sube el comprobante (JPEG, PNG o PDF hasta 5 MB, como cuerpo del pedido; con ?key=).',
    params: idParamSchema,
    query: orderKeyQuerySchema,
    status: 201,
    response: receiptUploadResponseSchema,
    errors: [400, 404, 409, 413, 415, 500],
  },
  referralCode: {
    method: 'GET',
    path: '/referral/{code}',
    base: API_BASE,
    ...PUBLIC,
    tag: 'orders',
    summary: 'Si el código de un enlace es de un revendedor activo (si no, la venta va "Directo").',
    params: referralCodeParamsSchema,
    response: referralAnswerSchema,
    errors: [500],
  },
  purchasesByEmail: {
    method: 'GET',
    path: '/purchases/by-email/{email}',
    base: API_BASE,
    ...PUBLIC,
    tag: 'purchases',
    summary: 'Compras de un e-mail (consulta pública): estado, números y montos.',
    params: purchasesByEmailParamsSchema,
    response: z.array(purchaseLookupSchema),
    errors: [400, 429, 500],
  },
  getPurchase: {
    method: 'GET',
    path: '/purchases/{id}',
    base: API_BASE,
    ...PUBLIC,
    tag: 'purchases',
    summary: 'Una compra (página de confirmación).',
    params: idParamSchema,
    response: purchaseSchema,
    errors: E_PUBLIC,
  },
  purchaseNotifications: {
    method: 'GET',
    path: '/purchases/{id}/notifications',
    base: API_BASE,
    ...STAFF,
    tag: 'purchases',
    summary: 'Estado del envío del e-mail y el SMS de una compra.',
    params: idParamSchema,
    response: purchaseNotificationsSchema,
    errors: E_AUTH,
  },
  resendNotification: {
    method: 'POST',
    path: '/purchases/{id}/notifications/{channel}/resend',
    base: API_BASE,
    ...STAFF,
    tag: 'purchases',
    status: 202,
    summary: 'Reenvía el e-mail o el SMS con los números.',
    params: notificationParamsSchema,
    response: resendNotificationResponseSchema,
    errors: [400, 401, 403, 404, 409, 500],
  },

  // ── Payments ───────────────────────────────────────────────────────────────────
  createOrder: {
    method: 'POST',
    path: '/payments/create-order',
    base: API_BASE,
    ...PUBLIC,
    tag: 'payments',
    status: 201,
    summary: 'Reserva los números y crea el pago con el proveedor del método elegido.',
    body: createOrderSchema,
    response: createOrderResponseSchema,
    errors: [400, 404, 409, 429, 502, 503, 500],
  },
  captureOrder: {
    method: 'POST',
    path: '/payments/capture-order',
    base: API_BASE,
    ...PUBLIC,
    tag: 'payments',
    summary: 'Captura una orden de PayPal aprobada.',
    body: captureOrderSchema,
    response: purchaseSchema,
    errors: [400, 402, 404, 409, 502, 500],
  },
  verifyStripe: {
    method: 'POST',
    path: '/payments/verify-stripe',
    base: API_BASE,
    ...PUBLIC,
    tag: 'payments',
    summary: 'Verifica una sesión de pago con tarjeta.',
    body: verifyStripeSchema,
    response: purchaseSchema,
    errors: [400, 402, 404, 409, 502, 500],
  },
  stripeWebhook: {
    method: 'POST',
    path: '/payments/stripe-webhook',
    base: API_BASE,
    ...PUBLIC,
    tag: 'payments',
    bodyType: 'raw',
    summary: 'Webhook firmado de Stripe (checkout.session.completed).',
    response: z.object({ received: z.boolean() }),
    // 503: Stripe is not configured.
    errors: [400, 500, 503],
  },
  verifyPayphone: {
    method: 'POST',
    path: '/payments/verify-payphone',
    base: API_BASE,
    ...PUBLIC,
    tag: 'payments',
    summary: 'Confirma un pago de PayPhone; si ya fue procesado responde solo purchase_id.',
    body: verifyPayphoneSchema,
    response: verifyPayphoneResponseSchema,
    errors: [400, 402, 404, 409, 502, 500],
  },

  // ── Past raffles ───────────────────────────────────────────────────────────────
  listPastRaffles: {
    method: 'GET',
    path: '/past-raffles',
    base: API_BASE,
    ...PUBLIC,
    tag: 'past-raffles',
    summary: 'Rifas anteriores y sus ganadores.',
    response: z.array(pastRaffleSchema),
    errors: [500],
  },
  getPastRaffle: {
    method: 'GET',
    path: '/past-raffles/{id}',
    base: API_BASE,
    ...PUBLIC,
    tag: 'past-raffles',
    summary: 'Una rifa anterior (react-admin).',
    params: idParamSchema,
    response: pastRaffleSchema,
    errors: E_PUBLIC,
  },
  createPastRaffle: {
    method: 'POST',
    path: '/past-raffles',
    base: API_BASE,
    ...ADMIN,
    tag: 'past-raffles',
    status: 201,
    summary: 'Crea una rifa anterior.',
    body: pastRaffleInputSchema,
    response: pastRaffleSchema,
    errors: E_AUTH,
  },
  updatePastRaffle: {
    method: 'PUT',
    path: '/past-raffles/{id}',
    base: API_BASE,
    ...ADMIN,
    tag: 'past-raffles',
    summary: 'Actualiza una rifa anterior.',
    params: idParamSchema,
    body: pastRaffleInputSchema,
    response: pastRaffleSchema,
    errors: E_AUTH,
  },
  deletePastRaffle: {
    method: 'DELETE',
    path: '/past-raffles/{id}',
    base: API_BASE,
    ...ADMIN,
    tag: 'past-raffles',
    summary: 'Elimina una rifa anterior.',
    params: idParamSchema,
    response: withMsg(pastRaffleSchema),
    errors: E_AUTH,
  },

  // ── Operations ─────────────────────────────────────────────────────────────────
  health: {
    method: 'GET',
    path: '/health',
    base: API_BASE,
    ...PUBLIC,
    tag: 'ops',
    summary: 'Si la base de datos y el bus de eventos responden (503 si no).',
    response: healthResponseSchema,
    errors: [503],
  },
  openapi: {
    method: 'GET',
    path: '/openapi.json',
    base: API_BASE,
    ...PUBLIC,
    tag: 'ops',
    summary: 'Este documento OpenAPI.',
    response: z.record(z.string(), z.unknown()),
    errors: [],
  },

  // ── Media (same origin, outside /api, SPEC §7) ────────────────────────────────
  uploadMedia: {
    method: 'POST',
    path: '/upload-media.php',
    base: '',
    ...ADMIN,
    tag: 'media',
    bodyType: 'multipart',
    summary:
      'Reemplaza (file + filename) o elimina (action=delete + filename) un espacio de medios.',
    body: mediaUploadFieldsSchema,
    response: mediaUploadResponseSchema,
    errors: [400, 401, 403, 404, 413, 415, 500],
  },
  getMedia: {
    method: 'GET',
    path: '/media/{name}',
    base: '',
    ...PUBLIC,
    tag: 'media',
    summary: 'El archivo de un espacio de medios.',
    params: mediaParamsSchema,
    response: null,
    produces: ['image/gif', 'image/jpeg', 'image/png'],
    errors: [404],
  },
} as const satisfies Record<string, ApiRoute>;

export type ApiRouteName = keyof typeof API_ROUTES;

/** The full path of a route with its `{params}` filled in and URL-encoded. */
export function apiPath(
  route: Pick<ApiRoute, 'path' | 'base'>,
  params: Record<string, string | number> = {},
): string {
  const filled = route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${route.path}`);
    return encodeURIComponent(String(value));
  });
  return `${route.base}${filled}`;
}

/** The Hono-style path (`:id`) of a route, relative to its base. */
export function honoPath(route: Pick<ApiRoute, 'path'>): string {
  return route.path.replace(/\{(\w+)\}/g, ':$1');
}

/** Roles that may call a route; public routes answer true for anyone. */
export function canCall(
  route: Pick<ApiRoute, 'access' | 'roles'>,
  role: Role | string | null | undefined,
): boolean {
  if (route.access === 'public') return true;
  return role !== null && role !== undefined && (route.roles as readonly string[]).includes(role);
}
