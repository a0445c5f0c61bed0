import PrivacyTipIcon from '@mui/icons-material/PrivacyTip';
import { lazyPage } from '../common/lazyPage';

export const dataRequests = {
  list: lazyPage(() => import('./DataRequestList'), 'DataRequestList'),
  icon: PrivacyTipIcon,
};
