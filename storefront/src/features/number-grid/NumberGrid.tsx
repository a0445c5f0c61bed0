// The grid of a pick-mode raffle (raffle page and checkout): free, held, sold and chosen
// numbers a page at a time, "Ir al número" (jumps to its page and says if it is free),
// "Solo libres", the maquinita, and a live region saying what changed. It polls the grid
// every few seconds while the tab is seen and ignores answers whose version did not
// change; a chosen number someone else takes leaves the selection (the page says so
// beside its buy button or form), the rest stays.
import { PICK_TEXTS, type NumberGrid as GridData } from '@vag/contracts';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { apiGet, apiPost, errorMessage, isFinalError } from '../shared/api';
import { scopedPath, type RaffleRef } from '../shared/raffle-scope';
import {
  cellState,
  formatNumber,
  gridPages,
  gridView,
  machineCount,
  machineDefault,
  pageOf,
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
  /** The buyer changed the selection (a tap, the maquinita). */
  onSelection: (next: number[]) => void;
  /** Another order took chosen numbers: what is kept, and the taken ones as printed. */
  onTaken: (kept: number[], taken: string[]) => void;
  /** The package's quantity at checkout (the most one may choose); null on the raffle page. */
  target: number | null;
};

export function NumberGrid({ raffle, view, selection, onSelection, onTaken, target }: Props) {
  const mine = useMemo(() => new Set(selection), [selection]);
  const [onlyFree, setOnlyFree] = useState(false);
  const pages = useMemo(() => gridPages(view, onlyFree), [view, onlyFree]);
  const [page, setPage] = useState(() => (selection[0] === undefined ? 0 : pageOf(selection[0])));
  const [query, setQuery] = useState('');
  const [howMany, setHowMany] = useState('');
  const [said, setSaid] = useState('');
  const [machineProblem, setMachineProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const latest = useRef(selection);
  latest.current = selection;
  const ids = useId();

  // Another order took a chosen number: it leaves the selection, the rest stays.
  useEffect(() => {
    const taken = takenSince(view, latest.current);
    if (taken.length === 0) return;
    const printed = taken.map((n) => formatNumber(n, view.width));
    onTaken(withoutTaken(latest.current, taken).kept, printed);
    setSaid(PICK_TEXTS.takenFromSelection(printed));
  }, [view, onTaken]);

  const found = searchNumber(query, view, mine);
  const shown = Math.min(page, pages.count - 1);

  function jump(text: string, free = onlyFree) {
    setQuery(text);
    const answer = searchNumber(text, view, mine);
    if (answer?.kind === 'found') setPage(gridPages(view, free).pageOf(answer.index));
  }

  function choose(i: number) {
    const next = toggle(selection, i, target);
    if (next.length === selection.length && !selection.includes(i))
      return setSaid(`Ya elegiste tus ${target} números. Quita uno para cambiarlo.`);
    onSelection(next);
    const n = formatNumber(i, view.width);
    setSaid(next.includes(i) ? `${n} añadido a tu selección.` : `${n} quitado de tu selección.`);
  }

  /** Free numbers at random from the server, `count` of them, none already chosen. */
  async function spin(count: number): Promise<number[]> {
    const picked: number[] = [];
    // The server does not know this selection (it holds nothing yet): a number already
    // chosen may come back, so the rest is asked again, a few times at most.
    for (let round = 0; round < 3 && picked.length < count; round++) {
      const answer = await apiPost<{ numbers: string[] }>(scopedPath(raffle, '/lucky-numbers'), {
        count: count - picked.length,
      });
      for (const n of answer.numbers.map(Number))
        if (!mine.has(n) && !picked.includes(n) && picked.length < count) picked.push(n);
    }
    return picked;
  }

  async function machine() {
    const asked = machineCount(howMany, selection, target);
    if ('problem' in asked) {
      setMachineProblem(asked.problem);
      return setSaid(asked.problem);
    }
    setMachineProblem('');
    setBusy(true);
    try {
      const picked = await spin(asked.count);
      onSelection([...selection, ...picked]);
      setHowMany('');
      if (picked[0] !== undefined) {
        setQuery('');
        setPage(pages.pageOf(picked[0]));
      }
      setSaid(`La maquinita eligió: ${picked.map((n) => formatNumber(n, view.width)).join(', ')}.`);
    } catch (error) {
      setMachineProblem(errorMessage(error));
      setSaid(errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  const cells = pages
    .numbersOf(shown)
    .map((i) => (
      <Cell
        key={i}
        number={formatNumber(i, view.width)}
        state={cellState(view, i, mine)}
        found={found?.kind === 'found' && found.index === i}
        onChoose={() => choose(i)}
      />
    ));

  return (
    <div className="ng" data-testid="number-grid">
      <div className="ng-tools">
        <label className="ng-jump">
          {PICK_TEXTS.searchLabel}
          <input
            inputMode="numeric"
            autoComplete="off"
            enterKeyHint="go"
            value={query}
            placeholder={formatNumber(427 % view.total, view.width)}
            aria-describedby="ng-search-answer"
            aria-invalid={found?.kind === 'problem' || undefined}
            onChange={(e) => jump(e.target.value)}
            data-testid="number-search"
          />
        </label>
        <label className="ng-check">
          <input
            type="checkbox"
            checked={onlyFree}
            onChange={(e) => {
              setOnlyFree(e.target.checked);
              const first = pages.numbersOf(shown)[0];
              const anchor = found?.kind === 'found' ? found.index : first;
              setPage(anchor === undefined ? 0 : gridPages(view, e.target.checked).pageOf(anchor));
            }}
            data-testid="only-free"
          />
          {PICK_TEXTS.onlyFree}
        </label>
        <div className="ng-machine">
          <label>
            {PICK_TEXTS.machineCount}
            <input
              inputMode="numeric"
              autoComplete="off"
              value={howMany}
              placeholder={String(machineDefault(selection, target))}
              aria-describedby={`${ids}-machine`}
              onChange={(e) => {
                setHowMany(e.target.value);
                setMachineProblem('');
              }}
              data-testid="maquinita-count"
            />
          </label>
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
      </div>
      <p id="ng-search-answer" className="ng-chosen" data-testid="number-search-answer">
        {found?.kind === 'found' && searchSentence(found)}
        {found?.kind === 'problem' && found.message}
        {machineProblem && <span id={`${ids}-machine`}>{machineProblem}</span>}
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
      <div className="ng-cells" role="group" aria-label={`Números ${pages.label(shown)}`}>
        {cells}
      </div>
      {cells.length === 0 && <p className="ng-chosen">{PICK_TEXTS.notEnoughFree(0)}</p>}
      {pages.count > 1 && (
        <div className="ng-pager">
          <button
            type="button"
            className="btn btn-outline"
            disabled={shown === 0}
            onClick={() => setPage(shown - 1)}
            aria-label="Anteriores"
          >
            ← <span className="ng-pager-word">Anteriores</span>
          </button>
          <span data-testid="number-page">{pages.label(shown)}</span>
          <button
            type="button"
            className="btn btn-outline"
            disabled={shown >= pages.count - 1}
            onClick={() => setPage(shown + 1)}
            aria-label="Siguientes"
          >
            <span className="ng-pager-word">Siguientes</span> →
          </button>
        </div>
      )}
      <p className="visually-hidden" aria-live="polite" data-testid="number-live">
        {said}
      </p>
    </div>
  );
}

/**
 * The chosen numbers as chips, each a button that takes it out ("Quitar el número 0427"),
 * in one row that scrolls sideways inside itself, so the bar or card around it keeps its
 * height however many there are.
 */
export function SelectionChips(props: {
  numbers: readonly string[];
  onRemove: (n: string) => void;
  /** '(2 de 3)' at checkout. */
  of?: number | null;
}) {
  const { numbers, onRemove, of } = props;
  return (
    <div className="ng-chips" data-testid="number-selection">
      {of ? (
        <span className="ng-chips-count" aria-hidden="true">
          {numbers.length} de {of}
        </span>
      ) : null}
      <span className="visually-hidden">
        {PICK_TEXTS.gridLegendMine} ({numbers.length}
        {of ? ` de ${of}` : ''}):
      </span>
      {numbers.length === 0 ? (
        <span className="ng-chips-empty">{PICK_TEXTS.emptySelection}</span>
      ) : (
        <ul aria-label={PICK_TEXTS.gridLegendMine}>
          {numbers.map((n) => (
            <li key={n}>
              <button
                type="button"
                className="ng-chip"
                aria-label={PICK_TEXTS.removeNumber(n)}
                onClick={() => onRemove(n)}
                data-chip={n}
              >
                {n}
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
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
