import Inventory2Icon from '@mui/icons-material/Inventory2';
import { lazyPage } from '../common/lazyPage';

export const packages = {
  // A raffle's packages are a tab of its page; /packages leads to the featured raffle's.
  list: lazyPage(() => import('./ToFeaturedPackages'), 'ToFeaturedPackages'),
  edit: lazyPage(() => import('./PackageEdit'), 'PackageEdit'),
  create: lazyPage(() => import('./PackageCreate'), 'PackageCreate'),
  icon: Inventory2Icon,
  recordRepresentation: 'name',
};
