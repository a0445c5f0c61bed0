// Nueva rifa: a short form that creates a draft, blank or from a previous raffle used as
// template (?template=<id>: its fields prefilled, and the api copies its packages).
import { Alert, Box, Card, CardContent, Typography } from '@mui/material';
import { Form, Loading, SaveButton, Title, useBasename, useTranslate } from 'react-admin';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { AdminOnly } from '../common/AdminOnly';
import { duplicateToForm, RAFFLE_FORM_DEFAULTS, type RaffleFormValues } from './raffleForm';
import { RaffleInputs } from './RaffleInputs';
import { raffleScreen } from './RaffleSteps';
import { useRaffle } from './useRaffles';
import { useSaveRaffle } from './useSaveRaffle';

function CreateForm() {
  const translate = useTranslate();
  const basename = useBasename();
  const navigate = useNavigate();
  const save = useSaveRaffle();
  const [params] = useSearchParams();
  const templateId = params.get('template') ?? undefined;
  const { data: template, isPending } = useRaffle(templateId);
  if (templateId && isPending) return <Loading />;

  const title = template
    ? translate('vag.raffles.duplicateTitle', { name: template.name })
    : translate('vag.raffles.createTitle');
  const record = template
    ? duplicateToForm(template, translate('vag.raffles.copySuffix'))
    : RAFFLE_FORM_DEFAULTS;

  const submit = (values: Record<string, unknown>) =>
    save(values as unknown as RaffleFormValues, {
      method: 'POST',
      path: '/admin/raffles',
      checkFuture: true,
      extra: template ? { templateId: template._id } : {},
      onSaved: (raffle) => navigate(raffleScreen(basename, String(raffle._id ?? raffle.id))),
    });

  return (
    <Card sx={{ mt: 2, maxWidth: 760 }}>
      <Title title={title} />
      <CardContent>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 1 }}>
          {title}
        </Typography>
        <Alert severity="info" sx={{ mb: 2 }}>
          {template
            ? translate('vag.raffles.duplicateHint', { name: template.name })
            : translate('vag.raffles.createHint')}
        </Alert>
        <Form key={templateId ?? 'new'} noValidate record={record} onSubmit={submit}>
          <RaffleInputs published={false} />
          <Box sx={{ mt: 2 }}>
            <SaveButton label={translate('vag.raffles.create')} alwaysEnable />
          </Box>
        </Form>
      </CardContent>
    </Card>
  );
}

export function RaffleCreate() {
  return (
    <AdminOnly name="raffles">
      <CreateForm />
    </AdminOnly>
  );
}
