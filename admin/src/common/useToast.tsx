// SPEC's toasts have a title and a description; react-admin's notifications take one
// message, so we render both inside a MUI Alert of the right severity.
import { Alert, AlertTitle } from '@mui/material';
import { useCallback } from 'react';
import { useNotify } from 'react-admin';

export type ToastType = 'success' | 'error' | 'info' | 'warning';

export interface Toast {
  title: string;
  description?: string;
  type?: ToastType;
}

export function useToast(): (toast: Toast) => void {
  const notify = useNotify();
  return useCallback(
    ({ title, description, type = 'success' }: Toast) => {
      notify(
        <Alert
          severity={type}
          variant="filled"
          sx={{ minWidth: 280 }}
          role={type === 'error' ? 'alert' : 'status'}
        >
          <AlertTitle sx={{ mb: description ? 0.5 : 0 }}>{title}</AlertTitle>
          {description}
        </Alert>,
        { type, autoHideDuration: 4000 },
      );
    },
    [notify],
  );
}

/** The message an error shows: the api's msg, or SPEC §8's connection fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
