// The SMS that carry a purchase's numbers. The numbers are looked for as a word of their
// own: a small test raffle's two-digit numbers also turn up inside other messages' order
// links (the test server's port, the link's random key), and a plain substring match
// then counts a message that is not the purchase's.
import { numberRuns } from '@vag/contracts';

export function smsWithNumbers<M extends { body: string }>(
  messages: readonly M[],
  numbers: readonly string[],
): M[] {
  const runs = numberRuns([...numbers]).join(', ');
  const asWord = new RegExp(`(?<![0-9A-Za-z/:.-])${runs}(?![0-9A-Za-z-])`);
  return messages.filter((m) => asWord.test(m.body));
}
