/** CSV cells for the files the action writes (analytics exports, the translations report). Pure. */

/** A value as a CSV cell: nothing for null, a number as it is, text kept from running as a formula, JSON for lists and objects. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'number') return csvField(value)
  return csvField(typeof value === 'string' ? inertFormula(value) : JSON.stringify(value))
}

/**
 * Text that a spreadsheet could read as a formula (it begins with `=`, `+`, `-`, `@`, a tab or a carriage
 * return) gets a leading `'`, which spreadsheets take as "this cell is text": readers write feedback, searches
 * and questions, and a cell such as `=HYPERLINK(…)` must not run when the export is opened.
 */
export function inertFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text
}

/** RFC 4180: a field holding a comma, a quote or a line break is quoted, with quotes doubled. */
export function csvField(value: string | number): string {
  const text = String(value)
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}
