import HistoryIcon from '@mui/icons-material/History';
import { lazyPage } from '../common/lazyPage';

export const purchases = {
  list: lazyPage(() => import('./PurchaseList'), 'PurchaseList'),
  icon: HistoryIcon,
};
