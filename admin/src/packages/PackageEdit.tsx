import {
  Edit,
  SaveButton,
  SimpleForm,
  Toolbar,
  useNotify,
  useRedirect,
  useTranslate,
} from 'react-admin';
import { Button } from '@mui/material';
import { PackageInputs } from './PackageInputs';
import { validatePackage } from './packageForm';
import { KEEP_TYPED_VALUES } from '../common/keepTyped';

function EditToolbar() {
  const translate = useTranslate();
  const redirect = useRedirect();
  return (
    <Toolbar sx={{ gap: 1 }}>
      <SaveButton />
      <Button onClick={() => redirect('list', 'packages')}>{translate('vag.common.cancel')}</Button>
    </Toolbar>
  );
}

export function PackageEdit() {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  return (
    <Edit
      title={translate('vag.packages.editTitle')}
      mutationMode="pessimistic"
      mutationOptions={{
        onSuccess: () => {
          notify('vag.packages.updated', { type: 'success' });
          redirect('list', 'packages');
        },
      }}
    >
      <SimpleForm
        noValidate
        resetOptions={KEEP_TYPED_VALUES}
        validate={validatePackage}
        toolbar={<EditToolbar />}
      >
        <PackageInputs />
      </SimpleForm>
    </Edit>
  );
}
