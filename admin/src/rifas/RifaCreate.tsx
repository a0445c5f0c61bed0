import { PAST_RAFFLE_FORM_DEFAULTS, pastRaffleInputSchema } from '@vag/contracts';
import { Create, SimpleForm, useNotify, useTranslate } from 'react-admin';
import { zodValidate } from '../common/zodValidate';
import { RifaInputs } from './RifaInputs';

export const validateRifa = zodValidate(pastRaffleInputSchema);

export function RifaCreate() {
  const translate = useTranslate();
  const notify = useNotify();
  return (
    <Create
      title={translate('vag.rifas.createTitle')}
      redirect="list"
      mutationOptions={{
        onSuccess: () => notify('vag.rifas.saved', { type: 'success' }),
        onError: (error: Error) => notify(`${translate('vag.rifas.createError')} ${error.message}`, { type: 'error' }),
      }}
    >
      <SimpleForm defaultValues={PAST_RAFFLE_FORM_DEFAULTS} validate={validateRifa}>
        <RifaInputs />
      </SimpleForm>
    </Create>
  );
}
