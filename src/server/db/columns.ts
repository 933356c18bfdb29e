// Every column of a table, by name. A hot read that lists them runs as a named statement on
// PostgreSQL (decision 113), which a `select *` must not: a column added by a migration would
// change a prepared `*`'s result. The list is checked against the table's type, so a column added
// to schema.ts and left out here is a compile error.

type Missing<Table, Listed> = Exclude<keyof Table & string, Listed>;

/** `columns`, checked to hold every column of `Table`: `everyColumn<UsersTable>()(['id', ...])`. */
export function everyColumn<Table>() {
  return <const Columns extends readonly (keyof Table & string)[]>(
    columns: Columns &
      ([Missing<Table, Columns[number]>] extends [never] ? unknown : { missing: Missing<Table, Columns[number]> }),
  ): Columns => columns;
}

/** The same columns named through their table, for a read that joins another: `users.id`, ... */
export function qualified<const Table extends string, const Columns extends readonly string[]>(
  table: Table,
  columns: Columns,
): { [K in keyof Columns]: `${Table}.${Columns[K]}` } {
  return columns.map((column) => `${table}.${column}`) as { [K in keyof Columns]: `${Table}.${Columns[K]}` };
}

/**
 * A row of placeholders whose keys are `columns`, in their order: a statement compiled once from it
 * (decisions 115, 116) takes each row's values in that order, as `valuesInOrder` gives them. One
 * list of columns gives both, so the two cannot drift apart.
 */
export function placeholderRow<Row>(columns: readonly (keyof Row & string)[]): Row {
  return Object.fromEntries(columns.map((column) => [column, null])) as Row;
}

/** The values of `rows`, row after row, each in `columns`' order: the parameters of a statement built on placeholderRow. */
export function valuesInOrder<Row>(columns: readonly (keyof Row & string)[], rows: readonly Row[]): unknown[] {
  return rows.flatMap((row) => columns.map((column) => row[column]));
}
