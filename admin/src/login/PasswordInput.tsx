// The sign-in's password with its show/hide toggle (labels in Spanish, SPEC §2).
import { useState } from 'react';
import { EyeIcon, EyeOffIcon } from './icons';
import { LoginField, type LoginFieldProps } from './LoginField';
import { loginText } from './loginText';

export function PasswordInput(props: Omit<LoginFieldProps, 'type' | 'end'>) {
  const [visible, setVisible] = useState(false);
  return (
    <LoginField
      {...props}
      type={visible ? 'text' : 'password'}
      end={
        <button
          type="button"
          className="login-icon-button"
          aria-label={loginText(visible ? 'hidePassword' : 'showPassword')}
          aria-controls={props.id}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      }
    />
  );
}
