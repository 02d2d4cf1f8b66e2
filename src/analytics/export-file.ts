import { mkdir, open, rename, rm, type FileHandle } from 'node:fs/promises'
import { dirname } from 'node:path'
import type { AnalyticsRow, TrafficCounts } from '../mintlify/analytics.js'
import type { DateRange } from './range.js'

export type ExportFormat = 'json' | 'csv'

export function formatOf(path: string): ExportFormat {
  return path.toLowerCase().endsWith('.csv') ? 'csv' : 'json'
}

/**
 * Writes an export as pages arrive, so memory does not grow with the row count. Everything goes to a
 * temporary file beside the target, renamed into place only by `finish`: a failed run never leaves a
 * half-written file under the final name. Each write is awaited, so a full disk is an error of the
 * export, not a crash.
 *
 * JSON: `{ range, totals, rows, exportedAt, partial }`, keys in that order (totals come with the first
 * page, `partial` is known only at the end). CSV: `path,human,ai,total`, RFC 4180.
 */
export class ExportFile {
  private started = false
  private rowCount = 0

  private constructor(
    readonly path: string,
    private readonly temp: string,
    private readonly format: ExportFormat,
    private readonly handle: FileHandle
  ) {}

  static async create(path: string): Promise<ExportFile> {
    await mkdir(dirname(path), { recursive: true })
    const temp = `${path}.tmp-${process.pid}`
    return new ExportFile(path, temp, formatOf(path), await open(temp, 'w'))
  }

  /** Called once, with the first page: the header (JSON: range and totals). */
  async begin(range: DateRange, totals: TrafficCounts): Promise<void> {
    this.started = true
    if (this.format === 'csv') return this.write(`path,human,ai,total\r\n`)
    const head = `{\n  "range": ${JSON.stringify({ dateFrom: range.from, dateTo: range.to, dateToExclusive: true })},\n  "totals": ${JSON.stringify(totals)},\n  "rows": [`
    return this.write(head)
  }

  async rows(rows: AnalyticsRow[]): Promise<void> {
    if (rows.length === 0) return
    const lines = rows.map((row) => (this.format === 'csv' ? csvLine(row) : jsonLine(row, this.rowCount++ === 0)))
    await this.write(lines.join(''))
  }

  /** Completes the file and moves it to its final name. */
  async finish(partial: boolean, exportedAt: string): Promise<void> {
    if (!this.started) throw new Error('ExportFile.finish before begin')
    if (this.format === 'json')
      await this.write(`${this.rowCount > 0 ? '\n  ' : ''}],\n  "exportedAt": ${JSON.stringify(exportedAt)},\n  "partial": ${partial}\n}\n`)
    await this.handle.close()
    await rename(this.temp, this.path)
  }

  /** Drops the temporary file; the final name is left as it was. */
  async abort(): Promise<void> {
    await this.handle.close().catch(() => undefined)
    await rm(this.temp, { force: true })
  }

  private async write(chunk: string): Promise<void> {
    await this.handle.write(chunk)
  }
}

function jsonLine(row: AnalyticsRow, first: boolean): string {
  return `${first ? '' : ','}\n    ${JSON.stringify({ path: row.path, human: row.human, ai: row.ai, total: row.total })}`
}

function csvLine(row: AnalyticsRow): string {
  return `${[row.path, row.human, row.ai, row.total].map(csvField).join(',')}\r\n`
}

/** RFC 4180: a field holding a comma, a quote or a line break is quoted, with quotes doubled. */
export function csvField(value: string | number): string {
  const text = String(value)
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}
