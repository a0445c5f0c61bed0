// The order messages of an unpaid order as their delivery records hold them
// (`purchases.notices.<noticeId>_<channel>`, core/src/db/notices.ts), for the Detalles
// dialog: which went out on which channel and when, instead of "Sin registro".
import {
  NOTIFICATION_CHANNELS,
  ORDER_NOTICE_LABELS,
  type NotificationChannel,
  type OrderNoticeState,
} from '@vag/contracts';

interface StoredNotice {
  status: string;
  at: Date | string;
  lastError?: string;
}

/** 'rejected-1732800000000' is a rejected receipt; the others are named as they are. */
function kindOf(noticeId: string): string {
  return noticeId.startsWith('rejected-') ? 'receipt_rejected' : noticeId;
}

function split(key: string): { noticeId: string; channel: NotificationChannel } | null {
  const channel = NOTIFICATION_CHANNELS.find((c) => key.endsWith(`_${c}`));
  return channel ? { noticeId: key.slice(0, -channel.length - 1), channel } : null;
}

/** The purchase document's `notices` (its typed shape lives with the notices module). */
export function orderNoticeStates(doc: object): OrderNoticeState[] {
  const notices = (doc as { notices?: Record<string, StoredNotice | undefined> }).notices;
  const states: OrderNoticeState[] = [];
  for (const [key, stored] of Object.entries(notices ?? {})) {
    const parts = split(key);
    if (!parts || !stored) continue;
    const kind = kindOf(parts.noticeId);
    states.push({
      kind,
      label: ORDER_NOTICE_LABELS[kind] ?? kind,
      channel: parts.channel,
      status: stored.status,
      at: new Date(stored.at).toISOString(),
      ...(stored.lastError ? { lastError: stored.lastError } : {}),
    });
  }
  return states.sort((a, b) => a.at.localeCompare(b.at) || a.channel.localeCompare(b.channel));
}
