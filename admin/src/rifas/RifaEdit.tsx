import { Edit, SimpleForm, useNotify, useRedirect, useTranslate } from 'react-admin';
import { validateRifa } from './RifaCreate';
import { RifaInputs } from './RifaInputs';
import { KEEP_TYPED_VALUES } from '../common/keepTyped';

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
      <SimpleForm noValidate resetOptions={KEEP_TYPED_VALUES} validate={validateRifa}>
        <RifaInputs />
      </SimpleForm>
    </Edit>
  );
}
