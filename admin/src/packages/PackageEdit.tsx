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
import { usePackageRaffle } from './packageRaffle';

function EditToolbar() {
  const translate = useTranslate();
  const redirect = useRedirect();
  const { backPath } = usePackageRaffle();
  return (
    <Toolbar sx={{ gap: 1 }}>
      <SaveButton />
      <Button onClick={() => redirect(backPath)}>{translate('vag.common.cancel')}</Button>
    </Toolbar>
  );
}

export function PackageEdit() {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const raffle = usePackageRaffle();
  return (
    <Edit
      title={translate('vag.packages.editTitle')}
      mutationMode="pessimistic"
      queryOptions={{ meta: raffle.meta }}
      mutationOptions={{
        meta: raffle.meta,
        onSuccess: () => {
          notify('vag.packages.updated', { type: 'success' });
          redirect(raffle.backPath);
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
