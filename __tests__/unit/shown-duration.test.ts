import { describe, expect, it } from '@jest/globals'
import { formatDuration } from '../../src/duration.js'
import { shownDurationMs } from '../expect-helpers.js'

describe('shownDurationMs reads back a duration as the action shows it', () => {
  it.each([0, 450, 1500, 12_000, 19_600, 59_000, 60_000, 185_000, 3_720_000])('reads back formatDuration(%i)', (ms) => {
    // formatDuration rounds: to the tenth of a second under a minute, to the second up to an hour, to the minute past it.
    const shown = formatDuration(ms)
    expect(Math.abs(shownDurationMs(shown) - ms)).toBeLessThanOrEqual(ms >= 3_600_000 ? 30_000 : 500)
  })

  it.each([
    ['1m 00s', 60_000],
    ['19.6s', 19_600],
    ['450ms', 450],
    ['1h 02m', 3_720_000]
  ])('reads "%s" as %i ms', (text, ms) => {
    expect(shownDurationMs(text)).toBe(ms)
  })

  it.each(['60', '1m', '1:00', '1.25s', ' 1s'])('refuses "%s", which the action never shows', (text) => {
    expect(() => shownDurationMs(text)).toThrow(/Expected a duration as the action shows it/)
  })
})
