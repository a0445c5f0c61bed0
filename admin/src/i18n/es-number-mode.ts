// The raffle form's "Modo de números" (admin/src/raffles/NumberModeInput.tsx); the mode's
// names and the locked message come from the contract (NUMBER_MODE_WORDS, PICK_TEXTS).
import { NUMBER_MODE_WORDS, PICK_MODE_MAX_NUMBERS, PICK_TEXTS } from '@vag/contracts';

export const numberModeMessages = {
  label: 'Modo de números',
  random: NUMBER_MODE_WORDS.random,
  pick: NUMBER_MODE_WORDS.pick,
  randomHint:
    'Al azar: el comprador elige cuántos números quiere y se le asignan al azar al pagar.',
  pickHint: `Elige tus números: el comprador escoge sus números en una cuadrícula (o usa la maquinita) y quedan apartados mientras paga. Solo para rifas de hasta ${PICK_MODE_MAX_NUMBERS.toLocaleString('es-EC')} números.`,
  locked: PICK_TEXTS.modeFixed,
};
