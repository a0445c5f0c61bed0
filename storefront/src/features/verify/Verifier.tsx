// /verificar: a number lookup, the declared draw rule with the published hashes and,
// once the draw is recorded, "Verifica el sorteo": the checks of contracts/fairness run
// here, in the visitor's browser, on the public record — nothing is taken on our word.
import {
  checkInstantPrizes,
  checkOwnNumbers,
  describeDrawRule,
  formatUsd,
  PRIZE_DISCLOSURE_TEXTS,
  formatDate,
  formatDateTime,
  verifyFairness,
  type FairnessCheck,
  type FairnessExport,
  type PublicAuditEntry,
  type Raffle,
} from '@vag/contracts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { apiGet } from '../shared/api';
import { raffleFromQuery, scopedPath, type RaffleRef } from '../shared/raffle-scope';
import AuditLog from './AuditLog';
import NumberLookup from './NumberLookup';
import { FAIRNESS_PATH, numbersFromQuery, parseFairness, splitNumbers } from './verify';

type Record = { kind: 'loading' } | { kind: 'error' } | { kind: 'done'; data: FairnessExport };

/** A past or other raffle named by `?rifa=`: its name, and its audit entries once read. */
interface OtherRaffle {
  ref: string;
  name: string | null;
  audit: PublicAuditEntry[] | null | undefined;
}

/**
 * The page is rendered for the featured raffle (its audit entries come with it); with
 * `?rifa=<slug>` every check reads that raffle's public record instead, so a ticket of a
 * drawn or archived raffle still checks out against its own.
 */
export default function Verifier({ featuredAudit }: { featuredAudit: PublicAuditEntry[] | null }) {
  const [record, setRecord] = useState<Record>({ kind: 'loading' });
  const [other, setOther] = useState<OtherRaffle | null>(null);
  const [raffle, setRaffle] = useState<RaffleRef>(null);
  // The ticket's QR code: `?rifa=<slug>&n=<its numbers>`.
  const [ticket, setTicket] = useState<string[]>([]);

  useEffect(() => {
    const ref = raffleFromQuery(window.location.search);
    setRaffle(ref);
    setTicket(splitNumbers(numbersFromQuery(window.location.search)));
    apiGet<unknown>(scopedPath(ref, FAIRNESS_PATH))
      .then((body) => {
        const data = parseFairness(body);
        setRecord(data ? { kind: 'done', data } : { kind: 'error' });
      })
      .catch(() => setRecord({ kind: 'error' }));
    if (ref) void readOtherRaffle(ref).then(setOther);
  }, []);

  const data = record.kind === 'done' ? record.data : null;
  return (
    <div className="verify">
      {other?.name && (
        <p className="verify-raffle" data-testid="verify-raffle">
          Rifa: <strong>{other.name}</strong>
        </p>
      )}
      {data && !data.draw && ticket.length > 0 && <TicketNumbers numbers={ticket} />}
      <NumberLookup
        size={data?.commitment ?? null}
        raffleRef={raffle}
        initialNumber={ticket[0] ?? null}
      />
      {record.kind === 'loading' && (
        <div className="card verify-card">
          <div className="spinner"></div>
          <p className="muted">Cargando el registro del sorteo...</p>
        </div>
      )}
      {record.kind === 'error' && (
        <p className="alert alert-error" role="alert">
          No pudimos cargar el registro del sorteo. Intenta de nuevo en unos minutos.
        </p>
      )}
      {data && <RuleAndCommitments data={data} />}
      {data?.draw && <DrawChecks data={data} />}
      {raffle ? (
        other?.audit !== undefined && <AuditLog entries={other?.audit ?? null} />
      ) : (
        <AuditLog entries={featuredAudit} />
      )}
    </div>
  );
}

/**
 * A ticket opened before the draw: its numbers, and what this page will check with them
 * once the draw is recorded (after it, "Verifica el sorteo" checks them at once).
 */
function TicketNumbers({ numbers }: { numbers: string[] }) {
  return (
    <section className="card verify-card" aria-labelledby="verify-ticket-title">
      <h2 id="verify-ticket-title">Los números de tu boleto</h2>
      <ul className="numbers" data-testid="ticket-numbers">
        {numbers.map((n) => (
          <li key={n}>{n}</li>
        ))}
      </ul>
      <p className="muted">
        El sorteo aún no se realiza. Cuando se registre, esta misma página comprobará que tus
        números son los que la clave asigna a tu compra y cuál es el número ganador.
      </p>
    </section>
  );
}

async function readOtherRaffle(ref: string): Promise<OtherRaffle> {
  const [raffle, audit] = await Promise.all([
    apiGet<Raffle>(scopedPath(ref, '/lottery')).catch(() => null),
    apiGet<PublicAuditEntry[]>(scopedPath(ref, '/raffle/audit')).catch(() => null),
  ]);
  return { ref, name: raffle?.name ?? null, audit };
}

function RuleAndCommitments({ data }: { data: FairnessExport }) {
  const { commitment, closing } = data;
  return (
    <section className="card verify-card" aria-labelledby="verify-rule-title">
      <h2 id="verify-rule-title">Regla del sorteo</h2>
      {commitment ? (
        <p data-testid="draw-rule">{describeDrawRule(data.rule, commitment)}</p>
      ) : (
        <p className="muted">La regla se publica cuando se generan los números de la rifa.</p>
      )}
      {commitment && (
        <>
          <h3>Compromisos publicados</h3>
          <p className="muted">
            Estos resúmenes (SHA-256) se publicaron antes de la venta: fijan la clave que asigna los
            números y los premios instantáneos sin revelarlos.
          </p>
          <dl className="verify-hashes">
            <dt>Clave de asignación ({formatDateTime(commitment.committedAt)})</dt>
            <dd data-testid="key-hash">{commitment.keyHash}</dd>
            <dt>Premios instantáneos ({formatDateTime(commitment.prizesCommittedAt)})</dt>
            <dd>{commitment.prizesHash}</dd>
            {closing && (
              <>
                <dt>
                  Lista de {closing.soldCount} números vendidos (cierre del{' '}
                  {formatDateTime(closing.closedAt)})
                </dt>
                <dd>{closing.soldListHash}</dd>
              </>
            )}
          </dl>
          <PrizeCommitments data={data} />
        </>
      )}
    </section>
  );
}

/**
 * How the instant prizes are shown and, in a pick-mode raffle, each prize's hash with its
 * number once won: checked here as soon as it is revealed, without waiting for the draw.
 */
function PrizeCommitments({ data }: { data: FairnessExport }) {
  const check = useMemo(
    () => (data.instantPrizes.some((p) => p.number !== null) ? checkInstantPrizes(data) : null),
    [data],
  );
  if (data.instantPrizes.length === 0) return null;
  return (
    <>
      <h3>Premios instantáneos</h3>
      <p className="muted" data-testid="prize-disclosure">
        {PRIZE_DISCLOSURE_TEXTS.stated(data.prizeDisclosure)}
      </p>
      {data.prizeDisclosure === 'sealed' && (
        <dl className="verify-hashes" data-testid="prize-hashes">
          {data.instantPrizes.map((prize) => (
            <div key={prize.hash}>
              <dt>
                {formatUsd(prize.amount)}:{' '}
                {prize.number === null ? PRIZE_DISCLOSURE_TEXTS.hidden : `número ${prize.number}`}
              </dt>
              <dd>{prize.hash}</dd>
            </div>
          ))}
        </dl>
      )}
      {check && !data.draw && (
        <ul className="verify-checks" aria-label="Comprobación de los premios revelados">
          <CheckItem check={check} />
        </ul>
      )}
    </>
  );
}

const CHECK_TITLES: { [id in FairnessCheck['id']]: string } = {
  key: 'La clave revelada',
  'instant-prizes': 'Los premios instantáneos',
  'sold-list': 'La lista de vendidos',
  winner: 'El número ganador',
  buyer: 'Tus números',
};

function DrawChecks({ data }: { data: FairnessExport }) {
  const draw = data.draw!;
  const checks = useMemo(() => verifyFairness(data), [data]);
  const [own, setOwn] = useState<FairnessCheck | null>(null);
  const numbers = useRef<HTMLTextAreaElement>(null);

  // The ticket's QR code opens /verificar?n=…: check those numbers straight away.
  useEffect(() => {
    const fromQuery = numbersFromQuery(window.location.search);
    if (fromQuery && numbers.current) {
      numbers.current.value = fromQuery;
      setOwn(checkOwnNumbers(data, splitNumbers(fromQuery)));
    }
  }, [data]);

  function verifyOwn(event: React.FormEvent) {
    event.preventDefault();
    setOwn(checkOwnNumbers(data, splitNumbers(numbers.current?.value ?? '')));
  }

  return (
    <section className="card verify-card" aria-labelledby="verify-draw-title">
      <h2 id="verify-draw-title">Verifica el sorteo</h2>
      <p>
        Primer premio de la Lotería Nacional, sorteo N.º {draw.result.drawNumber} del{' '}
        {formatDate(draw.result.drawDate)}: <strong>{draw.result.firstPrize}</strong>. Número
        ganador: <strong className="verify-number">{draw.winningNumber ?? 'ninguno'}</strong>.
        {draw.result.bulletinUrl && (
          <>
            {' '}
            <a href={draw.result.bulletinUrl} rel="noopener noreferrer" target="_blank">
              Ver boletín oficial
            </a>
          </>
        )}
      </p>
      <p className="muted">
        Estas comprobaciones se hacen en tu navegador con el registro público del sorteo.
      </p>
      <ul className="verify-checks" aria-label="Comprobaciones del sorteo">
        {checks.map((check) => (
          <CheckItem key={check.id} check={check} />
        ))}
      </ul>

      <h3>Tus números</h3>
      <form className="verify-own" onSubmit={verifyOwn} noValidate>
        <div className="field">
          <label htmlFor="verify-own-numbers">Escribe todos los números de tu pedido</label>
          <textarea
            id="verify-own-numbers"
            className="input"
            rows={2}
            inputMode="numeric"
            placeholder="0042, 0107"
            ref={numbers}
          />
        </div>
        <button className="btn btn-brand" type="submit">
          Verificar mis números
        </button>
      </form>
      <div aria-live="polite">
        {own && (
          <ul className="verify-checks" aria-label="Comprobación de tus números">
            <CheckItem check={own} />
          </ul>
        )}
      </div>
    </section>
  );
}

function CheckItem({ check }: { check: FairnessCheck }) {
  return (
    <li
      className={check.ok ? 'verify-check verify-check-ok' : 'verify-check verify-check-fail'}
      data-testid={`check-${check.id}`}
      data-ok={check.ok}
    >
      <span className="verify-check-mark" aria-hidden="true">
        {check.ok ? '✓' : '✗'}
      </span>
      <span>
        <strong>
          {CHECK_TITLES[check.id]}: {check.ok ? 'comprobado' : 'falló'}
        </strong>
        <br />
        {check.message}
      </span>
    </li>
  );
}
