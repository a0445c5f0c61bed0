/// <reference types="astro/client" />

// What the api process hands every rendered page (see api/src/storefront/site.ts).
declare namespace App {
  interface Locals {
    content?: import('@vag/contracts').StorefrontLocals['content'];
    raffles?: import('@vag/contracts').StorefrontLocals['raffles'];
    raffle?: import('@vag/contracts').StorefrontLocals['raffle'];
    privacyNotice?: import('@vag/contracts').StorefrontLocals['privacyNotice'];
  }
}
