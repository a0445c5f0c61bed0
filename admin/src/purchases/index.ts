import HistoryIcon from '@mui/icons-material/History';
import { PurchaseList } from './PurchaseList';

export const purchases = { list: PurchaseList, icon: HistoryIcon };
