// Sorteo of one raffle (a tab of its page): the published commitment, the draw rule
// (editable until the first sale), the closing of the sale and, once it is closed, the
// official result to enter.
import { Alert, Box, Card, CardContent, Typography } from '@mui/material';
import {
  describeDrawRule,
  formatDate,
  formatDateTime,
  SALE_TEXTS,
  salePhaseText,
  type FairnessExport,
} from '@vag/contracts';
import { useEffect, type ReactNode } from 'react';
import { Loading, useTranslate } from 'react-admin';
import { DrawResultForm } from './DrawResultForm';
import { DrawRuleForm } from './DrawRuleForm';
import { useFairness, useRefreshFairness } from './useFairness';
import { useSaleStatus } from './useSaleStatus';
import { WinnerLine } from './WinnerLine';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card sx={{ mb: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function Hash({ label, value }: { label: string; value: string }) {
  return (
    <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
      {label}: <code>{value}</code>
    </Typography>
  );
}

/** The result section: what the draw waits for, the form once it may be entered, who won. */
function Outcome({ data }: { data: FairnessExport }) {
  const t = useTranslate();
  const { data: status } = useSaleStatus();
  const { draw } = data;
  if (draw)
    return (
      <>
        <WinnerLine winningNumber={draw.winningNumber} winner={status?.winner ?? null} />
        <Typography variant="body2">
          {t('vag.draw.officialResult', {
            prize: draw.result.firstPrize,
            draw: draw.result.drawNumber,
            date: formatDate(draw.result.drawDate),
          })}
        </Typography>
        {data.reveal && <Hash label={t('vag.draw.revealedKey')} value={data.reveal.key} />}
      </>
    );
  if (!status) return null;
  return (
    <>
      <Alert severity={status.phase === 'closed' ? 'success' : 'info'} sx={{ mb: 2 }}>
        {salePhaseText(status)}
      </Alert>
      {status.phase === 'closed' && <DrawResultForm />}
    </>
  );
}

/**
 * The sale's status and the fairness record are read apart: when the status already says
 * closed but the record read a moment earlier has no closing yet, read the record again.
 */
function useClosingInSync(data: FairnessExport | undefined) {
  const { data: status } = useSaleStatus();
  const refresh = useRefreshFairness();
  const behind = status?.phase === 'closed' && data !== undefined && !data.closing;
  useEffect(() => {
    if (behind) void refresh();
  }, [behind, refresh]);
}

export function DrawPage() {
  const t = useTranslate();
  const { data, isPending, error } = useFairness();
  useClosingInSync(data);
  if (isPending) return <Loading />;
  if (error || !data) return <Alert severity="error">{t('vag.draw.loadError')}</Alert>;
  const { commitment, closing } = data;

  return (
    <Box sx={{ py: 2 }}>
      <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
        {t('vag.draw.title')}
      </Typography>
      {!commitment ? (
        <Alert severity="info">{t('vag.draw.noNumbers')}</Alert>
      ) : (
        <>
          <Section title={t('vag.draw.commitment')}>
            <Typography variant="body2">
              {t('vag.draw.committedAt', { date: formatDateTime(commitment.committedAt) })}
            </Typography>
            <Hash label={t('vag.draw.keyHash')} value={commitment.keyHash} />
            <Hash label={t('vag.draw.prizesHash')} value={commitment.prizesHash} />
            {closing && (
              <>
                <Typography variant="body2" sx={{ mt: 1 }}>
                  {t('vag.draw.closedAt', {
                    date: formatDateTime(closing.closedAt),
                    count: closing.soldCount,
                  })}
                </Typography>
                <Hash label={t('vag.draw.soldListHash')} value={closing.soldListHash} />
              </>
            )}
          </Section>
          <Section title={t('vag.draw.rule')}>
            <Typography variant="body2" sx={{ mb: 2 }}>
              {describeDrawRule(data.rule, commitment)}
            </Typography>
            {data.lockedAt || closing ? (
              <Alert severity="info">
                {closing ? SALE_TEXTS.ruleAfterClose : t('vag.draw.ruleLocked')}
              </Alert>
            ) : (
              <DrawRuleForm rule={data.rule} />
            )}
          </Section>
          <Section title={t('vag.draw.result')}>
            <Outcome data={data} />
          </Section>
        </>
      )}
    </Box>
  );
}
