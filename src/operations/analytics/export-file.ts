import { csvCell, csvField } from '../../csv.js'
import { createExclusive, type NewFile } from '../../files.js'

export type ExportFormat = 'json' | 'csv'

export function formatOf(path: string): ExportFormat {
  return path.toLowerCase().endsWith('.csv') ? 'csv' : 'json'
}

/** The columns of an export (CSV header, JSON keys of each row, in order) and a row's values. */
export interface RowLayout<Row> {
  columns: readonly string[]
  values(row: Row): unknown[]
}

/**
 * Writes an export as pages arrive, so memory does not grow with the row count. Everything goes to a
 * file of its own beside the target (createExclusive), renamed into place only by `finish`: a failed run never leaves a
 * half-written file under the final name. Each write is awaited, so a full disk is an error of the
 * export, not a crash.
 *
 * JSON: `{ <head…>, rows, exportedAt, partial }`, keys in that order (the head, such as the range and
 * the totals, comes with the first page; `partial` is known only at the end). CSV: the layout's columns,
 * RFC 4180; a value that is a list or an object is written as JSON in its cell; text that a spreadsheet would
 * run as a formula is made inert (`inertFormula`). JSON is written as it is.
 */
export class ExportFile<Row> {
  private started = false
  private rowCount = 0

  private constructor(
    readonly path: string,
    private readonly format: ExportFormat,
    private readonly layout: RowLayout<Row>,
    private readonly file: NewFile
  ) {}

  static async create<Row>(path: string, layout: RowLayout<Row>): Promise<ExportFile<Row>> {
    return new ExportFile(path, formatOf(path), layout, await createExclusive(path))
  }

  /** Called once, with the first page: the header (JSON: the head's keys before `rows`). */
  async begin(head: Record<string, unknown>): Promise<void> {
    this.started = true
    if (this.format === 'csv') return this.write(`${this.layout.columns.map(csvField).join(',')}\r\n`)
    const keys = Object.entries(head).map(([key, value]) => `\n  ${JSON.stringify(key)}: ${JSON.stringify(value)},`)
    return this.write(`{${keys.join('')}\n  "rows": [`)
  }

  async rows(rows: Row[]): Promise<void> {
    if (rows.length === 0) return
    const lines = rows.map((row) => (this.format === 'csv' ? this.csvLine(row) : this.jsonLine(row, this.rowCount++ === 0)))
    await this.write(lines.join(''))
  }

  /** Completes the file and moves it to its final name. */
  async finish(partial: boolean, exportedAt: string): Promise<void> {
    if (!this.started) throw new Error('ExportFile.finish before begin')
    if (this.format === 'json')
      await this.write(`${this.rowCount > 0 ? '\n  ' : ''}],\n  "exportedAt": ${JSON.stringify(exportedAt)},\n  "partial": ${partial}\n}\n`)
    await this.file.commit()
  }

  /** Drops the temporary file; the final name is left as it was. */
  async abort(): Promise<void> {
    await this.file.discard()
  }

  private async write(chunk: string): Promise<void> {
    await this.file.handle.write(chunk)
  }

  private jsonLine(row: Row, first: boolean): string {
    const values = this.layout.values(row)
    const record = Object.fromEntries(this.layout.columns.map((column, index) => [column, values[index] ?? null]))
    return `${first ? '' : ','}\n    ${JSON.stringify(record)}`
  }

  private csvLine(row: Row): string {
    return `${this.layout.values(row).map(csvCell).join(',')}\r\n`
  }
}
