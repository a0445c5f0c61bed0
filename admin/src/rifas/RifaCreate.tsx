import { PAST_RAFFLE_FORM_DEFAULTS, pastRaffleInputSchema } from '@vag/contracts';
import { Create, SimpleForm, useNotify, useRedirect, useTranslate } from 'react-admin';
import { CreateToolbar } from '../common/CreateToolbar';
import { zodValidate } from '../common/zodValidate';
import { RifaInputs } from './RifaInputs';

export const validateRifa = zodValidate(pastRaffleInputSchema);

export function RifaCreate() {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Create
      title={translate('vag.rifas.createTitle')}
      mutationOptions={{
        onSuccess: () => {
          notify('vag.rifas.saved', { type: 'success' });
          redirect('list', 'rifas');
        },
        onError: (error: Error) =>
          notify(`${translate('vag.rifas.createError')} ${error.message}`, { type: 'error' }),
      }}
    >
      <SimpleForm
        noValidate
        toolbar={<CreateToolbar />}
        defaultValues={PAST_RAFFLE_FORM_DEFAULTS}
        validate={validateRifa}
      >
        <RifaInputs />
      </SimpleForm>
    </Create>
  );
}
