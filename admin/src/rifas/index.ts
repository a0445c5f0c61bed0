import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import { RifaCreate } from './RifaCreate';
import { RifaEdit } from './RifaEdit';
import { RifaList } from './RifaList';

export const rifas = {
  list: RifaList,
  edit: RifaEdit,
  create: RifaCreate,
  icon: EmojiEventsIcon,
  recordRepresentation: 'activityName',
};
