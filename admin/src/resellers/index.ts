import PeopleAltIcon from '@mui/icons-material/PeopleAlt';
import { ResellerList } from './ResellerList';

export const resellers = {
  list: ResellerList,
  icon: PeopleAltIcon,
  recordRepresentation: 'fullname',
};
