import { describe, expect, it } from '@jest/globals'
import { formatDuration, parseDuration } from '../../src/duration.js'

describe('parseDuration', () => {
  it.each([
    ['500ms', 500],
    ['90s', 90_000],
    ['20m', 1_200_000],
    ['1h', 3_600_000],
    ['45', 45_000],
    ['1.5m', 90_000],
    ['0.1', 100],
    [' 30m ', 1_800_000],
    ['2 m', 120_000],
    ['10S', 10_000],
    ['1H', 3_600_000],
    ['0', 0]
  ])('reads %j as %i ms', (text, ms) => {
    expect(parseDuration(text)).toBe(ms)
  })

  it.each(['', 'soon', '-5s', '5 minutes', '1h30m', '1e3', '5d', 'ms', '.5s', '5.s'])('refuses %j', (text) => {
    expect(parseDuration(text)).toBeNull()
  })
})

describe('formatDuration', () => {
  it.each([
    [0, '0ms'],
    [450, '450ms'],
    [-20, '0ms'],
    [999, '999ms'],
    [1_000, '1s'],
    [1_500, '1.5s'],
    [12_000, '12s'],
    [12_400, '12.4s'],
    [12_449, '12.4s'],
    [59_900, '59.9s'],
    [59_950, '1m 00s'],
    [60_000, '1m 00s'],
    [185_000, '3m 05s'],
    [1_800_000, '30m 00s'],
    [3_600_000, '1h 00m'],
    [3_720_000, '1h 02m'],
    [90_061_000, '25h 01m']
  ])('writes %i ms as %j', (ms, text) => {
    expect(formatDuration(ms)).toBe(text)
  })
})
