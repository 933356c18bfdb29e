// CSV for spreadsheets: every cell quoted, and a cell that starts like a formula defused, so a
// name such as "=HYPERLINK(…)" reads as text wherever the file is opened.

/** A CSV cell: quoted, and a leading =, +, -, @ or control character defused so spreadsheets never run it as a formula. */
export function csvCell(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replaceAll('"', '""')}"`;
}

/** A whole file: the header row as given, then one line per row, CRLF line ends. */
export function csvText(header: readonly string[], rows: readonly (readonly (string | number | null)[])[]): string {
  const lines = [header.join(','), ...rows.map((row) => row.map(csvCell).join(','))];
  return `${lines.join('\r\n')}\r\n`;
}
