import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import { lazyPage } from '../common/lazyPage';

export const archive = {
  list: lazyPage(() => import('./ArchiveList'), 'ArchiveList'),
  edit: lazyPage(() => import('./ArchiveEdit'), 'ArchiveEdit'),
  create: lazyPage(() => import('./ArchiveCreate'), 'ArchiveCreate'),
  icon: EmojiEventsIcon,
  recordRepresentation: 'activityName',
};
