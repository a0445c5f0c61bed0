// The grid of a pick-mode raffle (raffle page and checkout): free, held, sold and chosen
// numbers a page at a time, the search "¿está libre el 0427?", the maquinita, and a live
// region saying what changed. It polls the grid every few seconds while the tab is seen
// and ignores answers whose version did not change; a chosen number someone else takes
// leaves the selection with a message, the rest stays.
import { PICK_TEXTS, type NumberGrid as GridData } from '@vag/contracts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { apiGet, apiPost, errorMessage, isFinalError } from '../shared/api';
import { scopedPath, type RaffleRef } from '../shared/raffle-scope';
import {
  cellState,
  formatNumber,
  gridView,
  missingCount,
  pageCount,
  pageLabel,
  pageOf,
  pageRange,
  searchNumber,
  searchSentence,
  STATE_WORDS,
  takenSince,
  toggle,
  withoutTaken,
  type CellState,
  type GridView,
} from './grid';
import './number-grid.css';

/** How often the grid is read again while the page is open. */
export const GRID_POLL_MS = 4000;

/** The raffle's grid, kept current; null until read, 'none' for a raffle without one. */
export function useNumberGrid(raffle: RaffleRef): GridView | null | 'none' {
  const [view, setView] = useState<GridView | null | 'none'>(null);
  useEffect(() => {
    let stopped = false;
    let version = '';
    const read = async () => {
      if (document.hidden) return;
      try {
        const grid = await apiGet<GridData>(scopedPath(raffle, '/number-grid'));
        if (stopped || grid.version === version) return;
        version = grid.version;
        if (grid.mode === 'pick') return setView(gridView(grid));
        stop();
        setView('none');
      } catch (error) {
        // No grid (a random-mode raffle): nothing to show, nothing to poll. Any other
        // failure is tried again at the next poll.
        if (stopped || version || !isFinalError(error)) return;
        stop();
        setView('none');
      }
    };
    const timer = setInterval(() => void read(), GRID_POLL_MS);
    const stop = () => {
      stopped = true;
      clearInterval(timer);
    };
    void read();
    return stop;
  }, [raffle]);
  return view;
}

type Props = {
  raffle: RaffleRef;
  view: GridView;
  selection: number[];
  onSelection: (next: number[]) => void;
  /** The package's quantity at checkout (the maquinita fills up to it); null on the raffle page. */
  target: number | null;
  /** A message to read out (a 409's taken numbers), set by the page. */
  notice?: string | null;
};

export function NumberGrid({ raffle, view, selection, onSelection, target, notice }: Props) {
  const mine = useMemo(() => new Set(selection), [selection]);
  const [page, setPage] = useState(() => (selection[0] === undefined ? 0 : pageOf(selection[0])));
  const [query, setQuery] = useState('');
  const [said, setSaid] = useState('');
  const [warning, setWarning] = useState('');
  const [busy, setBusy] = useState(false);
  const latest = useRef(selection);
  latest.current = selection;

  // Another order took a chosen number: it leaves the selection, the rest stays.
  useEffect(() => {
    const taken = takenSince(view, latest.current);
    if (taken.length === 0) return;
    onSelection(withoutTaken(latest.current, taken).kept);
    const message = PICK_TEXTS.numbersTaken(taken.map((n) => formatNumber(n, view.width)));
    setSaid(message);
    setWarning(message);
  }, [view, onSelection]);

  useEffect(() => {
    if (!notice) return;
    setSaid(notice);
    setWarning(notice);
  }, [notice]);

  const found = searchNumber(query, view, mine);
  const pages = pageCount(view.total);
  const { first, last } = pageRange(page, view.total);

  function choose(i: number) {
    const next = toggle(selection, i, target);
    if (next.length === selection.length && !selection.includes(i))
      return setSaid(`Ya elegiste tus ${target} números. Quita uno para cambiarlo.`);
    onSelection(next);
    const n = formatNumber(i, view.width);
    setSaid(next.includes(i) ? `${n} añadido a tu selección.` : `${n} quitado de tu selección.`);
  }

  async function machine() {
    const count = missingCount(selection, target);
    if (count === 0) return setSaid(`Ya elegiste tus ${target} números.`);
    setBusy(true);
    try {
      const answer = await apiPost<{ numbers: string[] } | string[]>(
        scopedPath(raffle, '/lucky-numbers'),
        { count },
      );
      const picked = (Array.isArray(answer) ? answer : answer.numbers).map(Number);
      const next = [...selection, ...picked.filter((n) => !mine.has(n))].slice(
        0,
        target ?? Infinity,
      );
      onSelection(next);
      if (picked[0] !== undefined) setPage(pageOf(picked[0]));
      setSaid(`La maquinita eligió: ${picked.map((n) => formatNumber(n, view.width)).join(', ')}.`);
    } catch (error) {
      setSaid(errorMessage(error));
      setWarning(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  const cells = [];
  for (let i = first; i <= last; i++) {
    const state = cellState(view, i, mine);
    cells.push(
      <Cell
        key={i}
        number={formatNumber(i, view.width)}
        state={state}
        found={found?.kind === 'found' && found.index === i}
        onChoose={() => choose(i)}
      />,
    );
  }

  return (
    <div className="ng" data-testid="number-grid">
      <div className="ng-tools">
        <label>
          {PICK_TEXTS.searchLabel}
          <input
            inputMode="numeric"
            autoComplete="off"
            value={query}
            placeholder={formatNumber(427 % view.total, view.width)}
            aria-describedby="ng-search-answer"
            onChange={(e) => {
              setQuery(e.target.value);
              const answer = searchNumber(e.target.value, view, mine);
              if (answer?.kind === 'found') setPage(pageOf(answer.index));
            }}
            data-testid="number-search"
          />
        </label>
        {pages > 1 && (
          <label>
            Rango
            <select
              value={page}
              onChange={(e) => setPage(Number(e.target.value))}
              data-testid="number-range"
            >
              {Array.from({ length: pages }, (_, p) => (
                <option key={p} value={p}>
                  {pageLabel(p, view)}
                </option>
              ))}
            </select>
          </label>
        )}
        <button
          type="button"
          className="btn btn-outline"
          onClick={() => void machine()}
          disabled={busy}
          title={PICK_TEXTS.machineHelp}
          data-testid="maquinita"
        >
          {PICK_TEXTS.machine}
        </button>
      </div>
      <p id="ng-search-answer" className="ng-chosen" data-testid="number-search-answer">
        {found?.kind === 'found' && searchSentence(found)}
        {found?.kind === 'problem' && found.message}
      </p>
      <ul className="ng-legend" aria-label="Leyenda">
        {(['free', 'held', 'sold', 'mine'] as const).map((s) => (
          <li key={s}>
            <span className={`ng-cell is-${s}`} aria-hidden="true">
              00
            </span>
            {STATE_WORDS[s]}
          </li>
        ))}
      </ul>
      <div className="ng-cells" role="group" aria-label={`Números ${pageLabel(page, view)}`}>
        {cells}
      </div>
      {pages > 1 && (
        <div className="ng-pager">
          <button
            type="button"
            className="btn btn-outline"
            disabled={page === 0}
            onClick={() => setPage(page - 1)}
            aria-label="Anteriores"
          >
            ← <span className="ng-pager-word">Anteriores</span>
          </button>
          <span>{pageLabel(page, view)}</span>
          <button
            type="button"
            className="btn btn-outline"
            disabled={page >= pages - 1}
            onClick={() => setPage(page + 1)}
            aria-label="Siguientes"
          >
            <span className="ng-pager-word">Siguientes</span> →
          </button>
        </div>
      )}
      <p className="ng-chosen" data-testid="number-selection">
        <strong>
          {PICK_TEXTS.gridLegendMine} ({selection.length}
          {target !== null ? ` de ${target}` : ''}):
        </strong>{' '}
        {selection.length === 0
          ? 'ninguno todavía'
          : selection.map((n) => formatNumber(n, view.width)).join(', ')}
      </p>
      <p className="visually-hidden" aria-live="polite" data-testid="number-live">
        {said}
      </p>
      {warning && (
        <p className="alert alert-warn" aria-hidden="true" data-testid="number-notice">
          {warning}
        </p>
      )}
    </div>
  );
}

function Cell(props: { number: string; state: CellState; found: boolean; onChoose: () => void }) {
  const taken = props.state === 'held' || props.state === 'sold';
  return (
    <button
      type="button"
      className={`ng-cell is-${props.state}${props.found ? ' is-found' : ''}`}
      aria-pressed={props.state === 'mine'}
      aria-disabled={taken || undefined}
      aria-label={`${props.number}, ${STATE_WORDS[props.state].toLowerCase()}`}
      onClick={taken ? undefined : props.onChoose}
      data-number={props.number}
      data-state={props.state}
    >
      {props.number}
    </button>
  );
}
