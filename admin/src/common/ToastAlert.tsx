// How a toast looks: SPEC's title and description in a filled MUI Alert of its severity.
import { Alert, AlertTitle } from '@mui/material';

export type ToastType = 'success' | 'error' | 'info' | 'warning';

export interface Toast {
  title: string;
  description?: string;
  type?: ToastType;
}

export function ToastAlert({ title, description, type = 'success' }: Toast) {
  return (
    <Alert
      severity={type}
      variant="filled"
      sx={{ minWidth: 280 }}
      role={type === 'error' ? 'alert' : 'status'}
    >
      <AlertTitle sx={{ mb: description ? 0.5 : 0 }}>{title}</AlertTitle>
      {description}
    </Alert>
  );
}
