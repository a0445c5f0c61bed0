// What recording the draw does beyond the record (DESIGN, "The next layer"): the winner hears it by
// e-mail and SMS, every admin by e-mail, and /ganadores shows the raffle with the winning
// number and the holder masked — also when nothing was sold.
import {
  DRAW_NOTICES,
  ecuadorDay,
  eventKey,
  pastRaffleSchema,
  TOPICS,
  type PastRaffle,
  type RaffleDrawnEvent,
} from '@vag/contracts';
import { bearer, createStaff } from '@vag/api/testing/seed';
import { handleNotificationsMessage } from '@vag/workers/notifications/index';
import { closeSaleIfDue } from '@vag/core/raffle/fairness';
import { startFakeProviders, type FakeProviders } from '@vag/core/testing/fakes/index';
import {
  insertPurchase,
  purchasePaidMessage,
  raffleWithNumbers,
  watchNumbersAssigned,
} from '@vag/core/testing/raffle-fixtures';
import { waitFor } from '@vag/core/testing/wait';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/server';
import { CURRENT_RAFFLE_ID, getRaffle } from '@vag/core/db/raffle';

let fakes: FakeProviders;
let srv: TestServer;
let watcher: Awaited<ReturnType<typeof watchNumbersAssigned>>;
let admin: { authorization: string };
let adminEmail: string;

beforeEach(async () => {
  fakes = await startFakeProviders();
  srv = await startTestServer({ env: fakes.env });
  watcher = await watchNumbersAssigned(srv.deps.bus);
  const staff = await createStaff(srv.db, { role: 'admin', deps: srv.deps });
  admin = bearer(staff.token);
  adminEmail = staff.user.email;
  await srv.db
    .collection<{ _id: string; name: string; prize: string }>('raffles')
    .updateOne(
      { _id: 'current' },
      { $set: { name: 'Gran Sorteo Navideño', prize: 'Camioneta 0 km' } },
      { upsert: true },
    );
});
afterEach(async () => {
  await watcher.stop();
  await srv.stop();
  await fakes.stop();
});

async function sell(quantity: number, email: string): Promise<{ id: string; numbers: string[] }> {
  const id = await insertPurchase(srv.db, { quantity, email });
  await srv.deps.bus.publish([purchasePaidMessage(id, quantity)]);
  await watcher.settled(id);
  const purchase = await srv.db
    .collection<{ _id: string; assignedNumbers: string[] }>('purchases')
    .findOne({ _id: id });
  return { id, numbers: purchase!.assignedNumbers };
}

async function recordDraw(body: unknown) {
  const res = await fetch(`${srv.url}/api/raffle/draw`, {
    method: 'POST',
    headers: { ...admin, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
}

async function pastRaffles(): Promise<PastRaffle[]> {
  const res = await fetch(`${srv.url}/api/past-raffles`);
  expect(res.status).toBe(200);
  return pastRaffleSchema.array().parse(await res.json());
}

/** Mails to `to` whose body says `text` (subjects travel encoded). */
const mailsTo = (to: string, text: string) =>
  fakes.smtp.mails.filter((m) => m.to.includes(to) && m.text.includes(text));
const WINNER_TEXT = 'ganó el sorteo de Gran Sorteo Navideño';
const STAFF_TEXT = 'Se registró el resultado del sorteo de Gran Sorteo Navideño';

describe('POST /api/raffle/draw, once recorded', () => {
  it('e-mails and texts the winner, e-mails every admin and shows the masked winner on /ganadores', async () => {
    await raffleWithNumbers(srv.db, 10);
    await sell(4, 'otro@example.com');
    const lucky = await sell(6, 'ana.ganadora@example.com');
    await waitFor(() => closeSaleIfDue(srv.db, undefined, CURRENT_RAFFLE_ID), {
      message: 'the sale to close',
    });
    const winning = lucky.numbers[2]!;
    const result = {
      firstPrize: `7${winning}`,
      drawNumber: 7012,
      drawDate: ecuadorDay(new Date())!,
    };
    await recordDraw(result);

    const [mail] = await waitFor(
      () => {
        const found = mailsTo('ana.ganadora@example.com', WINNER_TEXT);
        return found.length ? found : null;
      },
      { message: "the winner's e-mail" },
    );
    expect(mail!.text).toContain(`Tu número ${winning} ganó el sorteo de Gran Sorteo Navideño`);
    expect(mail!.text).toContain('primer premio 7');
    // The verifier of this raffle, not the plain /verificar of whichever is featured later.
    const { slug } = (await getRaffle(srv.db, CURRENT_RAFFLE_ID))!;
    expect(slug).toBeTruthy();
    expect(mail!.text).toContain(`/verificar?rifa=${slug}`);
    const sms = await waitFor(
      () => fakes.twilio.messages.find((m) => m.body.includes('gano el sorteo')),
      { message: "the winner's SMS" },
    );
    expect(sms).toMatchObject({ to: '+593991234567' });
    expect(sms.body).toContain(winning);

    const staffMail = await waitFor(() => mailsTo(adminEmail, STAFF_TEXT)[0], {
      message: "the admin's e-mail",
    });
    expect(staffMail.text).toContain(`Número ganador: ${winning}.`);
    expect(staffMail.text).toContain('ana.ganadora@example.com');

    expect(await pastRaffles()).toEqual([
      expect.objectContaining({
        activityName: 'Gran Sorteo Navideño',
        prize: 'Camioneta 0 km',
        winner: 'Ana P. — Quito',
        winningNumber: winning,
        date: ecuadorDay(new Date())!,
      }),
    ]);
    const page = await fetch(`${srv.url}/ganadores`);
    const html = await page.text();
    expect(html).toContain('Ana P. — Quito');
    expect(html).toContain(winning);
    expect(html).not.toContain('Pérez');

    // A redelivered event sends nothing twice (the handler awaited, as the bus does).
    const raffle = await srv.db
      .collection<{ _id: string; drawOutbox: { event: RaffleDrawnEvent } }>('raffles')
      .findOne({ _id: 'current' });
    const event = raffle!.drawOutbox.event;
    const message = { topic: TOPICS['raffle.drawn'], key: eventKey(event), value: event };
    await handleNotificationsMessage(srv.deps, message);
    await handleNotificationsMessage(srv.deps, message);
    expect(mailsTo('ana.ganadora@example.com', WINNER_TEXT)).toHaveLength(1);
    expect(fakes.twilio.messages.filter((m) => m.body.includes('gano el sorteo'))).toHaveLength(1);
  });

  it('publishes a raffle with nothing sold as ended without a winner, and tells only staff', async () => {
    await raffleWithNumbers(srv.db, 10);
    // The end date just passed: the sale closes now, so today's draw comes after it.
    await srv.db
      .collection<{ _id: string }>('raffles')
      .updateOne({ _id: 'current' }, { $set: { endDate: new Date(Date.now() - 1000) } });
    await waitFor(() => closeSaleIfDue(srv.db, undefined, CURRENT_RAFFLE_ID), {
      message: 'the sale to close',
    });
    await recordDraw({ firstPrize: '3', drawNumber: 1, drawDate: ecuadorDay(new Date())! });

    const staffMail = await waitFor(() => mailsTo(adminEmail, STAFF_TEXT)[0], {
      message: "the admin's e-mail",
    });
    expect(staffMail.text).toContain('No se vendió ningún número');
    const [published, ...others] = await pastRaffles();
    expect(others).toEqual([]);
    expect(published).toMatchObject({ winner: DRAW_NOTICES.noWinner, prize: 'Camioneta 0 km' });
    expect(published!.winningNumber ?? null).toBeNull();
    expect(fakes.twilio.messages).toEqual([]);
    const html = await (await fetch(`${srv.url}/ganadores`)).text();
    expect(html).toContain(DRAW_NOTICES.noWinner);
  });
});
