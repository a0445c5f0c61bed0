// Texts of the bank-transfer order flow (order page, receipts, staff review, the buyer's
// order e-mails and SMS) that SPEC leaves to us.
/** A reason typed by staff, closed by our own period: "…($9.50)." never "…($9.50)..". */
export function asSentence(text: string): string {
  return text.trim().replace(/[.\s]+$/, '');
}

/** The accounts a transfer goes to, one block each, as the order page lists them. */
export function bankAccountsText(
  accounts: readonly {
    bank: string;
    type: string;
    number: string;
    holder: string;
    holderId: string;
  }[],
): string {
  return accounts
    .map((a) =>
      [
        `Banco: ${a.bank}`,
        `Tipo de cuenta: ${a.type}`,
        `Número de cuenta: ${a.number}`,
        `Titular: ${a.holder}`,
        `Cédula o RUC: ${a.holderId}`,
      ].join('\n'),
    )
    .join('\n\n');
}

export const ORDER_MESSAGES = {
  status: {
    awaitingPayment: 'Pendiente de pago',
    inReview: 'Comprobante en revisión',
    paid: 'Pagado',
    rejected: 'Rechazado',
    expired: 'Vencido',
    refund: 'Pago recibido tarde: reembolso pendiente',
    refunded: 'Reembolsado',
  },
  orderNotFound: 'Pedido no encontrado. Revisa el enlace que te enviamos por correo.',
  receiptTooLarge: 'El comprobante no puede pesar más de 5 MB.',
  receiptType: 'El comprobante debe ser una imagen JPEG o PNG, o un PDF.',
  receiptEmpty: 'Adjunta el comprobante de tu transferencia.',
  receiptNotAccepted: 'Este pedido ya no acepta comprobantes.',
  /** The buyer's own channel (their WhatsApp or SMS), as the order page names it. */
  receiptReceived: (channel: 'whatsapp' | 'sms' | undefined) =>
    `Recibimos tu comprobante. Lo revisaremos y te avisaremos por correo y ${channel === 'whatsapp' ? 'WhatsApp' : 'SMS'}.`,
  receiptUnreadable:
    'Recibimos tu archivo, pero es muy pequeño para leer el comprobante, así que tu reserva no se extendió. Sube una captura o foto completa de tu transferencia.',
  receiptNotFound: 'Comprobante no encontrado.',
  rejectReasonMin: 'Escribe el motivo del rechazo (al menos 5 caracteres).',
  rejectReasonMax: 'El motivo no puede superar 500 caracteres.',
  rejected: 'Comprobante rechazado. El comprador recibió el motivo por correo y SMS.',
  notRejectable: 'Solo se puede rechazar un comprobante de un pedido pendiente de pago.',
  resellerConfirmOff:
    'Los revendedores no pueden confirmar ni rechazar pagos. Un administrador puede activarlo en Ajustes.',
  resellerNotOwnSale: 'Solo puedes confirmar o rechazar pagos de tus propias ventas.',
  resellerNeedsProof:
    'Para confirmar este pago necesitas un comprobante subido por el comprador o una línea del estado de cuenta que nombre el pedido.',
  /** Short payments (SPEC §4): staff's word, the confirmation refused without a reason, and the buyer's. */
  shortPayment: (missing: string) => `Pago incompleto: faltan ${missing}`,
  shortNeedsReason: (missing: string) =>
    `Pago incompleto: faltan ${missing}. Escribe por qué confirmas el pedido igual, o espera el resto.`,
  shortPaymentBuyer: (received: string, missing: string, orderCode: string) =>
    `Recibimos ${received} de tu transferencia: faltan ${missing} para completar el pago. Transfiere la diferencia con el concepto ${orderCode}.`,
  whatsappText: (orderCode: string, amount: string) =>
    `Hola, hice una transferencia para mi pedido ${orderCode} de Voy a Ganar por ${amount}. Te envío el comprobante.`,
  // E-mails and SMS
  createdSubject: (orderCode: string) => `Tu pedido ${orderCode}: datos para la transferencia`,
  /** A deadline in a message read anywhere (an e-mail, WhatsApp): the clock it is on. */
  deadlineInEcuador: (deadline: string) => `${deadline} (hora de Ecuador)`,
  createdText: (orderCode: string, amount: string, deadline: string, link: string, accounts = '') =>
    `Tu pedido ${orderCode} por ${amount} está reservado hasta el ${deadline}. Transfiere el monto a una de nuestras cuentas escribiendo ${orderCode} como concepto y sube el comprobante aquí: ${link}${accounts ? `\n\nNuestras cuentas:\n\n${accounts}` : ''}`,
  createdSms: (orderCode: string, amount: string, link: string) =>
    `Voy a Ganar: pedido ${orderCode} por ${amount}. Transfiere con el concepto ${orderCode} y sube el comprobante: ${link}`,
  rejectedSubject: (orderCode: string) => `Tu comprobante del pedido ${orderCode} fue rechazado`,
  rejectedText: (orderCode: string, reason: string, deadline: string, link: string) =>
    `Revisamos el comprobante de tu pedido ${orderCode} y no pudimos aceptarlo. Motivo: ${asSentence(reason)}. Tus números siguen reservados hasta el ${deadline}: sube un nuevo comprobante aquí: ${link}`,
  rejectedSms: (orderCode: string, reason: string, link: string) =>
    `Voy a Ganar: rechazamos el comprobante del pedido ${orderCode}. Motivo: ${asSentence(reason)}. Sube uno nuevo: ${link}`,
  reminderSubject: (orderCode: string) => `Tu pedido ${orderCode} vence pronto`,
  reminderText: (orderCode: string, amount: string, deadline: string, link: string) =>
    `Tu pedido ${orderCode} por ${amount} vence el ${deadline}. Si ya transferiste, sube el comprobante; si no, hazlo antes de esa hora para no perder tus números: ${link}`,
  reminderSms: (orderCode: string, deadline: string, link: string) =>
    `Voy a Ganar: tu pedido ${orderCode} vence el ${deadline}. Sube tu comprobante: ${link}`,
  expiredSubject: (orderCode: string) => `Tu pedido ${orderCode} venció`,
  expiredText: (orderCode: string) =>
    `Tu pedido ${orderCode} venció sin un pago confirmado y los números reservados fueron liberados para otros compradores. Si ya transferiste, escríbenos por WhatsApp con tu comprobante.`,
  expiredSms: (orderCode: string, link: string) =>
    `Voy a Ganar: tu pedido ${orderCode} vencio y los numeros reservados fueron liberados. Tu pedido: ${link}`,
  /** A refund given (SPEC §4, "Refunds"): the order page, the e-mail and the phone message. */
  refundedBuyer: (amount: string, day: string) => `Te devolvimos ${amount} el ${day},`,
  refundedNumbers:
    'Tus números quedan en el registro de la rifa, pero ya no participan en el sorteo.',
  refundedSubject: (orderCode: string) => `Te devolvimos el dinero del pedido ${orderCode}`,
  refundedText: (orderCode: string, amount: string, how: string, day: string, link: string) =>
    `Hicimos el reembolso de tu pedido ${orderCode}: te devolvimos ${amount} el ${day}, ${how}. Según tu banco, puede tardar unos días en verse en tu cuenta.\n\nTus números quedan en el registro de la rifa, pero ya no participan en el sorteo.\n\nTu pedido: ${link}`,
  refundedSms: (orderCode: string, amount: string, how: string, link: string) =>
    `Voy a Ganar: reembolsamos tu pedido ${orderCode}: ${amount} ${how}. Tu pedido: ${link}`,
} as const;

/**
 * How a refund's money went back, by the purchase's payment method (SPEC §4, "Refunds"):
 * the provider returns it to where it came from; a transfer is answered by one from staff.
 */
export function refundHowText(method: 'card' | 'paypal' | 'mobile' | 'bank_transfer'): string {
  switch (method) {
    case 'card':
      return 'a tu tarjeta';
    case 'paypal':
      return 'a tu cuenta de PayPal';
    case 'mobile':
      return 'a tu tarjeta, por PayPhone';
    case 'bank_transfer':
      return 'por transferencia a tu cuenta bancaria';
  }
}
