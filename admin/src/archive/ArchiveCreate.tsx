import { PAST_RAFFLE_FORM_DEFAULTS, pastRaffleInputSchema } from '@vag/contracts';
import { Create, SimpleForm, useNotify, useRedirect, useTranslate } from 'react-admin';
import { CreateToolbar } from '../common/CreateToolbar';
import { zodValidate } from '../common/zodValidate';
import { ArchiveInputs } from './ArchiveInputs';

export const validateArchiveEntry = zodValidate(pastRaffleInputSchema);

export function ArchiveCreate() {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Create
      title={translate('vag.archive.createTitle')}
      mutationOptions={{
        onSuccess: () => {
          notify('vag.archive.saved', { type: 'success' });
          redirect('list', 'archive');
        },
        onError: (error: Error) =>
          notify(`${translate('vag.archive.createError')} ${error.message}`, { type: 'error' }),
      }}
    >
      <SimpleForm
        noValidate
        toolbar={<CreateToolbar />}
        defaultValues={PAST_RAFFLE_FORM_DEFAULTS}
        validate={validateArchiveEntry}
      >
        <ArchiveInputs />
      </SimpleForm>
    </Create>
  );
}
