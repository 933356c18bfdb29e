// The staff screens' tables: one header style, one cell padding, column headers that say they are
// column headers, and the first cell of each row as its row header, so screen readers name rows.
import type { ReactNode } from 'react';
import { cx } from './cx';

type Align = 'left' | 'right';

/**
 * A column header: `scope="col"`, bold, right-aligned over numbers. `className` replaces the
 * default padding (two padding classes on one element would leave the winner to the stylesheet).
 */
export function Th({
  children,
  align = 'left',
  className,
}: {
  children: ReactNode;
  align?: Align;
  className?: string;
}) {
  return (
    <th scope="col" className={cx(className ?? 'px-3 py-2', 'font-bold', align === 'right' && 'text-right')}>
      {children}
    </th>
  );
}

export type DataColumn<Row> = {
  /** Shown over the column; `sr-only` hides it from sight for a column of buttons. */
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  align?: Align;
  /** Extra classes for this column's cells (wrapping, width); on the first column they replace its bold. */
  className?: string;
};

type DataTableProps<Row> = {
  /** Read by screen readers only: what the table lists. */
  caption: string;
  columns: readonly DataColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  /** Classes for the table itself (a minimum width that scrolls on a phone, for one). */
  className?: string;
  /** Keeps the header in view while the rows scroll in a fixed-height region. */
  stickyHeader?: boolean;
};

/** A table of rows whose first column names the row (`<th scope="row">`). */
export function DataTable<Row>({ caption, columns, rows, rowKey, className, stickyHeader }: DataTableProps<Row>) {
  const [first, ...rest] = columns;
  return (
    <table className={cx('w-full text-left text-sm', className)}>
      <caption className="sr-only">{caption}</caption>
      <thead className={cx('bg-canvas text-muted', stickyHeader && 'sticky top-0')}>
        <tr>
          {columns.map((column, index) => (
            <Th key={index} align={column.align}>
              {column.header}
            </Th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)} className="border-t border-line">
            {first && (
              <th scope="row" className={cx('px-3 py-2 text-left', first.className ?? 'font-bold text-ink')}>
                {first.cell(row)}
              </th>
            )}
            {rest.map((column, index) => (
              <td
                key={index}
                className={cx('px-3 py-2', column.align === 'right' && 'text-right tabular-nums', column.className)}
              >
                {column.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
