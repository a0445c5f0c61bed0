// Página de la rifa: the raffle's own content (the former Sección Hero: name, prize, image,
// price, end date) and its sale's fields. Free to change while a draft; once published the
// number count and the address are kept as they are.
import { Box, Card, CardContent } from '@mui/material';
import { isoToDateInput, type StaffRaffle } from '@vag/contracts';
import { Form, SaveButton, useTranslate } from 'react-admin';
import { raffleToForm, type RaffleFormValues } from './raffleForm';
import { RaffleInputs } from './RaffleInputs';
import { rafflePathOf } from './useRaffles';
import { useSaveRaffle } from './useSaveRaffle';

export function RafflePageForm({ raffle }: { raffle: StaffRaffle }) {
  const translate = useTranslate();
  const save = useSaveRaffle();
  const published = raffle.status !== 'draft';

  const submit = (values: Record<string, unknown>) => {
    const typed = values as unknown as RaffleFormValues;
    // Disabled fields are not submitted: they keep the saved values.
    const form: RaffleFormValues = {
      ...typed,
      slug: published ? raffle.slug : typed.slug,
      totalNumbers: published ? raffle.totalNumbers : typed.totalNumbers,
      numberMode: published ? raffleToForm(raffle).numberMode : typed.numberMode,
    };
    return save(form, {
      method: 'PUT',
      path: rafflePathOf(raffle._id),
      checkFuture: form.endDate !== isoToDateInput(raffle.endDate),
      onSaved: () => undefined,
    });
  };

  return (
    <Card sx={{ maxWidth: 760 }}>
      <CardContent>
        <Form
          key={`${raffle._id}-${raffle.status}`}
          noValidate
          record={raffleToForm(raffle)}
          onSubmit={submit}
        >
          <RaffleInputs published={published} />
          <Box sx={{ mt: 2 }}>
            <SaveButton label={translate('vag.raffles.save')} alwaysEnable />
          </Box>
        </Form>
      </CardContent>
    </Card>
  );
}
