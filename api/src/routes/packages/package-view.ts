// A package as the api answers it, shared by the packages routes and the storefront's
// server-rendered pages.
import type { PackageDoc } from '@vag/core/db/packages';
import { withId } from '../../lib/simple-rest';

export function packageView(doc: PackageDoc) {
  return withId({
    _id: doc._id,
    name: doc.name,
    quantity: doc.quantity,
    price: doc.price,
    isPopular: doc.isPopular,
  });
}
