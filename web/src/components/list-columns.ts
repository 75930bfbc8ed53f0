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
