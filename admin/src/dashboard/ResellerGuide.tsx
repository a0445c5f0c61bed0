// The reseller's guide on Inicio: their link to share (copied with one click) and what a
// reseller can do here, instead of the admin's set-up steps they have no access to.
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import { Box, Button, List, ListItem, ListItemText, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useBasename, useGetIdentity, useTranslate } from 'react-admin';
import { referralUrl } from '../layout/referral';
import { useCopyReferralLink } from '../layout/useCopyReferralLink';
import { DashCard } from './DashCard';

const STEPS = ['resellerStep1', 'resellerStep2', 'resellerStep3', 'resellerStep4'];

function ReferralLink({ code }: { code: string | undefined }) {
  const translate = useTranslate();
  const copyLink = useCopyReferralLink();
  if (!code) {
    return (
      <Typography color="text.secondary">{translate('vag.dashboard.resellerNoCode')}</Typography>
    );
  }
  return (
    <Box sx={{ p: 1.5, borderRadius: 2, bgcolor: 'action.hover' }}>
      <Typography variant="caption" color="text.secondary">
        {translate('vag.dashboard.resellerLink')}
      </Typography>
      <Typography sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere', mb: 1 }}>
        {referralUrl(window.location.origin, code)}
      </Typography>
      <Button
        size="small"
        variant="contained"
        startIcon={<ContentCopyIcon />}
        onClick={() => copyLink(code)}
      >
        {translate('vag.dashboard.resellerCopy')}
      </Button>
    </Box>
  );
}

export function ResellerGuide() {
  const translate = useTranslate();
  const basename = useBasename();
  const { identity } = useGetIdentity();
  const code = identity?.code as string | undefined;
  return (
    <DashCard
      title={translate('vag.dashboard.resellerGuide')}
      icon={<MenuBookIcon color="primary" />}
    >
      <ReferralLink code={code} />
      <List dense component="ol" sx={{ listStyle: 'decimal', pl: 3 }}>
        {STEPS.map((key) => (
          <ListItem key={key} sx={{ display: 'list-item', pl: 0 }}>
            <ListItemText primary={translate(`vag.dashboard.${key}`)} />
          </ListItem>
        ))}
      </List>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button size="small" variant="outlined" component={RouterLink} to={`${basename}/purchases`}>
          {translate('vag.menu.purchases')}
        </Button>
        <Button size="small" variant="outlined" component={RouterLink} to={`${basename}/reports`}>
          {translate('vag.menu.reports')}
        </Button>
      </Box>
    </DashCard>
  );
}
