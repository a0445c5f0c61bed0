import { ToFeaturedRaffle } from '../raffles/ToFeaturedRaffle';

/** /packages: the featured raffle's Paquetes tab. */
export function ToFeaturedPackages() {
  return <ToFeaturedRaffle tab="packages" />;
}
