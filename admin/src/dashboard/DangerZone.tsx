// 'Zona de peligro' at the foot of the dashboard (admins): what deletes data sits apart
// from the everyday controls, never first on a phone nor top right on a desktop.
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { Box, Card, CardContent, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { DeleteAllButton } from './DeleteAllButton';

export function DangerZone() {
  const translate = useTranslate();
  return (
    <Card
      component="section"
      aria-labelledby="danger-zone-title"
      sx={{ mt: 4, border: 1, borderColor: 'error.main' }}
    >
      <CardContent>
        <Typography
          id="danger-zone-title"
          variant="subtitle1"
          component="h2"
          color="error"
          sx={{ fontWeight: 700, display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}
        >
          <WarningAmberIcon />
          {translate('vag.dashboard.dangerZone')}
        </Typography>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography color="text.secondary" sx={{ flex: '1 1 280px' }}>
            {translate('vag.dashboard.deleteAllHint')}
          </Typography>
          <DeleteAllButton />
        </Box>
      </CardContent>
    </Card>
  );
}
