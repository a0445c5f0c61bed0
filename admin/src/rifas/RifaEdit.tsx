import { Edit, SimpleForm, useNotify, useRedirect, useTranslate } from 'react-admin';
import { validateRifa } from './RifaCreate';
import { RifaInputs } from './RifaInputs';

export function RifaEdit() {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Edit
      title={translate('vag.rifas.editTitle')}
      mutationMode="pessimistic"
      mutationOptions={{
        onSuccess: () => {
          notify('vag.rifas.saved', { type: 'success' });
          redirect('list', 'rifas');
        },
        onError: (error: Error) =>
          notify(`${translate('vag.rifas.updateError')} ${error.message}`, { type: 'error' }),
      }}
    >
      <SimpleForm noValidate validate={validateRifa}>
        <RifaInputs />
      </SimpleForm>
    </Edit>
  );
}
