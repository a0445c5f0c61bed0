import { PACKAGE_FORM_DEFAULTS } from '@vag/contracts';
import { Create, SimpleForm, useNotify, useRedirect, useTranslate } from 'react-admin';
import { usePackageRaffle } from './packageRaffle';
import { CreateToolbar } from '../common/CreateToolbar';
import { PackageInputs } from './PackageInputs';
import { validatePackage } from './packageForm';

export function PackageCreate() {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const raffle = usePackageRaffle();
  return (
    <Create
      title={translate('vag.packages.createTitle')}
      mutationOptions={{
        meta: raffle.meta,
        onSuccess: () => {
          notify('vag.packages.added', { type: 'success' });
          redirect(raffle.backPath);
        },
      }}
    >
      <SimpleForm
        noValidate
        toolbar={<CreateToolbar />}
        defaultValues={PACKAGE_FORM_DEFAULTS}
        validate={validatePackage}
      >
        <PackageInputs />
      </SimpleForm>
    </Create>
  );
}
