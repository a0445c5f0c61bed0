import Inventory2Icon from '@mui/icons-material/Inventory2';
import { PackageCreate } from './PackageCreate';
import { PackageEdit } from './PackageEdit';
import { PackageList } from './PackageList';

export const packages = {
  list: PackageList,
  edit: PackageEdit,
  create: PackageCreate,
  icon: Inventory2Icon,
  recordRepresentation: 'name',
};
