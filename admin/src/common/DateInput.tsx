// DateField bound to a react-admin form field, with the form's validation message.
import { InputHelperText, useInput } from 'react-admin';
import { DateField } from './DateField';
import { asDay } from './dates';

export function DateInput({ source, label }: { source: string; label: string }) {
  const { field, fieldState } = useInput({ source });
  return (
    <DateField
      name={field.name}
      label={label}
      value={asDay(field.value)}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={fieldState.invalid}
      helperText={<InputHelperText error={fieldState.error?.message} />}
      fullWidth
    />
  );
}
