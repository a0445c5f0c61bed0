// The sign-in form's state: messages from the contracts' loginSchema once the person has
// tried to submit, then re-checked on every change (as react-admin's forms do). The schema
// and zod load when the person first reaches the form (`prepare`, or at the latest the
// first submit), so they are not part of what the screen needs to show.
import type { LoginInput } from '@vag/contracts';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import type { FormErrors } from '../common/zodValidate';

type Validate = (values: LoginInput) => FormErrors;

let loading: Promise<Validate | null> | null = null;

/**
 * The checks, loaded once. null when their chunk cannot load (offline, or a deploy replaced
 * it): the form then sends as it is and the api's own check answers.
 */
function loadValidate(): Promise<Validate | null> {
  loading ??= import('./loginValidation').then(
    (module) => module.validateLogin,
    () => {
      loading = null;
      return null;
    },
  );
  return loading;
}

export function useLoginForm(onValid: (values: LoginInput) => Promise<void>) {
  const [values, setValues] = useState<LoginInput>({ email: '', password: '' });
  const [errors, setErrors] = useState<FormErrors>({});
  // Set by the first submit: from then on every change is checked again.
  const [validate, setValidate] = useState<Validate | null>(null);
  const [busy, setBusy] = useState(false);

  const change = (field: keyof LoginInput) => (event: ChangeEvent<HTMLInputElement>) => {
    const next = { ...values, [field]: event.target.value };
    setValues(next);
    if (validate) setErrors(validate(next));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const check = await loadValidate();
    if (check) setValidate(() => check);
    const found = check ? check(values) : {};
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

  const prepare = () => void loadValidate();

  /** What an input of `name` takes: its value, its change handler and its message. */
  const field = (name: keyof LoginInput) => ({
    name,
    value: values[name],
    onChange: change(name),
    error: error(name),
  });

  return { field, submit, busy, prepare };
}
