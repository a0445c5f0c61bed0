// The embedded mode's outbox log (`<DATA_DIR>/outbox.log`, one JSON line per message that
// had no SMTP or Twilio to go to) holds the messages' recipients and texts: a deletion
// scrubs them like any stored document. Workers append to the log from other processes,
// so the scrub never rewrites the file being appended to: the log is first moved aside
// (new messages start a fresh outbox.log), and once the appends that had already opened
// it are done, the moved file is rewritten without the person and kept beside it. A
// message is theirs when it went to their e-mail or was sent for one of their purchases
// (places.ts: never by a word inside it); its recipient and texts are replaced whole.
import { existsSync } from 'node:fs';
import { readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Person } from './places';
import type { Alias } from './scrub';

/** The file the notifications worker appends to (workers/src/notifications/transports.ts). */
export const OUTBOX_LOG = 'outbox.log';
/** Earlier parts of the log, moved aside by a scrub: outbox-<time>.log. */
const PART = /^outbox-\d+\.log$/;
/** Longer than an append takes (open, one write, close). */
const APPENDS_SETTLE_MS = 500;

/** The fields of a logged message that carry its recipient or its words. */
const MESSAGE_FIELDS = ['to', 'subject', 'text', 'html', 'body', 'variables'] as const;

function isTheirs(entry: Record<string, unknown>, person: Person): boolean {
  const to = typeof entry.to === 'string' ? entry.to.trim().toLowerCase() : '';
  const purchaseId = typeof entry.purchaseId === 'string' ? entry.purchaseId : '';
  return to === person.email || person.purchaseIds.includes(purchaseId);
}

function scrubLine(line: string, person: Person, alias: Alias): string {
  let entry: unknown;
  try {
    entry = JSON.parse(line);
  } catch {
    // A line cut short by a crash: theirs by the same fields, written as JSON writes them,
    // and then it goes whole.
    const marks = [person.email, ...person.purchaseIds].map((v) => JSON.stringify(v));
    const theirs = marks.some(
      (m) => line.includes(`"to":${m}`) || line.includes(`"purchaseId":${m}`),
    );
    return theirs ? JSON.stringify({ cut: true, to: alias.id }) : line;
  }
  if (!entry || typeof entry !== 'object' || !isTheirs(entry as Record<string, unknown>, person))
    return line;
  const out: Record<string, unknown> = { ...(entry as Record<string, unknown>) };
  for (const field of MESSAGE_FIELDS) if (field in out) out[field] = alias.id;
  if ('to' in out) out.to = out.channel === 'email' ? alias.email : alias.id;
  return JSON.stringify(out);
}

async function scrubFile(file: string, person: Person, alias: Alias): Promise<number> {
  const lines = (await readFile(file, 'utf8')).split('\n');
  const scrubbed = lines.map((line) => (line ? scrubLine(line, person, alias) : line));
  const changed = scrubbed.filter((line, i) => line !== lines[i]).length;
  if (changed > 0) {
    await writeFile(`${file}.tmp`, scrubbed.join('\n'), 'utf8');
    await rename(`${file}.tmp`, file);
  }
  return changed;
}

/** Scrubs the person from every part of the log; returns the messages changed. */
export async function scrubOutboxLog(
  dataDir: string,
  person: Person,
  alias: Alias,
): Promise<number> {
  const active = path.join(dataDir, OUTBOX_LOG);
  if (existsSync(active)) {
    await rename(active, path.join(dataDir, `outbox-${Date.now()}.log`));
    await sleep(APPENDS_SETTLE_MS);
  }
  if (!existsSync(dataDir)) return 0;
  const parts = (await readdir(dataDir)).filter((name) => PART.test(name));
  let changed = 0;
  for (const part of parts) changed += await scrubFile(path.join(dataDir, part), person, alias);
  return changed;
}
