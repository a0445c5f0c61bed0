// SPEC's toasts have a title and a description; react-admin's notifications take one
// message, so we render both inside a ToastAlert.
import { useCallback } from 'react';
import { useNotify } from 'react-admin';
import { ToastAlert, type Toast } from './ToastAlert';

export type { Toast } from './ToastAlert';

export function useToast(): (toast: Toast) => void {
  const notify = useNotify();
  return useCallback(
    (toast: Toast) => {
      notify(<ToastAlert {...toast} />, { type: toast.type ?? 'success', autoHideDuration: 4000 });
    },
    [notify],
  );
}

/** The message an error shows: the api's msg, or SPEC §8's connection fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
