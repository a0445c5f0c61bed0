import { Edit, SimpleForm, useNotify, useRedirect, useTranslate } from 'react-admin';
import { validateArchiveEntry } from './ArchiveCreate';
import { ArchiveInputs } from './ArchiveInputs';
import { KEEP_TYPED_VALUES } from '../common/keepTyped';

export function ArchiveEdit() {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Edit
      title={translate('vag.archive.editTitle')}
      mutationMode="pessimistic"
      mutationOptions={{
        onSuccess: () => {
          notify('vag.archive.saved', { type: 'success' });
          redirect('list', 'archive');
        },
        onError: (error: Error) =>
          notify(`${translate('vag.archive.updateError')} ${error.message}`, { type: 'error' }),
      }}
    >
      <SimpleForm noValidate resetOptions={KEEP_TYPED_VALUES} validate={validateArchiveEntry}>
        <ArchiveInputs />
      </SimpleForm>
    </Edit>
  );
}
