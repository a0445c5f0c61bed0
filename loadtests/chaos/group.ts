// The numbers consumer group as the broker sees it: its members and how many partitions
// each owns, read with Kafka's admin API (describeGroups).
import { AssignerProtocol, Kafka, logLevel } from 'kafkajs';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface Member {
  id: string;
  partitions: number;
}

/** Members of the numbers group and their partition counts, once the group is stable. */
export async function numbersGroup(brokers: string[]): Promise<Member[] | null> {
  const admin = new Kafka({
    clientId: 'vag-chaos',
    brokers,
    logLevel: logLevel.NOTHING,
    // Not 0: the first describeGroups of a new admin fails once, its metadata still empty.
    retry: { retries: 3, initialRetryTime: 100 },
  }).admin();
  try {
    await admin.connect();
    const { groups } = await admin.describeGroups(['numbers']);
    const group = groups[0];
    if (!group || group.state !== 'Stable') return null;
    return group.members.map((m) => {
      const decoded = AssignerProtocol.MemberAssignment.decode(m.memberAssignment);
      return {
        id: m.memberId,
        partitions: Object.values(decoded?.assignment ?? {}).flat().length,
      };
    });
  } finally {
    await admin.disconnect().catch(() => undefined);
  }
}

/** The numbers group once stable with `members` members (any number when omitted), null after `timeoutMs`. */
export async function stableGroup(
  brokers: string[],
  timeoutMs = 30_000,
  members?: number,
): Promise<Member[] | null> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const now = await numbersGroup(brokers).catch(() => null);
    if (now && (members === undefined || now.length === members)) return now;
    await sleep(250);
  }
  return null;
}
