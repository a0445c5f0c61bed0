/// <reference types="astro/client" />

// What the api process hands every rendered page (see api/src/storefront/site.ts).
declare namespace App {
  interface Locals {
    /** A raffle's content by its id; without one, the featured raffle's. */
    content?: (raffleId?: string) => Promise<import('@vag/contracts').StorefrontContent>;
    /** The raffles a buyer can open, featured first (GET /api/raffles). */
    raffles?: () => Promise<import('@vag/contracts').RaffleSummary[] | null>;
  }
}
