import { expect, it } from 'vitest';
import { csvCell, csvText } from './csv';

it('quotes every cell and defuses a cell that starts like a formula', () => {
  expect(csvCell('Ruby')).toBe('"Ruby"');
  expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
  expect(csvCell('+1')).toBe('"\'+1"');
  expect(csvCell('-2')).toBe('"\'-2"');
  expect(csvCell('@SUM(A1)')).toBe('"\'@SUM(A1)"');
  expect(csvCell(12)).toBe('"12"');
  expect(csvCell(null)).toBe('""');
});

it('writes a header and one CRLF line per row', () => {
  expect(
    csvText(
      ['a', 'b'],
      [
        [1, 'x'],
        [null, '=y'],
      ],
    ),
  ).toBe('a,b\r\n"1","x"\r\n"","\'=y"\r\n');
});
