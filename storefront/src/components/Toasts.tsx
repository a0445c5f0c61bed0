// The page's toast outlet. SPEC §9 asks for the library defaults (3 visible, 4 s),
// stated here explicitly from contracts so a library upgrade cannot change them.
import { TOAST_DEFAULTS } from '@vag/contracts';
import { Toaster } from 'sonner';

export default function Toasts() {
  return (
    <Toaster
      position="top-center"
      richColors
      closeButton
      visibleToasts={TOAST_DEFAULTS.visible}
      duration={TOAST_DEFAULTS.durationMs}
      toastOptions={{ closeButtonAriaLabel: 'Cerrar notificación' }}
      containerAriaLabel="Notificaciones"
    />
  );
}
