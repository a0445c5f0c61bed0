// Payment method chooser. Card is listed but refused (SPEC §9); bank transfer shows the
// account details with a random concept and copy buttons.
import {
  BANK_TRANSFER_DETAILS,
  ERRORS,
  PAYMENT_METHOD_OPTIONS,
  TOASTS,
  type PaymentMethod,
} from '@vag/contracts';
import { toast } from 'sonner';
import { isAllowedMethod } from './checkout';

interface Props {
  method: PaymentMethod | null;
  onChange: (method: PaymentMethod) => void;
  concept: string;
  disabled: boolean;
}

async function copy(text: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(TOASTS.copied);
  } catch {
    toast.error(ERRORS.clipboard);
  }
}

export function PaymentMethods({ method, onChange, concept, disabled }: Props) {
  return (
    <section className="card" aria-labelledby="methods-title">
      <h2 id="methods-title">Método de pago</h2>
      <fieldset className="methods" disabled={disabled}>
        <legend className="visually-hidden">Elige un método de pago</legend>
        {PAYMENT_METHOD_OPTIONS.map(({ id, label, available }) => (
          <label key={id} className={method === id ? 'method selected' : 'method'}>
            <input
              type="radio"
              name="paymentMethod"
              value={id}
              checked={method === id}
              onChange={() => {
                if (available && isAllowedMethod(id)) onChange(id);
                else toast.error(ERRORS.methodNotAvailable);
              }}
            />
            {label}
          </label>
        ))}
      </fieldset>
      {method === 'bank_transfer' && <BankDetails concept={concept} />}
    </section>
  );
}

function BankDetails({ concept }: { concept: string }) {
  const rows: [string, string][] = [
    ['Banco', BANK_TRANSFER_DETAILS.bank],
    ['Titular', BANK_TRANSFER_DETAILS.holder],
    ['Tipo de cuenta', BANK_TRANSFER_DETAILS.accountType],
    ['Número de cuenta', BANK_TRANSFER_DETAILS.account],
    ['RUC', BANK_TRANSFER_DETAILS.ruc],
    ['Concepto', concept],
  ];
  return (
    <div className="bank-details alert alert-info" data-testid="bank-details">
      <p style={{ marginTop: 0 }}>
        Realiza la transferencia con estos datos y usa el concepto indicado. Al enviar el pedido te
        llevaremos a WhatsApp para que envíes el comprobante.
      </p>
      <dl>
        {rows.map(([label, value]) => (
          <div key={label} className="bank-row">
            <dt>{label}</dt>
            <dd>{value}</dd>
            <button
              type="button"
              className="copy-btn"
              onClick={() => copy(value)}
              aria-label={`Copiar ${label.toLowerCase()}`}
            >
              Copiar
            </button>
          </div>
        ))}
      </dl>
    </div>
  );
}
