// Texts of the purchase pipeline that SPEC leaves to us: the bank-transfer WhatsApp
// message, the staff answer when numbers are still being assigned, and the buyer's
// e-mail and SMS with their numbers.
import { BUYER_TEXTS } from './buyer-texts';

export const PIPELINE_MESSAGES = {
  whatsappTransfer: (purchaseId: string, amount: string) =>
    `Hola, realicé una transferencia bancaria para mi compra en Voy a Ganar. Pedido: ${purchaseId}. Monto: ${amount}. Adjunto el comprobante.`,
  transferConfirmedNumbersPending:
    'Transferencia confirmada. Los números se asignarán en unos momentos.',
  emailSubject: (count: number) =>
    `¡Tus ${count === 1 ? 'número' : `${count} números`} de Voy a Ganar!`,
  emailGreeting: (firstName: string) => `Hola ${firstName},`,
  emailIntro: 'Hemos recibido tu pago. Estos son tus números para el sorteo:',
  emailSummaryTitle: 'Resumen de tu compra',
  emailOrder: 'Pedido',
  emailPackage: 'Paquete',
  emailQuantity: 'Cantidad de números',
  emailUnitPrice: 'Precio unitario',
  emailTotal: 'Total',
  emailMethod: 'Método de pago',
  emailInstantPrize: (number: string, amount: string) =>
    `¡Felicidades! Tu número ${number} ganó un premio instantáneo de ${amount}.`,
  emailFooter: `¡Mucha suerte! ${BUYER_TEXTS.drawWhen}`,
  emailTicket:
    'Tu boleto en PDF va adjunto a este correo; también puedes descargarlo desde tu pedido.',
  /** Plain GSM-7 letters (no accents), so a small purchase fits one SMS segment with its link. */
  sms: (numbers: string, link: string | null) =>
    `Voy a Ganar: pago recibido. Tus numeros: ${numbers}.${link ? ` Tu boleto: ${link}` : ''} Suerte!`,
  smsInstantPrize: (amount: string) => ` Ganaste un premio instantaneo de ${amount}!`,
  /**
   * The same news as WhatsApp carries it where no template writes it (the outbox log
   * without Twilio): WhatsApp has no GSM-7 segments, so it is written in full Spanish.
   */
  whatsapp: (numbers: string, link: string | null) =>
    `Voy a Ganar: recibimos tu pago. Tus números: ${numbers}.${link ? ` Tu boleto: ${link}` : ''} ¡Suerte!`,
  whatsappInstantPrize: (amount: string) => ` ¡Ganaste un premio instantáneo de ${amount}!`,
  notificationLogged: 'Sin proveedor configurado: el mensaje quedó registrado en el archivo local.',
} as const;
