import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { lazyPage } from '../common/lazyPage';

export const invoices = {
  list: lazyPage(() => import('./InvoiceList'), 'InvoiceList'),
  icon: ReceiptLongIcon,
};
