// A paid purchase's ticket as both the order page and the numbers e-mail hand it out:
// what it prints (the purchase's code, buyer, amount, date, numbers and instant prizes,
// the raffle's fields and draw date, the /verificar link) and its PDF with its file name.
import {
  DEFAULT_DRAW_RULE,
  DEFAULT_TOTAL_NUMBERS,
  formatSpokenDateTime,
  formatUsd,
  maskedDocument,
  nameInOneLine,
  TICKET_TEXTS,
  ticketRaffle,
  trustPageUrl,
  verifyLink,
  type DrawRule,
  type TicketRaffle,
} from '@vag/contracts';
import type { Db } from 'mongodb';
import { numberWidthFor } from '../db/raffle';
import type { PurchaseDoc } from '../db/purchases';
import { renderTicketPdf, type TicketData } from './ticket-pdf';

export interface TicketFile {
  fileName: string;
  pdf: Uint8Array;
}

interface TicketRaffleDoc {
  _id: string;
  name?: string;
  slug?: string;
  prize?: string;
  totalNumbers?: number;
  numberWidth?: number;
  drawRule?: DrawRule;
  endDate?: Date;
}

/** The fields of the raffle document a ticket prints, for `ticketRaffleFrom`. */
export const TICKET_RAFFLE_PROJECTION = {
  name: 1,
  slug: 1,
  prize: 1,
  totalNumbers: 1,
  numberWidth: 1,
  drawRule: 1,
  endDate: 1,
} as const;

/** The ticket's raffle fields from a raffle document read with TICKET_RAFFLE_PROJECTION. */
export function ticketRaffleFrom(doc: Omit<TicketRaffleDoc, '_id'> | null): TicketRaffle {
  const totalNumbers = doc?.totalNumbers ?? DEFAULT_TOTAL_NUMBERS;
  return ticketRaffle(
    {
      name: doc?.name,
      ...(doc?.slug ? { slug: doc.slug } : {}),
      prize: doc?.prize,
      totalNumbers,
      numberWidth: doc?.numberWidth ?? numberWidthFor(totalNumbers),
      ...(doc?.endDate ? { endDate: doc.endDate } : {}),
    },
    doc?.drawRule ?? DEFAULT_DRAW_RULE,
  );
}

/** One read of the raffle document: what its tickets print. */
export async function loadTicketRaffle(db: Db, raffleId: string): Promise<TicketRaffle> {
  const doc = await db
    .collection<TicketRaffleDoc>('raffles')
    .findOne({ _id: raffleId }, { projection: TICKET_RAFFLE_PROJECTION });
  return ticketRaffleFrom(doc);
}

/** Whether the purchase has a ticket: paid, and its numbers assigned. */
export function hasTicket(purchase: Pick<PurchaseDoc, 'status' | 'assignedNumbers'>): boolean {
  return purchase.status === 'COMPLETED' && (purchase.assignedNumbers?.length ?? 0) > 0;
}

/** What of the purchase its ticket prints. */
export type TicketPurchase = Pick<
  PurchaseDoc,
  '_id' | 'orderCode' | 'buyer' | 'totalPrice' | 'createdAt' | 'paidAt' | 'instantPrizesWon'
>;

export function ticketData(
  purchase: TicketPurchase,
  numbers: readonly string[],
  raffle: TicketRaffle,
  publicUrl: string,
): TicketData {
  // By value, as the buyer reads them (a pick-mode order keeps the order they were chosen in).
  const sorted = [...numbers].sort((a, b) => Number(a) - Number(b) || a.localeCompare(b));
  const document = purchase.buyer.document?.trim();
  return {
    ...raffle,
    orderCode: purchase.orderCode ?? purchase._id,
    buyerName: nameInOneLine(`${purchase.buyer.firstName} ${purchase.buyer.lastName}`),
    ...(document ? { buyerDocument: maskedDocument(document) } : {}),
    total: formatUsd(purchase.totalPrice),
    purchasedAt: `${formatSpokenDateTime(purchase.paidAt ?? purchase.createdAt)} ${TICKET_TEXTS.timeZone}`,
    numbers: sorted,
    instantPrizes: (purchase.instantPrizesWon ?? []).map((won) => ({
      number: won.number,
      amount: formatUsd(won.amount),
    })),
    verifyUrl: verifyLink(publicUrl, sorted, raffle.raffleSlug),
    ...(raffle.raffleSlug ? { trustUrl: trustPageUrl(publicUrl, raffle.raffleSlug) } : {}),
  };
}

/** The ticket's PDF and the name it is downloaded or attached under (`boleto-<code>.pdf`). */
export async function renderTicket(
  purchase: TicketPurchase,
  numbers: readonly string[],
  raffle: TicketRaffle,
  publicUrl: string,
): Promise<TicketFile> {
  const data = ticketData(purchase, numbers, raffle, publicUrl);
  return { fileName: TICKET_TEXTS.fileName(data.orderCode), pdf: await renderTicketPdf(data) };
}
