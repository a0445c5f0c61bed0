// One page of a list "todas" (every raffle at once), newest first or by another field, read
// raffle by raffle: the store searches an index only by an equality on its first field and
// sorts in its own memory whatever it reads (DESIGN, "Reading a year"), so a list of every
// raffle's documents sorted by date read the whole collection. Each raffle's read here is an
// equality on `raffleId` (the collection's index leading with it), answers only the sort
// field of its first `skip + limit` documents, and the page's documents are then read by id.
import type { Collection, Document, Filter } from 'mongodb';
import type { RaffleKey } from './by-raffle';

/** The store searches the _id index for an $in list up to this long (index_pushdown.go). */
const MAX_IDS = 100;

/** The store's order of the values a list sorts by: missing, numbers, texts, dates. */
function rank(value: unknown): number {
  if (value === null || value === undefined) return 0;
  if (typeof value === 'number') return 1;
  if (typeof value === 'string') return 2;
  return 3;
}

function compareValues(a: unknown, b: unknown): number {
  const ra = rank(a);
  const rb = rank(b);
  if (ra !== rb) return ra - rb;
  if (ra === 0) return 0;
  const x = a instanceof Date ? a.getTime() : (a as number | string);
  const y = b instanceof Date ? b.getTime() : (b as number | string);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** A field's value by its path ('buyer.email'). */
function valueAt(doc: Document, path: string): unknown {
  return path.split('.').reduce<unknown>((v, key) => (v as Document | undefined)?.[key], doc);
}

export interface PageAcrossRaffles<T> {
  /** One raffle's documents: an equality on `raffleId` first, the list's filters after it. */
  filterOf: (key: RaffleKey) => Filter<T>;
  /** The sort field and its order (1 oldest/smallest first, -1 newest first). */
  sort: { field: string; order: 1 | -1 };
  /** The order of `_id` between documents equal on the sort field. */
  idOrder: 1 | -1;
  skip: number;
  limit: number;
  projection?: Document;
}

/** The page of `keys`' documents (one key per raffle) and how many there are in all. */
export async function pageAcrossRaffles<T extends { _id: string }>(
  collection: Collection<T>,
  keys: readonly RaffleKey[],
  page: PageAcrossRaffles<T>,
): Promise<{ items: T[]; total: number }> {
  const { field, order } = page.sort;
  const wanted = page.skip + page.limit;
  const perRaffle = await Promise.all(
    keys.map(async (key) => {
      const filter = page.filterOf(key);
      const [heads, count] = await Promise.all([
        collection
          .find(filter, {
            projection: { [field]: 1 },
            sort: { [field]: order, _id: page.idOrder },
            limit: wanted,
          })
          .toArray(),
        collection.countDocuments(filter),
      ]);
      return { heads: heads as Document[], count };
    }),
  );
  const total = perRaffle.reduce((n, r) => n + r.count, 0);
  const ids = perRaffle
    .flatMap((r) => r.heads)
    .sort(
      (a, b) =>
        order * compareValues(valueAt(a, field), valueAt(b, field)) ||
        page.idOrder * compareValues(a._id, b._id),
    )
    .slice(page.skip, wanted)
    .map((d) => d._id as string);
  if (ids.length === 0) return { items: [], total };
  const chunks = Array.from({ length: Math.ceil(ids.length / MAX_IDS) }, (_, i) =>
    ids.slice(i * MAX_IDS, (i + 1) * MAX_IDS),
  );
  const found = await Promise.all(
    chunks.map((chunk) =>
      collection
        .find(
          { _id: { $in: chunk } } as Filter<T>,
          page.projection ? { projection: page.projection } : {},
        )
        .toArray(),
    ),
  );
  const byId = new Map(found.flat().map((d) => [String(d._id), d as T]));
  return { items: ids.flatMap((id) => byId.get(id) ?? []), total };
}
