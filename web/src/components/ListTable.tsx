/**
 * The table of a list page (ListPage's child): the columns, then the row's buttons in the last column.
 * On a narrow screen (under 600 px) the rows become cards (list-columns.ts): the title, the detail
 * lines, and the buttons beside them, so nothing scrolls sideways and no button hides off the screen.
 * On a table the title column takes the width the others leave and cuts its text rather than widen
 * the table; a title cell that should show an ellipsis cuts its own text on one line. The other columns
 * say how wide they need to be (list-columns.ts ColumnWidth): their content on one line, or a minimum.
 */
import { makeStyles, mergeClasses, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { cardLayout, cellSizing, type ColumnWidth, type NarrowColumn } from './list-columns';
import { NARROW_SCREEN, useMediaQuery } from './use-media-query';

const useStyles = makeStyles({
  table: { tableLayout: 'auto' },
  // Takes the free width; max-width 0 keeps its content from widening the table (Chromium, Firefox
  // and WebKit all read it so on a cell).
  titleCell: { width: '100%', maxWidth: 0 },
  // As narrow as its content allows on one line: 1% of the width, which the content's width overrides.
  contentCell: { width: '1%', whiteSpace: 'nowrap' },
  actionsHeader: { width: '1%', whiteSpace: 'nowrap' },
  actions: {
    display: 'flex',
    justifyContent: 'flex-end',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalXXS,
    flexWrap: 'nowrap',
    flexShrink: 0,
  },
  cards: { listStyleType: 'none', margin: 0, padding: 0 },
  card: {
    display: 'flex',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalXS}`,
    ':not(:last-child)': { borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}` },
  },
  cardBody: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalXXS, flexGrow: 1, minWidth: 0 },
  cardDetail: { color: tokens.colorNeutralForeground3, overflowWrap: 'anywhere' },
});

export interface ListColumn<T> extends NarrowColumn {
  readonly header: string;
  readonly cell: (item: T) => ReactNode;
  /** The cell's own style on the table (a number's tabular figures). */
  readonly className?: string;
  /** How wide the column is on a table (list-columns.ts); the title column takes what is left. */
  readonly width?: ColumnWidth;
}

export interface ListTableProps<T> {
  /** The table's (or the cards') accessible name: what the page lists. */
  readonly label: string;
  readonly items: readonly T[];
  readonly itemKey: (item: T) => string;
  readonly columns: readonly ListColumn<T>[];
  /** The buttons' column header; a table without `actions` (a report's rows) has neither. */
  readonly actionsHeader?: string;
  /** The row's buttons, always on screen: the table's last column, or beside the card. */
  readonly actions?: (item: T) => ReactNode;
  /** A row's (or card's) own style, for a state the row's colour tells (a company's due date). */
  readonly rowClassName?: (item: T) => string | undefined;
}

export function ListTable<T>({ label, items, itemKey, columns, actionsHeader, actions, rowClassName }: ListTableProps<T>) {
  const styles = useStyles();
  const narrow = useMediaQuery(NARROW_SCREEN);
  const { title, details } = cardLayout(columns);
  const cellProps = (column: ListColumn<T>) => {
    const sizing = cellSizing(column.width, column === title);
    return {
      className: mergeClasses(sizing.kind === 'fill' && styles.titleCell, sizing.kind === 'content' && styles.contentCell, column.className),
      ...(sizing.kind === 'auto' && sizing.minWidth !== undefined && { style: { minWidth: sizing.minWidth } }),
    };
  };

  if (narrow) {
    return (
      <ul className={styles.cards} aria-label={label}>
        {items.map((item) => (
          <li key={itemKey(item)} className={mergeClasses(styles.card, rowClassName?.(item))}>
            <div className={styles.cardBody}>
              {title.cell(item)}
              {details.map((column) => (
                <div key={column.id} className={styles.cardDetail}>
                  {column.cell(item)}
                </div>
              ))}
            </div>
            {actions !== undefined && <div className={styles.actions}>{actions(item)}</div>}
          </li>
        ))}
      </ul>
    );
  }

  return (
    <Table className={styles.table} aria-label={label}>
      <TableHeader>
        <TableRow>
          {columns.map((column) => (
            <TableHeaderCell key={column.id} {...cellProps(column)}>
              {column.header}
            </TableHeaderCell>
          ))}
          {actions !== undefined && <TableHeaderCell className={styles.actionsHeader}>{actionsHeader}</TableHeaderCell>}
        </TableRow>
      </TableHeader>
      <TableBody>
        {items.map((item) => (
          <TableRow key={itemKey(item)} className={rowClassName?.(item)}>
            {columns.map((column) => (
              <TableCell key={column.id} {...cellProps(column)}>
                {column.cell(item)}
              </TableCell>
            ))}
            {actions !== undefined && (
              <TableCell>
                <div className={styles.actions}>{actions(item)}</div>
              </TableCell>
            )}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
