// The raffle's public audit entries on /verificar: what staff and the
// system did to this raffle, newest first. Rendered on the server with the page's data
// (the featured raffle's), or with the entries of the raffle of `?rifa=` once read.
// Null means the log could not be read (the rest of the page still works).
import { formatDateTime, PUBLIC_AUDIT_TEXTS as T, type PublicAuditEntry } from '@vag/contracts';

export default function AuditLog({ entries }: { entries: PublicAuditEntry[] | null }) {
  return (
    <section className="card verify-card verify-audit" aria-labelledby="verify-audit-title">
      <h2 id="verify-audit-title">{T.title}</h2>
      <p className="muted">{T.intro}</p>
      {entries === null ? (
        <p className="alert alert-error" role="alert">
          {T.error}
        </p>
      ) : entries.length === 0 ? (
        <p className="verify-audit-empty" data-testid="audit-empty">
          {T.empty}
        </p>
      ) : (
        <ol className="verify-audit-list" aria-label={T.listLabel}>
          {entries.map((entry, i) => (
            <li className="verify-audit-entry" data-testid="audit-entry" key={`${entry.at}-${i}`}>
              <div className="verify-audit-meta">
                <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                <span className="verify-audit-actor">{T.actors[entry.actor]}</span>
              </div>
              <strong className="verify-audit-action">{T.actions[entry.action]}</strong>
              <p>{entry.description}</p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
