// How the workers talk to the mail server: over a few connections kept open, not one per
// message, and never hanging on a server that stopped answering.
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { startFakeSmtp, type FakeSmtp } from '@vag/core/testing/fakes/smtp';
import { afterEach, describe, expect, it } from 'vitest';
import { holdMailers, sendMail, type Mail } from './transports';

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

const mail = (i: number): Mail => ({
  to: `comprador${i}@example.com`,
  subject: `Tus números ${i}`,
  text: `Hola ${i}`,
  html: `<p>Hola ${i}</p>`,
});

async function fakeSmtp(): Promise<FakeSmtp> {
  const smtp = await startFakeSmtp({ replyDelayMs: 20 });
  cleanups.push(() => smtp.stop());
  cleanups.push(holdMailers());
  return smtp;
}

/** A server that takes the connection and then says nothing, as a hung mail server does. */
async function silentServer(): Promise<string> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(
    () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  );
  return `smtp://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('mail transport', () => {
  it('sends a burst of messages over a few kept-open connections, every message arriving', async () => {
    const smtp = await fakeSmtp();
    const env = { SMTP_URL: smtp.url, MAIL_FROM: 'rifas@voyaganar.ec' };
    const burst = Array.from({ length: 40 }, (_, i) => i);
    await Promise.all(burst.map((i) => sendMail(env, mail(i))));
    // The next message goes over a connection already open.
    await sendMail(env, mail(40));
    expect(smtp.mails.map((m) => m.to[0]).sort()).toEqual(
      [...burst, 40].map((i) => `comprador${i}@example.com`).sort(),
    );
    expect(smtp.connections()).toBeLessThanOrEqual(16);
  });

  it('gives up on a server that never greets after 10 s instead of waiting on it', async () => {
    cleanups.push(holdMailers());
    const env = { SMTP_URL: await silentServer(), MAIL_FROM: 'rifas@voyaganar.ec' };
    const started = Date.now();
    await expect(sendMail(env, mail(1))).rejects.toThrow(/greeting/i);
    expect(Date.now() - started).toBeLessThan(15_000);
  }, 20_000);
});
