// One labelled field of the sign-in form, drawn like the back office's filled inputs: the
// label sits inside the box and rises when the field has focus or a value. Its message
// line is always there (empty until the first submit), so an error does not move the form.
import type { InputHTMLAttributes, ReactNode } from 'react';

export interface LoginFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  id: string;
  label: string;
  /** The contracts' message for this field, once the person has tried to submit. */
  error?: string;
  /** A control at the end of the box (the password's show/hide button). */
  end?: ReactNode;
}

export function LoginField({ id, label, error, end, ...input }: LoginFieldProps) {
  const messageId = `${id}-message`;
  return (
    <div className={error ? 'login-field login-field--error' : 'login-field'}>
      <div className="login-field__box">
        {/* The placeholder is a blank: CSS raises the label while it is not shown. */}
        <input
          {...input}
          id={id}
          className="login-field__input"
          placeholder=" "
          aria-invalid={error !== undefined}
          aria-describedby={error ? messageId : undefined}
        />
        <label htmlFor={id} className="login-field__label">
          {label}
        </label>
        {end}
      </div>
      <p id={messageId} className="login-field__message">
        {error}
      </p>
    </div>
  );
}
