// A real SMTP server on a free local port (the `smtp-server` package) that keeps every
// message it receives, so tests read the e-mail a buyer would get.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  from: string;
  to: string[];
  raw: string;
  /** The message with quoted-printable soft breaks and escapes decoded, for searching. */
  text: string;
}

export interface FakeSmtp {
  url: string;
  mails: CapturedMail[];
  /** Refuse the next `count` messages with a 451 (a temporary failure). */
  failNext(count: number): void;
  /** Down: every new connection is refused with 421 (service not available) until up again. */
  setDown(down: boolean): void;
  /** Connections opened so far (a sender that keeps its connections opens few). */
  connections(): number;
  /** The most messages it was receiving at once since the start or the last reset. */
  mostAtOnce(): number;
  resetMostAtOnce(): void;
  stop(): Promise<void>;
}

export function decodeQuotedPrintable(raw: string): string {
  const bytes = raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/**
 * `replyDelayMs` holds the answer to each message that long, as a real mail server takes
 * its time to accept one (the benchmark's notification figures depend on it).
 */
export async function startFakeSmtp(options: { replyDelayMs?: number } = {}): Promise<FakeSmtp> {
  const delay = options.replyDelayMs ?? 0;
  const mails: CapturedMail[] = [];
  let failures = 0;
  let down = false;
  let connections = 0;
  let atOnce = 0;
  let mostAtOnce = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // Senders keep their connections open (a pool); stopping does not wait for them.
    closeTimeout: 100,
    onConnect(_session, callback) {
      connections++;
      if (!down) return callback();
      const error = Object.assign(new Error('Service not available'), { responseCode: 421 });
      callback(error);
    },
    onAuth: (_auth, _session, callback) => callback(null, { user: 'test' }),
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      atOnce++;
      mostAtOnce = Math.max(mostAtOnce, atOnce);
      // Held until its answer, as the sender waits for it.
      const answer = (error?: Error) => {
        atOnce--;
        callback(error ?? null);
      };
      const accept = async () => {
        if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
        // Down also for a connection opened before (a pooled transport keeps them).
        if (down) {
          const error = Object.assign(new Error('Service not available'), { responseCode: 421 });
          return answer(error);
        }
        if (failures > 0) {
          failures--;
          const error = Object.assign(new Error('Temporary failure, try again'), {
            responseCode: 451,
          });
          return answer(error);
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          text: decodeQuotedPrintable(raw),
        });
        answer();
      };
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => void accept());
    },
  });
  // A sender that dies mid-message (the chaos test kills workers) resets its connection,
  // and smtp-server reports that as an 'error' event on the server, which without a
  // listener is an uncaught exception in the test process. The message was never
  // accepted, so the sender sends it again: nothing to record here.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    failNext(count) {
      failures = count;
    },
    setDown(next) {
      down = next;
    },
    connections: () => connections,
    mostAtOnce: () => mostAtOnce,
    resetMostAtOnce() {
      mostAtOnce = atOnce;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
