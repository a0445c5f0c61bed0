// Texts of the buyer's screens that are ours, not SPEC's: what a sold-out package, a
// failed order, a repeated checkout and a wrong order link say.
export const BUYER_TEXTS = {
  /** On a package card larger than the numbers still free. */
  packageSoldOut: 'No disponible',
  /** Above the reason of a refused order, beside the checkout form. */
  orderFailedTitle: 'No pudimos crear tu pedido',
  /** Checkout opened again (back, reload) after an order was made with this selection. */
  orderAlreadyMade: (code: string) => `Ya hiciste este pedido: ${code}.`,
  seeOrder: 'Ver tu pedido',
  newOrder: 'Hacer otro pedido',
  /** /pedido with a link that does not open an order. */
  orderLinkHelp: 'Revisa que el enlace esté completo. También puedes pedir tus pedidos por e-mail:',
  orderLookupLink: 'Consultar mis compras',
  /** Home hero once the draw is recorded. */
  winnerTitle: '¡Ya tenemos ganador!',
  verifyLink: 'Verificar',
  /** When the draw comes, as the terms state it (end date or sellout, whichever first). */
  drawWhen:
    'El sorteo se realiza con la Lotería Nacional al cerrar la venta: en la fecha de cierre, o antes si se venden todos los números.',
} as const;

/**
 * The read-only page of a raffle that no longer sells (closed, drawn or archived): it stays
 * for good, since its tickets and messages link there (SPEC, "Many raffles").
 */
export const PAST_RAFFLE_TEXTS = {
  resultTitle: 'Resultado del sorteo',
  closedTitle: 'Venta cerrada',
  ended: 'Esta rifa ya terminó: ya no se pueden comprar números.',
  closed:
    'La venta cerró: ya no se pueden comprar números. El sorteo se hace con la Lotería Nacional según la regla publicada.',
  winningNumber: 'Número ganador',
  drawnOn: (date: string) => `Sorteo del ${date}`,
  sold: (sold: number, total: number) =>
    `Se vendieron ${sold.toLocaleString('es-EC')} de ${total.toLocaleString('es-EC')} números.`,
  verify: 'Verificar el sorteo',
  verifyHint:
    'Comprueba tú mismo el resultado con el registro público: la regla, la lista de vendidos y el número de la Lotería Nacional.',
  trust: 'Quién organiza y las pruebas del premio',
} as const;

/** "¿Cómo participar?": steps 1 and 3 (step 2 is howToPayText). */
export const HOW_TO_STEPS = {
  chooseTitle: 'Elige tu paquete',
  chooseText: 'Selecciona un paquete de números o la cantidad que quieras.',
  pickTitle: 'Elige tus números',
  pickText:
    'Toca en la cuadrícula los números que quieras, o deja que la maquinita los elija al azar por ti.',
  payTitle: 'Realiza tu pago',
  receiveTitle: 'Recibe tus números',
  receiveText:
    'En cuanto se confirma tu pago te los enviamos por e-mail y por WhatsApp o SMS, como elijas al comprar.',
} as const;

/**
 * "¿Cómo participar?" step 2, naming only the methods that work now, in the order of the
 * list given ('PayPal', 'PayPhone', 'transferencia bancaria').
 */
export function howToPayText(methodNames: readonly string[]): string {
  if (methodNames.length === 0) return 'Paga de forma segura con el método que tengas disponible.';
  const last = methodNames[methodNames.length - 1]!;
  const list = methodNames.length === 1 ? last : `${methodNames.slice(0, -1).join(', ')} o ${last}`;
  return `Paga de forma segura con ${list}.`;
}
