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
      <SimpleForm noValidate validate={validatePackage} toolbar={<EditToolbar />}>
        <PackageInputs />
      </SimpleForm>
    </Edit>
  );
}
