import { AdminOnly } from '../common/AdminOnly';
import { ToFeaturedRaffle } from '../raffles/ToFeaturedRaffle';

/** /packages: the featured raffle's Paquetes tab (admins only, as every packages screen). */
export function ToFeaturedPackages() {
  return (
    <AdminOnly name="packages">
      <ToFeaturedRaffle tab="packages" />
    </AdminOnly>
  );
}
