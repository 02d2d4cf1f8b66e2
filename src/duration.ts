/** Durations as users write them in workflow inputs: `500ms`, `90s`, `20m`, `1h`, or plain seconds. */
const UNIT_MS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 } as const

/** Parses a duration into milliseconds; returns null when the text is not a duration. */
export function parseDuration(text: string): number | null {
  const match = /^(\d+(?:\.\d+)?)\s*(ms|s|m|h)?$/i.exec(text.trim())
  if (!match) return null
  const value = Number(match[1])
  const unit = (match[2] ?? 's').toLowerCase() as keyof typeof UNIT_MS
  const ms = Math.round(value * UNIT_MS[unit])
  return Number.isFinite(ms) ? ms : null
}

/** Formats milliseconds for people: `450ms`, `1.5s`, `12s`, `3m 05s`, `1h 02m`. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.max(0, Math.round(ms))}ms`
  if (ms < 59_950) return `${Number((ms / 1000).toFixed(1))}s`
  const totalSeconds = Math.round(ms / 1000)
  const hours = Math.floor(totalSeconds / 3600)
  const minutes = Math.floor((totalSeconds % 3600) / 60)
  const seconds = totalSeconds % 60
  const pad = (n: number): string => String(n).padStart(2, '0')
  return hours > 0 ? `${hours}h ${pad(minutes)}m` : `${minutes}m ${pad(seconds)}s`
}
