// Ajustes never drops what a person typed without asking (SPEC Configuración): each card
// reports whether it holds unsaved changes; leaving the section — another tab, a link of
// the menu, closing or reloading the page — asks first while any does. The back office
// runs on a plain BrowserRouter (react-router's blockers need a data router), so links are
// caught on the document before the router sees them.
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';

interface Unsaved {
  report: (card: string, dirty: boolean) => void;
}

const UnsavedContext = createContext<Unsaved>({ report: () => undefined });

/** A card says whether it holds changes not saved yet; unmounted, it holds none. */
export function useReportUnsaved(card: string, dirty: boolean): void {
  const { report } = useContext(UnsavedContext);
  useEffect(() => report(card, dirty), [report, card, dirty]);
  useEffect(() => () => report(card, false), [report, card]);
}

/** Whether the link click leaves the current screen inside the back office. */
function leavingLink(event: MouseEvent): string | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const anchor = (event.target as Element | null)?.closest?.('a[href]');
  if (!(anchor instanceof HTMLAnchorElement) || anchor.target === '_blank') return null;
  const url = new URL(anchor.href);
  if (url.origin !== window.location.origin) return null;
  if (url.pathname === window.location.pathname && url.search === window.location.search)
    return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * Holds the cards' reports and the question. `guard(leave)` runs `leave` at once when
 * nothing is unsaved, else after the person chooses to leave without saving.
 */
export function UnsavedChanges({
  section,
  children,
}: {
  /** The section's name, as the question says it. */
  section: string;
  children: (guard: (leave: () => void) => void, dirty: boolean) => ReactNode;
}) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [cards, setCards] = useState<Record<string, boolean>>({});
  const [pending, setPending] = useState<(() => void) | null>(null);
  const dirty = Object.values(cards).some(Boolean);
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;

  const report = useCallback(
    (card: string, value: boolean) =>
      setCards((now) => (Boolean(now[card]) === value ? now : { ...now, [card]: value })),
    [],
  );
  const guard = useCallback((leave: () => void) => {
    if (dirtyRef.current) setPending(() => leave);
    else leave();
  }, []);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (!dirtyRef.current) return;
      const to = leavingLink(event);
      if (!to) return;
      event.preventDefault();
      event.stopPropagation();
      setPending(() => () => void navigate(to));
    };
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!dirtyRef.current) return;
      event.preventDefault();
      event.returnValue = '';
    };
    document.addEventListener('click', onClick, true);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [navigate]);

  const value = useMemo(() => ({ report }), [report]);
  const t = (key: string, options?: Record<string, unknown>) =>
    translate(`vag.settings.${key}`, options);
  return (
    <UnsavedContext.Provider value={value}>
      {children(guard, dirty)}
      <Dialog open={pending !== null} onClose={() => setPending(null)}>
        <DialogTitle>{t('unsavedTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('unsavedText', { section })}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setPending(null)} autoFocus>
            {t('unsavedStay')}
          </Button>
          <Button
            color="warning"
            variant="contained"
            onClick={() => {
              const leave = pending;
              setPending(null);
              setCards({});
              leave?.();
            }}
          >
            {t('unsavedLeave')}
          </Button>
        </DialogActions>
      </Dialog>
    </UnsavedContext.Provider>
  );
}
