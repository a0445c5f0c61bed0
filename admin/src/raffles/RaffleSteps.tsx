// The buttons of a raffle's steps (see raffleActions.ts). A status change first says, in a
// dialog, what it will do; the api's `msg` is the toast and its Spanish refusal the error.
import { Box, Button } from '@mui/material';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  formatCount,
  rafflePath,
  type RaffleAction,
  type Settings,
  type StaffRaffle,
} from '@vag/contracts';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { Confirm, useBasename, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { errorMessage, useToast } from '../common/useToast';
import { useVagApi } from '../common/useVagApi';
import { isStatusAction, stepsFor, trustGaps, type RaffleStep } from './raffleActions';
import { rafflePathOf, useRaffles, useRefreshRaffles } from './useRaffles';

const COLOURS: Partial<Record<RaffleStep, 'primary' | 'success' | 'warning' | 'secondary'>> = {
  publish: 'success',
  close: 'warning',
  reopen: 'success',
  draw: 'secondary',
  archive: 'primary',
};

/** The page of the raffle in the back office, or one of its tabs. */
export function raffleScreen(basename: string, id: string, tab = ''): string {
  return `${basename}/raffles/${encodeURIComponent(id)}${tab ? `/${tab}` : ''}`;
}

/**
 * Before a draft is published: what its trust page will not show yet (the organizer
 * from Ajustes, the rest from its Confianza tab), or null when nothing is missing.
 */
function useTrustGapsText(raffle: StaffRaffle): string | null {
  const translate = useTranslate();
  const api = useVagApi();
  const { data: settings } = useQuery({
    queryKey: ['settings'],
    queryFn: () => api.call<Settings>('GET', '/settings'),
    enabled: raffle.status === 'draft',
  });
  if (raffle.status !== 'draft' || !settings) return null;
  const gaps = trustGaps(raffle.trust, settings.organizer.legalName);
  if (gaps.length === 0) return null;
  const list = gaps.map((gap) => translate(`vag.raffles.confirm.trustGap.${gap}`)).join(', ');
  return translate('vag.raffles.confirm.trustGaps', { list });
}

function useConfirmText(raffle: StaffRaffle) {
  const translate = useTranslate();
  const { data: raffles } = useRaffles();
  const current = raffles?.find((r) => r.featured && r._id !== raffle._id);
  const gaps = useTrustGapsText(raffle);
  return (action: RaffleAction): { title: string; body: ReactNode } => {
    const args = {
      name: raffle.name,
      path: rafflePath(raffle.slug),
      total: formatCount(raffle.totalNumbers),
      current: current?.name ?? '',
    };
    const body =
      action === 'feature' && !current
        ? translate('vag.raffles.confirm.featureNoCurrent')
        : translate(`vag.raffles.confirm.${action}`, args);
    const title = translate(`vag.raffles.confirm.${action}Title`, args);
    if (action !== 'publish' || !gaps) return { title, body };
    return {
      title,
      body: (
        <>
          {body}
          <Box component="span" sx={{ display: 'block', mt: 2 }} data-testid="publish-trust-gaps">
            {gaps}
          </Box>
        </>
      ),
    };
  };
}

export function RaffleSteps({
  raffle,
  only,
  size = 'small',
}: {
  raffle: StaffRaffle;
  /** Show these steps only (the raffle's page leaves Editar out). */
  only?: (step: RaffleStep) => boolean;
  size?: 'small' | 'medium';
}) {
  const translate = useTranslate();
  const toast = useToast();
  const api = useVagApi();
  const basename = useBasename();
  const navigate = useNavigate();
  const refresh = useRefreshRaffles();
  const confirmText = useConfirmText(raffle);
  // What the dialog asks stays as it was opened while it fades out after the change.
  const [asked, setAsked] = useState<RaffleAction | null>(null);
  const [shown, setShown] = useState<RaffleAction>('publish');
  const change = useMutation({
    mutationFn: (action: RaffleAction) =>
      api.call<{ msg?: string }>('POST', `${rafflePathOf(raffle._id)}/${action}`, {}),
    onSuccess: async (answer) => {
      toast({ title: answer?.msg ?? translate('vag.raffles.title') });
      await refresh();
    },
    onError: (error) =>
      toast({
        title: translate('vag.raffles.actionError'),
        description: errorMessage(error, translate('vag.common.connection')),
        type: 'error',
      }),
    onSettled: () => setAsked(null),
  });

  const open = (step: RaffleStep) => {
    if (isStatusAction(step)) {
      setShown(step);
      setAsked(step);
    } else if (step === 'draw') navigate(raffleScreen(basename, raffle._id, 'draw'));
    else if (step === 'duplicate')
      navigate(`${basename}/raffles/create?template=${encodeURIComponent(raffle._id)}`);
    else navigate(raffleScreen(basename, raffle._id));
  };

  const steps = stepsFor(raffle).filter((s) => !only || only(s));
  const text = confirmText(shown);
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      {steps.map((step) => (
        <Button
          key={step}
          size={size}
          variant={COLOURS[step] ? 'contained' : 'outlined'}
          color={COLOURS[step] ?? 'primary'}
          disabled={change.isPending}
          onClick={() => open(step)}
        >
          {translate(`vag.raffles.action.${step}`)}
        </Button>
      ))}
      <Confirm
        isOpen={asked !== null}
        loading={change.isPending}
        title={text.title}
        content={text.body}
        confirm={translate(`vag.raffles.action.${shown}`)}
        confirmColor={shown === 'close' ? 'warning' : 'primary'}
        cancel={translate('vag.common.cancel')}
        onConfirm={() => change.mutate(shown)}
        onClose={() => setAsked(null)}
      />
    </Box>
  );
}
