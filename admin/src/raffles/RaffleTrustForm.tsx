// Confianza: what the raffle's public trust page shows beside the organizer (Ajustes →
// Organizador) and the draw record — the permit's reference and document, photos and the
// invoice of the prize, the draw's live stream. Saved with the raffle's edit (its other
// fields sent as they are); an empty field is left off the page.
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import {
  raffleTrustInputSchema,
  raffleTrustSchema,
  trustPagePath,
  type StaffRaffle,
} from '@vag/contracts';
import { Form, HttpError, SaveButton, TextInput, useTranslate } from 'react-admin';
import { errorMessage, useToast } from '../common/useToast';
import { useVagApi } from '../common/useVagApi';
import { zodValidate, type FormErrors } from '../common/zodValidate';
import { TrustFileInput } from './TrustFileInput';
import { rafflePathOf, useRefreshRaffles } from './useRaffles';

/** The raffle's own fields, exactly as saved (its end date to the millisecond). */
function recordFieldsOf(raffle: StaffRaffle) {
  return {
    name: raffle.name,
    prize: raffle.prize,
    slug: raffle.slug,
    description: raffle.description,
    imageUrl: raffle.imageUrl,
    pricePerNumber: raffle.pricePerNumber,
    totalNumbers: raffle.totalNumbers,
    endDate: raffle.endDate,
  };
}

/** The api names trust fields `trust.<field>`; the form holds them at its top level. */
function fieldErrors(errors: FormErrors | undefined): FormErrors | undefined {
  if (!errors) return undefined;
  return Object.fromEntries(
    Object.entries(errors).map(([key, msg]) => [key.replace(/^trust\.|\.\d+$/g, ''), msg]),
  );
}

export function RaffleTrustForm({ raffle }: { raffle: StaffRaffle }) {
  const translate = useTranslate();
  const toast = useToast();
  const api = useVagApi();
  const refresh = useRefreshRaffles();
  const t = (key: string) => translate(`vag.trust.${key}`);

  const submit = async (values: Record<string, unknown>) => {
    const trust = raffleTrustInputSchema.parse(values);
    try {
      const saved = await api.call<{ msg?: string }>('PUT', rafflePathOf(raffle._id), {
        ...recordFieldsOf(raffle),
        trust,
      });
      toast({ title: saved?.msg ?? t('saved') });
      await refresh();
      return undefined;
    } catch (error) {
      toast({
        title: translate('vag.raffles.saveError'),
        description: errorMessage(error, translate('vag.common.connection')),
        type: 'error',
      });
      const body = error instanceof HttpError ? (error.body as { errors?: FormErrors }) : null;
      return fieldErrors(body?.errors);
    }
  };

  return (
    <Card sx={{ maxWidth: 760 }}>
      <CardContent>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
          <Typography variant="h6" component="h2">
            {t('title')}
          </Typography>
          {raffle.status !== 'draft' && (
            <Button
              size="small"
              href={trustPagePath(raffle.slug)}
              target="_blank"
              rel="noopener"
              endIcon={<OpenInNewIcon />}
            >
              {t('viewPage')}
            </Button>
          )}
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('hint')}
        </Typography>
        <Form
          key={raffle._id}
          noValidate
          record={raffleTrustSchema.parse(raffle.trust ?? {})}
          validate={zodValidate(raffleTrustInputSchema)}
          onSubmit={submit}
        >
          <TextInput
            source="permitReference"
            label={t('permitReference')}
            helperText={t('permitReferenceHelp')}
            fullWidth
          />
          <TrustFileInput source="permitDocument" label={t('permitDocument')} />
          <TrustFileInput source="prizeProofImages" label={t('prizeProofImages')} multiple />
          <TrustFileInput source="prizeInvoice" label={t('prizeInvoice')} />
          <TextInput
            source="liveStreamUrl"
            label={t('liveStreamUrl')}
            helperText={t('liveStreamUrlHelp')}
            fullWidth
          />
          <Box sx={{ mt: 2 }}>
            <SaveButton label={t('save')} alwaysEnable />
          </Box>
        </Form>
      </CardContent>
    </Card>
  );
}
