import MenuBookIcon from '@mui/icons-material/MenuBook';
import { List, ListItem, ListItemText } from '@mui/material';
import { useTranslate } from 'react-admin';
import { DashCard } from './DashCard';

/** Guía Rápida: the three set-up steps of SPEC §2. */
export function QuickGuide() {
  const translate = useTranslate();
  return (
    <DashCard title={translate('vag.dashboard.guide')} icon={<MenuBookIcon color="primary" />}>
      <List dense component="ol" sx={{ listStyle: 'decimal', pl: 3 }}>
        {['guide1', 'guide2', 'guide3'].map((key) => (
          <ListItem key={key} sx={{ display: 'list-item', pl: 0 }}>
            <ListItemText primary={translate(`vag.dashboard.${key}`)} />
          </ListItem>
        ))}
      </List>
    </DashCard>
  );
}
