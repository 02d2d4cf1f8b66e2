import type { AnalyticsRow } from '../mintlify/analytics.js'

/** The `size` rows with the highest total seen so far, in fixed memory whatever the row count. */
export class TopPages {
  private readonly rows: AnalyticsRow[] = []

  constructor(private readonly size: number) {}

  offer(row: AnalyticsRow): void {
    const smallest = this.rows.at(-1)
    if (this.rows.length === this.size && smallest && row.total <= smallest.total) return
    const at = this.rows.findIndex((kept) => row.total > kept.total)
    this.rows.splice(at === -1 ? this.rows.length : at, 0, row)
    if (this.rows.length > this.size) this.rows.pop()
  }

  list(): AnalyticsRow[] {
    return [...this.rows]
  }
}
