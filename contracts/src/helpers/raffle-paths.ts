// Where a raffle lives on the site and in the api. Kept apart from the raffle's schemas
// (entities/raffle-record.ts) so the storefront's islands can use them without zod.

/** The path of a raffle's own page on the storefront. */
export const rafflePath = (slug: string) => `/rifas/${encodeURIComponent(slug)}`;

/** The api prefix that scopes a SPEC §7 call to one raffle. */
export const raffleApiBase = (idOrSlug: string) => `/api/raffles/${encodeURIComponent(idOrSlug)}`;
