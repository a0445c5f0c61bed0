// Banner Manager: the four fixed media slots of the home hero, each with preview, upload
// and delete.
import { Box, Typography } from '@mui/material';
import { MEDIA_SLOTS } from '@vag/contracts';
import { Title, useTranslate } from 'react-admin';
import { MediaSlotCard } from './MediaSlotCard';

export function BannerManager() {
  const translate = useTranslate();
  return (
    <Box sx={{ py: 2 }}>
      <Title title={translate('vag.banners.title')} />
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 2 }}>
        {translate('vag.banners.title')}
      </Typography>
      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)' } }}
      >
        {MEDIA_SLOTS.map((slot) => (
          <MediaSlotCard key={slot} slot={slot} />
        ))}
      </Box>
    </Box>
  );
}
