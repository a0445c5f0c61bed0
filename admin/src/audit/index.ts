import FactCheckIcon from '@mui/icons-material/FactCheck';
import { lazyPage } from '../common/lazyPage';

export const audit = {
  list: lazyPage(() => import('./AuditList'), 'AuditList'),
  icon: FactCheckIcon,
};
