// Payment method chooser. A method without working credentials on the server is not
// listed (a buyer has nothing to do with it); card is listed but refused (SPEC §9). Bank
// transfer shows the configured accounts; the order code (the transfer concept) and the
// amount come on the order page once the order exists.
import {
  ERRORS,
  PAYMENT_METHOD_OPTIONS,
  TOASTS,
  type BankAccount,
  type PaymentMethod,
  type PaymentMethodAvailability,
} from '@vag/contracts';
import { toast } from '../shared/toast';
import { useSettings } from '../shared/queries';
import { isAllowedMethod } from './checkout';

interface Props {
  method: PaymentMethod | null;
  onChange: (method: PaymentMethod) => void;
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

/** Until the settings load every method counts as available; the server refuses anyway. */
function availability(methods: PaymentMethodAvailability | undefined, id: PaymentMethod): boolean {
  return methods ? methods[id] : true;
}

export function PaymentMethods({ method, onChange, disabled }: Props) {
  const settings = useSettings();
  const methods = settings.data?.paymentMethods;
  const listed = PAYMENT_METHOD_OPTIONS.filter(
    ({ id, available }) => available && availability(methods, id),
  );
  return (
    <section className="card" aria-labelledby="methods-title">
      <h2 id="methods-title">Método de pago</h2>
      <fieldset className="methods" disabled={disabled}>
        <legend className="visually-hidden">Elige un método de pago</legend>
        {listed.length === 0 && <p className="alert alert-warn">{ERRORS.methodNotAvailable}</p>}
        {listed.map(({ id, label }) => (
          <label key={id} className={method === id ? 'method selected' : 'method'}>
            <input
              type="radio"
              name="paymentMethod"
              value={id}
              checked={method === id}
              onChange={() => {
                if (isAllowedMethod(id)) onChange(id);
                else toast.error(ERRORS.methodNotAvailable);
              }}
            />
            {label}
          </label>
        ))}
      </fieldset>
      {method === 'bank_transfer' && <BankDetails accounts={settings.data?.bankAccounts ?? []} />}
    </section>
  );
}

function BankDetails({ accounts }: { accounts: BankAccount[] }) {
  return (
    <div className="bank-details alert alert-info" data-testid="bank-details">
      <p style={{ marginTop: 0 }}>
        Al enviar el pedido verás el código de tu pedido, que debes escribir como concepto de la
        transferencia, y podrás subir el comprobante.
      </p>
      {accounts.map((account) => (
        <dl key={`${account.bank}-${account.number}`}>
          {(
            [
              ['Banco', account.bank],
              ['Titular', account.holder],
              ['Tipo de cuenta', account.type],
              ['Número de cuenta', account.number],
              ['Cédula o RUC', account.holderId],
            ] as const
          ).map(([label, value]) => (
            <div key={label} className="bank-row">
              <dt>{label}</dt>
              <dd style={{ overflowWrap: 'anywhere' }}>{value}</dd>
              <button
                type="button"
                className="copy-btn"
                onClick={() => void copy(value)}
                aria-label={`Copiar ${label.toLowerCase()}`}
              >
                Copiar
              </button>
            </div>
          ))}
        </dl>
      ))}
    </div>
  );
}
