// Footer contact data from the public settings, or the footer error of SPEC §8.
import { ERRORS, type PublicSettings } from '@vag/contracts';
import { useSettings } from '../shared/queries';
import { socialLinks, telLink, whatsappLink } from './contact';

export default function FooterContact({ initial }: { initial?: PublicSettings | null }) {
  const settings = useSettings(initial);
  if (settings.status === 'loading') return <p>Cargando...</p>;
  if (settings.status === 'error')
    return (
      <p className="alert alert-error" role="alert">
        {ERRORS.footer}
      </p>
    );
  const { email, contactNumber, socialMedia } = settings.data;
  const whatsapp = whatsappLink(contactNumber);
  const social = socialLinks(socialMedia);
  if (!email && !contactNumber && social.length === 0) {
    return (
      <p>
        <a href="/contacto">Escríbenos</a>
      </p>
    );
  }
  return (
    <ul>
      {email && (
        <li>
          <a href={`mailto:${email}`}>{email}</a>
        </li>
      )}
      {contactNumber && (
        <li>
          <a href={telLink(contactNumber)}>{contactNumber}</a>
        </li>
      )}
      {whatsapp && (
        <li>
          <a href={whatsapp} target="_blank" rel="noopener noreferrer">
            WhatsApp
          </a>
        </li>
      )}
      {social.map((link) => (
        <li key={link.label}>
          <a href={link.href} target="_blank" rel="noopener noreferrer">
            {link.label}
          </a>
        </li>
      ))}
    </ul>
  );
}
