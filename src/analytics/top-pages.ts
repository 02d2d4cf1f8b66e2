import type { AnalyticsRow } from '../mintlify/analytics.js'

/** The `size` rows with the highest total seen so far, in fixed memory whatever the row count. */
export class TopPages {
  private readonly rows: AnalyticsRow[] = []

  constructor(private readonly size: number) {}

  offer(row: AnalyticsRow): void {
    if (this.rows.length === this.size && row.total <= this.rows[this.rows.length - 1].total) return
    const at = this.rows.findIndex((kept) => row.total > kept.total)
    this.rows.splice(at === -1 ? this.rows.length : at, 0, row)
    if (this.rows.length > this.size) this.rows.pop()
  }

  list(): AnalyticsRow[] {
    return [...this.rows]
  }
}
