import Inventory2Icon from '@mui/icons-material/Inventory2';
import { lazyPage } from '../common/lazyPage';

export const packages = {
  list: lazyPage(() => import('./PackageList'), 'PackageList'),
  edit: lazyPage(() => import('./PackageEdit'), 'PackageEdit'),
  create: lazyPage(() => import('./PackageCreate'), 'PackageCreate'),
  icon: Inventory2Icon,
  recordRepresentation: 'name',
};
