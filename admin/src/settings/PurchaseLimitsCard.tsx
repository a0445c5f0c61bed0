// Ajustes → Límites de compra: how many numbers one order, one buyer and one connection
// may take, the unpaid ceilings' share of the raffle, and a transfer's first hold until
// its receipt arrives. The server enforces them (0: no limit) and answers its Spanish
// messages; the storefront shows the per-order maximum beside the custom quantity.
import { Box } from '@mui/material';
import { SettingsCard } from './SettingsCard';
import { NumberInput, useTranslate } from 'react-admin';

const COUNTS = ['maxPerOrder', 'maxPerBuyer', 'maxUnpaidPerBuyer', 'maxUnpaidPerAddress'] as const;

export function PurchaseLimitsCard() {
  const translate = useTranslate();
  const t = (key: string) => translate(`vag.purchaseLimits.${key}`);
  return (
    <SettingsCard testId="purchase-limits" title={t('title')} hint={t('hint')}>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
          columnGap: 2,
        }}
      >
        {COUNTS.map((key) => (
          <NumberInput
            key={key}
            source={`purchaseLimits.${key}`}
            label={t(key)}
            min={0}
            step={1}
            fullWidth
          />
        ))}
        <NumberInput
          source="purchaseLimits.maxUnpaidPercent"
          label={t('maxUnpaidPercent')}
          helperText={t('maxUnpaidPercentHelp')}
          min={0}
          max={100}
          step={0.5}
          fullWidth
        />
        <NumberInput
          source="purchaseLimits.firstHoldHours"
          label={t('firstHoldHours')}
          helperText={t('firstHoldHelp')}
          min={0.005}
          step={0.5}
          fullWidth
        />
      </Box>
    </SettingsCard>
  );
}
