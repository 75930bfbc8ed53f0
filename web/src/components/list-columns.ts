/**
 * The columns of a list page's table (ListTable) and where each shows on a narrow screen, where a
 * table's columns do not fit: each row becomes a card, headed by the row's title (the column that names
 * the item), with the detail columns as lines under it and the row's buttons beside it, always on
 * screen; the columns that only add to what the edit form shows are left out there.
 */

/** `title`: heads the card; `detail`: a line under it; `hidden`: left out of the card. */
export type NarrowPlace = 'title' | 'detail' | 'hidden';

export interface NarrowColumn {
  readonly id: string;
  readonly narrow: NarrowPlace;
}

export interface CardLayout<C extends NarrowColumn> {
  readonly title: C;
  readonly details: readonly C[];
}

/**
 * The card of a row: its title column (the first marked `title`, else the first column, so a card
 * always names its item) and its detail columns in the table's order.
 */
export function cardLayout<C extends NarrowColumn>(columns: readonly C[]): CardLayout<C> {
  const title = columns.find((column) => column.narrow === 'title') ?? columns[0];
  if (title === undefined) throw new Error('a list table needs at least one column');
  return { title, details: columns.filter((column) => column !== title && column.narrow === 'detail') };
}

/**
 * How a column of a table takes its width. The title column takes the width the others leave and cuts
 * its text; the others get at least their content's narrowest width, which for some is too little: at
 * 1366 px a session button broke in two ('Tentar / novamente'), a file name broke letter by letter and a
 * plan's features stood one word a line. So a column may say:
 * `content`: its content on one line, never wrapped inside (a status, a date, a number, buttons);
 * `{ min }`: at least that wide (a CSS length), its text wrapping between words beyond it.
 */
export type ColumnWidth = 'content' | { readonly min: string };

/** A cell's sizing on a table: `fill` (the title), `content` (one line), or its minimum width (CSS). */
export type CellSizing = { readonly kind: 'fill' } | { readonly kind: 'content' } | { readonly kind: 'auto'; readonly minWidth?: string };

export function cellSizing(width: ColumnWidth | undefined, isTitle: boolean): CellSizing {
  if (isTitle) return { kind: 'fill' };
  if (width === 'content') return { kind: 'content' };
  return width === undefined ? { kind: 'auto' } : { kind: 'auto', minWidth: width.min };
}
