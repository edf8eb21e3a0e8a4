/**
 * CSV as RFC 4180 writes it, for spreadsheets: every cell that holds a comma, a quote, a line break or
 * leading/trailing space is quoted, quotes doubled; rows end with CRLF.
 *
 * Formula injection: a text cell that starts with = + - @ (or a tab or carriage return) would run as a
 * formula in Excel, LibreOffice or Sheets; such a cell gets a leading apostrophe, which spreadsheets
 * show as plain text. Numbers are written as numbers (a negative number is not text, so it is not
 * prefixed).
 */
export type CsvValue = string | number | null | undefined;

const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;
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
