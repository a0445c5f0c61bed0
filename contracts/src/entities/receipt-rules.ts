// What a transfer's receipt may be, with no schema: the order page checks a file before
// sending it without zod (entities/order.ts holds the schemas).
/** Receipts: JPEG, PNG or PDF (checked by content), at most 5 MB. */
export const RECEIPT_MAX_BYTES = 5 * 1024 * 1024;

/**
 * What a receipt must at least be to lengthen a transfer's first hold (README, "Purchase
 * limits"): a file this large and, an image, this many pixels on its shorter side. A real
 * screenshot or photo of a transfer is far above both; a 1×1 image is not a receipt.
 */
export const RECEIPT_HOLD_MIN_BYTES = 4 * 1024;
export const RECEIPT_HOLD_MIN_SIDE = 200;
export const RECEIPT_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;
export type ReceiptType = (typeof RECEIPT_TYPES)[number];
