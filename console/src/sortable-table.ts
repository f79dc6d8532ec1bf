/**
 * A table sorted by clicking (or pressing Enter or Space on) a column's header. Each sortable
 * header is a button inside the `th`; the sorted column's `th` carries `aria-sort`, which screen
 * readers announce. A column sorts on its own value (an ISO time, a number), never on the text
 * shown, so "05/12/2026" comes after "29/11/2026". Sorting redraws the body only: the header
 * button keeps focus.
 */
import { h } from './dom';

export interface Column<T> {
  label: string;
  cell: (row: T) => Node | string;
  /** What the column sorts on; absent for a column that does not sort. */
  sortValue?: (row: T) => string | number;
  /** The direction a first click sorts in (default ascending; newest-first times want descending). */
  firstDirection?: Direction;
}

export type Direction = 'ascending' | 'descending';
export interface SortState { column: string; direction: Direction }

function compare(a: string | number, b: string | number): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), 'en', { numeric: true });
}

/** `state` is read and updated in place, so a caller can keep it across redraws of the view. */
export function sortableTable<T>(label: string, columns: Column<T>[], rows: readonly T[], state: SortState): HTMLElement {
  const body = h('tbody');
  const heads = columns.map((c) => {
    if (!c.sortValue) return h('th', { scope: 'col' }, c.label);
    const arrow = h('span', { class: 'sort-arrow', 'aria-hidden': 'true' });
    const button = h('button', { type: 'button', class: 'sort' }, c.label, arrow);
    const th = h('th', { scope: 'col' }, button);
    button.addEventListener('click', () => {
      state.direction = state.column === c.label ? (state.direction === 'ascending' ? 'descending' : 'ascending') : (c.firstDirection ?? 'ascending');
      state.column = c.label;
      draw();
    });
    return th;
  });

  function draw(): void {
    const column = columns.find((c) => c.label === state.column && c.sortValue);
    const sorted = [...rows];
    if (column?.sortValue) {
      const value = column.sortValue;
      sorted.sort((a, b) => compare(value(a), value(b)) * (state.direction === 'ascending' ? 1 : -1));
    }
    columns.forEach((c, i) => {
      const th = heads[i]!;
      const arrow = th.querySelector('.sort-arrow');
      if (c === column) {
        th.setAttribute('aria-sort', state.direction);
        arrow?.replaceChildren(state.direction === 'ascending' ? ' ▲' : ' ▼');
      } else {
        th.removeAttribute('aria-sort');
        arrow?.replaceChildren(c.sortValue ? ' ↕' : '');
      }
    });
    body.replaceChildren(...sorted.map((row) => h('tr', {}, ...columns.map((c) => h('td', {}, c.cell(row))))));
  }

  draw();
  return h('table', { 'aria-label': label }, h('thead', {}, h('tr', {}, ...heads)), body);
}
