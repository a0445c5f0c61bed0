import ConfirmationNumberIcon from '@mui/icons-material/ConfirmationNumber';
import { lazyPage } from '../common/lazyPage';

export const raffles = {
  list: lazyPage(() => import('./RaffleList'), 'RaffleList'),
  edit: lazyPage(() => import('./RaffleEdit'), 'RaffleEdit'),
  create: lazyPage(() => import('./RaffleCreate'), 'RaffleCreate'),
  icon: ConfirmationNumberIcon,
  recordRepresentation: 'name',
};
