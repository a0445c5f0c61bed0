// The islands' toasts. A toast only follows a tap or an answer, never the first paint, so
// sonner (~10 KB gzip) is loaded when the first one is shown: the checkout and the order
// page render without it. The page's outlet (components/Toasts.tsx) imports the same
// module, so both share one list of toasts.
import type { ExternalToast } from 'sonner';

type Sonner = typeof import('sonner');
let sonner: Promise<Sonner> | undefined;
const loadSonner = () => (sonner ??= import('sonner'));

type Kind = 'success' | 'error' | 'warning';
const show = (kind: Kind) => (message: string, options?: ExternalToast) => {
  void loadSonner().then(({ toast: sonnerToast }) => sonnerToast[kind](message, options));
};

export const toast = {
  success: show('success'),
  error: show('error'),
  warning: show('warning'),
};
