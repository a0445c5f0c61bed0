// The /contacto page's contact data (e-mail, phone, WhatsApp, social links).
import { ERRORS, type PublicSettings } from '@vag/contracts';
import { useSettings } from '../shared/queries';
import { socialLinks, telLink, whatsappLink } from './contact';

export default function ContactDetails({ initial }: { initial?: PublicSettings | null }) {
  const settings = useSettings(initial);
  if (settings.status === 'loading') return <p className="loading">Cargando...</p>;
  if (settings.status === 'error')
    return (
      <p className="alert alert-error" role="alert">
        {ERRORS.footer}
      </p>
    );
  const { email, contactNumber, socialMedia } = settings.data;
  const whatsapp = whatsappLink(contactNumber);
  const social = socialLinks(socialMedia);
  return (
    <ul className="contact-list">
      <li>
        <strong>E-mail: </strong>
        {email ? <a href={`mailto:${email}`}>{email}</a> : '—'}
      </li>
      <li>
        <strong>Teléfono: </strong>
        {contactNumber ? <a href={telLink(contactNumber)}>{contactNumber}</a> : '—'}
      </li>
      <li>
        <strong>WhatsApp: </strong>
        {whatsapp ? (
          <a href={whatsapp} target="_blank" rel="noopener noreferrer">
            Escríbenos por WhatsApp
          </a>
        ) : (
          '—'
        )}
      </li>
      <li>
        <strong>Redes sociales: </strong>
        {social.length === 0
          ? '—'
          : social.map((link, i) => (
              <span key={link.label}>
                {i > 0 && ' · '}
                <a href={link.href} target="_blank" rel="noopener noreferrer">
                  {link.label}
                </a>
              </span>
            ))}
      </li>
    </ul>
  );
}
