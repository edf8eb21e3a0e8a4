/**
 * CSV as RFC 4180 writes it, for spreadsheets: every cell that holds a comma, a quote, a line break or
 * leading/trailing space is quoted, quotes doubled; rows end with CRLF.
 *
 * Formula injection: a text cell that starts with = + - @ (or a tab or carriage return) would run as a
 * formula in Excel, LibreOffice or Sheets; such a cell gets a leading apostrophe, which spreadsheets
 * show as plain text. Numbers are written as numbers (a negative number is not text, so it is not
 * prefixed). Spreadsheets that split CSV on semicolons or tabs (the default in much of Europe) would
 * find a formula after a `;` inside a cell (`x;=1+1`), so a cell holding a semicolon or a tab is quoted:
 * quoted, it stays one cell whichever separator the spreadsheet picks.
 */
export type CsvValue = string | number | null | undefined;

const NEEDS_QUOTES = /[",;\t\r\n]|^\s|\s$/;
const FORMULA = /^[=+\-@\t\r]/;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = FORMULA.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvRow = (values: CsvValue[]) => `${values.map(csvCell).join(',')}\r\n`;

/** A whole table: the header row, then the rows. */
export const csvTable = (header: string[], rows: CsvValue[][]) => csvRow(header) + rows.map(csvRow).join('');
