import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import { lazyPage } from '../common/lazyPage';

export const rifas = {
  list: lazyPage(() => import('./RifaList'), 'RifaList'),
  edit: lazyPage(() => import('./RifaEdit'), 'RifaEdit'),
  create: lazyPage(() => import('./RifaCreate'), 'RifaCreate'),
  icon: EmojiEventsIcon,
  recordRepresentation: 'activityName',
};
