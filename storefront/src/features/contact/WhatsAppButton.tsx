// Floating WhatsApp button that fades in 2 s after the page loads (SPEC §2/§9). Where
// the page is too narrow for it to sit beside the content, it steps aside while the
// buy buttons, the lookup or the footer pass under it, so it never covers them.
import { TIMINGS, type PublicSettings } from '@vag/contracts';
import { useEffect, useState } from 'react';
import { useSettings } from '../shared/queries';
import { whatsappLink } from './contact';

/** What the button must never cover. */
const KEEP_CLEAR = '#sectionPackages, #lookup, .site-footer, .hero-cta';
/** Height of the strip at the bottom of the screen where the button sits. */
const BUTTON_STRIP_PX = 96;
/** From this width the button sits in the margin beside the 1120 px content column. */
const WIDE_ENOUGH_PX = 1260;

function useTucked(): boolean {
  const [tucked, setTucked] = useState(false);
  useEffect(() => {
    if (window.innerWidth >= WIDE_ENOUGH_PX) return;
    const under = new Set<Element>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) under.add(entry.target);
          else under.delete(entry.target);
        }
        setTucked(under.size > 0);
      },
      { rootMargin: `-${Math.max(0, window.innerHeight - BUTTON_STRIP_PX)}px 0px 0px 0px` },
    );
    for (const el of document.querySelectorAll(KEEP_CLEAR)) observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return tucked;
}

export default function WhatsAppButton({ initial }: { initial?: PublicSettings | null }) {
  const settings = useSettings(initial);
  const [visible, setVisible] = useState(false);
  const tucked = useTucked();
  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), TIMINGS.floatingButtonDelayMs);
    return () => clearTimeout(timer);
  }, []);
  const href = whatsappLink(
    settings.data?.contactNumber,
    'Hola, quiero información sobre el sorteo',
  );
  if (!href) return null;
  const classes = ['whatsapp-float', visible && 'visible', tucked && 'tucked'].filter(Boolean);
  return (
    <a
      className={classes.join(' ')}
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label="Escríbenos por WhatsApp"
      tabIndex={visible && !tucked ? 0 : -1}
    >
      <svg width="30" height="30" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
        <path d="M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2Zm0 18.2a8.2 8.2 0 0 1-4.2-1.2l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 1 1 12 20.2Zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8-.2-.1-.4-.1-.6.1l-.8 1c-.1.2-.3.2-.5.1a6.7 6.7 0 0 1-3.3-2.9c-.2-.4.3-.4.7-1.3.1-.2 0-.3 0-.4l-.8-1.8c-.2-.5-.4-.4-.6-.4h-.5a1 1 0 0 0-.7.3 3 3 0 0 0-.9 2.2 5.2 5.2 0 0 0 1.1 2.7 11.8 11.8 0 0 0 4.5 4c1.7.7 2.3.8 3.2.6.5-.1 1.5-.6 1.7-1.2.2-.6.2-1.1.2-1.2-.1-.1-.3-.2-.5-.3Z" />
      </svg>
    </a>
  );
}
