// The sign-in's failure toast: SPEC's title and description at the bottom centre, read out
// at once (role=alert) and gone after 4 s, like the back office's toasts. Its own few lines
// instead of the back office's ToastAlert, which would bring MUI into the sign-in.
import { useEffect } from 'react';
import { ErrorIcon } from './icons';

const SHOWN_MS = 4000;

export interface LoginToastProps {
  title: string;
  description: string;
  onHide: () => void;
}

export function LoginToast({ title, description, onHide }: LoginToastProps) {
  useEffect(() => {
    const timer = setTimeout(onHide, SHOWN_MS);
    return () => clearTimeout(timer);
  }, [onHide]);

  return (
    <div className="login-toast-region">
      <div className="login-toast" role="alert">
        <ErrorIcon />
        <div>
          <p className="login-toast__title">{title}</p>
          <p className="login-toast__description">{description}</p>
        </div>
      </div>
    </div>
  );
}
