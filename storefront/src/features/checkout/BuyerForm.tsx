// The buyer's fields. Every input has a label; an error is linked with aria-describedby.
import {
  CONSENT_MESSAGES,
  COUNTRY,
  MESSAGE_CHANNEL_TEXTS as CH,
  MESSAGE_CHANNELS,
  methodNeedsAddress,
  type PaymentMethod,
} from '@vag/contracts';
import type { ReactNode } from 'react';
import { PROVINCES, type BuyerField, type BuyerValues, type FieldErrors } from './checkout';

interface Props {
  values: BuyerValues;
  errors: FieldErrors;
  method: PaymentMethod | null;
  onChange: <F extends BuyerField>(field: F, value: BuyerValues[F]) => void;
}

export function BuyerFields({ values, errors, method, onChange }: Props) {
  const addressOptional = !methodNeedsAddress(method);
  const text = (
    field: BuyerField,
    label: string,
    props: {
      type?: string;
      autoComplete?: string;
      inputMode?: 'tel' | 'email' | 'numeric';
      span?: boolean;
      optional?: boolean;
    } = {},
  ) => (
    <Field
      field={field}
      label={props.optional ? `${label} (opcional)` : label}
      error={errors[field]}
      span={props.span}
    >
      <input
        id={`buyer-${field}`}
        name={field}
        className="input"
        type={props.type ?? 'text'}
        autoComplete={props.autoComplete}
        inputMode={props.inputMode}
        value={values[field] as string}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={errors[field] ? `buyer-${field}-error` : undefined}
        onChange={(event) => onChange(field, event.target.value)}
      />
    </Field>
  );

  return (
    <div className="form-grid">
      {text('firstName', 'Nombre', { autoComplete: 'given-name' })}
      {text('lastName', 'Apellido', { autoComplete: 'family-name' })}
      {text('email', 'Email', { type: 'email', autoComplete: 'email', inputMode: 'email' })}
      {text('confirmEmail', 'Confirmar email', {
        type: 'email',
        autoComplete: 'email',
        inputMode: 'email',
      })}
      {text('phone', 'Teléfono', { type: 'tel', autoComplete: 'tel', inputMode: 'tel' })}
      {text('document', 'Cédula', { inputMode: 'numeric', optional: true })}
      <Field field="country" label="País">
        <input id="buyer-country" className="input" value={COUNTRY} readOnly aria-readonly="true" />
      </Field>
      <Field
        field="province"
        label={addressOptional ? 'Provincia (opcional)' : 'Provincia'}
        error={errors.province}
      >
        <select
          id="buyer-province"
          name="province"
          className="input"
          value={values.province}
          aria-invalid={errors.province ? true : undefined}
          aria-describedby={errors.province ? 'buyer-province-error' : undefined}
          onChange={(event) => onChange('province', event.target.value)}
        >
          <option value="">Selecciona una provincia</option>
          {PROVINCES.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </select>
      </Field>
      {text('city', 'Ciudad', { autoComplete: 'address-level2', optional: addressOptional })}
      {text('address', 'Dirección', {
        autoComplete: 'street-address',
        optional: addressOptional,
        span: true,
      })}
      <div className="field span-2">
        <label className="checkbox" htmlFor="buyer-acceptedTerms">
          <input
            id="buyer-acceptedTerms"
            name="acceptedTerms"
            type="checkbox"
            checked={values.acceptedTerms}
            aria-invalid={errors.acceptedTerms ? true : undefined}
            aria-describedby={errors.acceptedTerms ? 'buyer-acceptedTerms-error' : undefined}
            onChange={(event) => onChange('acceptedTerms', event.target.checked)}
          />
          <span>
            Acepto los{' '}
            <a href="/terminos" target="_blank" rel="noopener">
              términos y condiciones
            </a>{' '}
            y la{' '}
            <a href="/privacidad" target="_blank" rel="noopener">
              política de privacidad
            </a>
            .
          </span>
        </label>
        {errors.acceptedTerms && (
          <p className="field-error" id="buyer-acceptedTerms-error">
            {errors.acceptedTerms}
          </p>
        )}
      </div>
      <div className="field span-2">
        <label className="checkbox" htmlFor="buyer-marketing">
          <input
            id="buyer-marketing"
            name="marketing"
            type="checkbox"
            checked={values.marketing}
            aria-describedby="buyer-marketing-hint"
            onChange={(event) => onChange('marketing', event.target.checked)}
          />
          <span>{CONSENT_MESSAGES.marketingLabel}</span>
        </label>
        <p className="field-hint" id="buyer-marketing-hint">
          Opcional. Puedes dejar de recibirlas con un clic desde cualquier correo.
        </p>
      </div>
      <MessageChannelChoice values={values} onChange={onChange} />
    </div>
  );
}

/**
 * WhatsApp or SMS for the numbers (e-mail goes anyway). The opt-in Meta requires is shown
 * under WhatsApp while it is chosen: choosing it is accepting that text, which the order
 * records with the time.
 */
function MessageChannelChoice({ values, onChange }: Pick<Props, 'values' | 'onChange'>) {
  return (
    <fieldset className="field span-2 channel-choice">
      <legend className="label">{CH.question}</legend>
      <div className="channel-options">
        {MESSAGE_CHANNELS.map((channel) => (
          <label key={channel} className="checkbox" htmlFor={`buyer-channel-${channel}`}>
            <input
              id={`buyer-channel-${channel}`}
              name="messageChannel"
              type="radio"
              value={channel}
              checked={values.messageChannel === channel}
              onChange={() => onChange('messageChannel', channel)}
            />
            <span>{CH[channel]}</span>
          </label>
        ))}
      </div>
      {values.messageChannel === 'whatsapp' && (
        <p className="field-hint" id="buyer-channel-optin">
          {CH.whatsappOptIn}
        </p>
      )}
    </fieldset>
  );
}

function Field({
  field,
  label,
  error,
  span,
  children,
}: {
  field: BuyerField;
  label: string;
  error?: string;
  span?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={span ? 'field span-2' : 'field'}>
      <label htmlFor={`buyer-${field}`}>{label}</label>
      {children}
      {error && (
        <p className="field-error" id={`buyer-${field}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
