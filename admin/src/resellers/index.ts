import PeopleAltIcon from '@mui/icons-material/PeopleAlt';
import { lazyPage } from '../common/lazyPage';

export const resellers = {
  list: lazyPage(() => import('./ResellerList'), 'ResellerList'),
  icon: PeopleAltIcon,
  recordRepresentation: 'fullname',
};
