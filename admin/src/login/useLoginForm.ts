// The sign-in form's state: messages from the contracts' loginSchema once the person has
// tried to submit, then re-checked on every change (as react-admin's forms do).
import { loginSchema, type LoginInput } from '@vag/contracts';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { zodValidate, type FormErrors } from '../common/zodValidate';

const validate = zodValidate(loginSchema);

export function useLoginForm(onValid: (values: LoginInput) => Promise<void>) {
  const [values, setValues] = useState<LoginInput>({ email: '', password: '' });
  const [errors, setErrors] = useState<FormErrors>({});
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);

  const change = (field: keyof LoginInput) => (event: ChangeEvent<HTMLInputElement>) => {
    const next = { ...values, [field]: event.target.value };
    setValues(next);
    if (tried) setErrors(validate(next));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await onValid(values);
    } finally {
      setBusy(false);
    }
  };

  const error = (field: keyof LoginInput) =>
    typeof errors[field] === 'string' ? errors[field] : undefined;

  return { values, change, submit, error, busy };
}
