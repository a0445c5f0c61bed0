// The package form's inputs (SPEC §5: quantity min 1 step 1, price min 0 step 0.01).
import { BooleanInput, NumberInput, TextInput, useTranslate } from 'react-admin';

export function PackageInputs() {
  const translate = useTranslate();
  return (
    <>
      <TextInput source="name" label={translate('resources.packages.fields.name')} fullWidth />
      <NumberInput
        source="quantity"
        label={translate('resources.packages.fields.quantity')}
        min={1}
        step={1}
        fullWidth
      />
      <NumberInput
        source="price"
        label={translate('resources.packages.fields.price')}
        min={0}
        step={0.01}
        fullWidth
      />
      <BooleanInput source="isPopular" label={translate('resources.packages.fields.isPopular')} />
    </>
  );
}
