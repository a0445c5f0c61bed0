import { PACKAGE_FORM_DEFAULTS } from '@vag/contracts';
import { Create, SimpleForm, useNotify, useTranslate } from 'react-admin';
import { PackageInputs } from './PackageInputs';
import { validatePackage } from './packageForm';

export function PackageCreate() {
  const translate = useTranslate();
  const notify = useNotify();
  return (
    <Create
      title={translate('vag.packages.createTitle')}
      redirect="list"
      mutationOptions={{ onSuccess: () => notify('vag.packages.added', { type: 'success' }) }}
    >
      <SimpleForm defaultValues={PACKAGE_FORM_DEFAULTS} validate={validatePackage}>
        <PackageInputs />
      </SimpleForm>
    </Create>
  );
}
