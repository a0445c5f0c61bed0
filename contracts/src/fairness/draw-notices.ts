// What the draw tells people once it is recorded (DESIGN, "The next layer"): the winner by e-mail and
// SMS, every admin by e-mail, and the public line on /ganadores. The holder's name is
// masked there ("Ana P. — Quito"): enough for buyers to recognise a real person, not
// enough to find them.
import { formatDate } from '../helpers/format';
import { maskHolderName } from './number-lookup';

/** "Ana P. — Quito": first name, initial of the last name, city (whichever parts exist). */
export function maskedHolder(holder: {
  firstName: string;
  lastName: string;
  city: string;
}): string {
  const name = maskHolderName(holder.firstName, holder.lastName);
  const city = holder.city.trim();
  return [name, city].filter(Boolean).join(' — ');
}

/** The official result as people read it: "primer premio 51234 del sorteo N.º 7012 del 10/01/2099". */
const resultText = (r: { firstPrize: string; drawNumber: number; drawDate: string }) =>
  `primer premio ${r.firstPrize} del sorteo N.º ${r.drawNumber} de la Lotería Nacional del ${formatDate(r.drawDate)}`;

export const DRAW_NOTICES = {
  /** On /ganadores when no number was sold: the raffle still ended, and says so. */
  noWinner: 'Sin ganador: no se vendió ningún número',
  winningNumberLabel: 'Número ganador',
  winnerSubject: (raffleName: string) => `¡Ganaste el sorteo de ${raffleName}!`,
  winnerText: (d: {
    firstName: string;
    raffleName: string;
    prize: string;
    winningNumber: string;
    result: { firstPrize: string; drawNumber: number; drawDate: string };
    orderCode: string;
    verifyUrl: string;
  }) =>
    [
      `Hola ${d.firstName},`,
      '',
      `¡Felicidades! Tu número ${d.winningNumber} ganó el sorteo de ${d.raffleName}: ${d.prize}.`,
      `Resultado oficial: ${resultText(d.result)}.`,
      `Tu pedido: ${d.orderCode}.`,
      '',
      'Nos pondremos en contacto contigo para coordinar la entrega del premio.',
      `Puedes verificar el sorteo en ${d.verifyUrl}`,
    ].join('\n'),
  winnerSms: (winningNumber: string, prize: string) =>
    `Voy a Ganar: Felicidades! Tu numero ${winningNumber} gano el sorteo (${prize}). Te contactaremos para la entrega.`,
  staffSubject: (raffleName: string) => `Sorteo registrado: ${raffleName}`,
  staffText: (d: {
    raffleName: string;
    prize: string;
    drawnNumber: string;
    winningNumber: string | null;
    result: { firstPrize: string; drawNumber: number; drawDate: string };
    winner: {
      fullName: string;
      email: string;
      phone: string;
      city: string;
      orderCode: string;
    } | null;
  }) =>
    [
      `Se registró el resultado del sorteo de ${d.raffleName} (${d.prize}).`,
      `Resultado oficial: ${resultText(d.result)}.`,
      `Número sorteado: ${d.drawnNumber}.`,
      d.winner && d.winningNumber
        ? [
            `Número ganador: ${d.winningNumber}.`,
            `Ganador: ${d.winner.fullName} (${d.winner.city}), pedido ${d.winner.orderCode}.`,
            `Contacto: ${d.winner.email}, ${d.winner.phone}.`,
            'Se le avisó por e-mail y SMS.',
          ].join('\n')
        : 'No se vendió ningún número: la rifa no tiene ganador.',
    ].join('\n'),
} as const;
