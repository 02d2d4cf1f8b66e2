import { describe, expect, it } from '@jest/globals'
import { describeRange, isCalendarDate, resolveRange } from '../../src/date-range.js'
import { refusal } from '../fixtures/refusal.js'

/** 2026-03-10 12:00 UTC. */
const NOW = Date.UTC(2026, 2, 10, 12)

describe('date-from and date-to as YYYY-MM-DD', () => {
  it('passes both dates through as given', () => {
    expect(resolveRange('2026-03-01', '2026-03-10', NOW)).toEqual({ from: '2026-03-01', to: '2026-03-10' })
  })

  it('trims whitespace around a date', () => {
    expect(resolveRange('  2026-03-01\n', '\t2026-03-10 ', NOW)).toEqual({ from: '2026-03-01', to: '2026-03-10' })
  })

  it('accepts dates in the future (the API decides what they hold)', () => {
    expect(resolveRange('2030-01-01', '2030-02-01', NOW)).toEqual({ from: '2030-01-01', to: '2030-02-01' })
  })

  it.each(['2026-3-01', '26-03-01', '2026/03/01', '20260301', '2026-03-01x', 'yesterday', '2026-03'])(
    'refuses %p as not a date',
    (text) => {
      const error = refusal(() => resolveRange(text, '', NOW))
      expect(error.input).toBe('date-from')
      expect(error.message).toBe(
        `Input 'date-from' must be a real date as YYYY-MM-DD, an ISO 8601 date-time, or Nd for N days before today (UTC); got '${text}'.`
      )
    }
  )

  it('names date-to when date-to is the bad bound', () => {
    const error = refusal(() => resolveRange('2026-03-01', 'soon', NOW))
    expect(error.input).toBe('date-to')
    expect(error.message).toMatch(/^Input 'date-to' must be a real date/)
    expect(error.message).toContain("got 'soon'")
  })

  it('quotes at most 40 characters of a bad value', () => {
    const error = refusal(() => resolveRange('x'.repeat(500), '', NOW))
    expect(error.message).toContain(`got '${'x'.repeat(40)}'.`)
    expect(error.message).not.toContain('x'.repeat(41))
  })
})

describe('impossible dates and times', () => {
  it.each([
    ['2026-13-01', 'month 13'],
    ['2026-00-10', 'month 0'],
    ['2026-04-31', 'April 31'],
    ['2026-02-30', 'February 30'],
    ['2026-01-32', 'day 32'],
    ['2026-01-00', 'day 0'],
    ['2026-04-31T10:00:00Z', 'April 31 with a time'],
    ['2026-03-10T25:00:00Z', 'hour 25'],
    ['2026-03-10T24:00:00Z', 'hour 24 (Date.parse rolls it into the next day)'],
    ['2026-03-10T12:60:00Z', 'minute 60'],
    ['2026-03-10T12:00:60Z', 'second 60'],
    ['2026-03-10T25:00Z', 'hour 25 without seconds']
  ])('refuses %p (%s)', (text) => {
    expect(refusal(() => resolveRange(text, '', NOW)).input).toBe('date-from')
  })

  it('refuses an impossible date-to as well', () => {
    expect(refusal(() => resolveRange('2026-03-01', '2026-04-31', NOW)).input).toBe('date-to')
  })
})

describe('leap days', () => {
  it('accepts February 29 of a leap year', () => {
    expect(resolveRange('2024-02-29', '2024-03-01', NOW)).toEqual({ from: '2024-02-29', to: '2024-03-01' })
  })

  it('accepts February 29 of 2000 (divisible by 400)', () => {
    expect(resolveRange('2000-02-29', '', NOW)).toEqual({ from: '2000-02-29', to: null })
  })

  it('refuses February 29 of a common year, which Date.parse would roll into March', () => {
    expect(refusal(() => resolveRange('2025-02-29', '', NOW)).input).toBe('date-from')
  })

  it('refuses February 29 of 2100 (divisible by 100, not by 400)', () => {
    expect(refusal(() => resolveRange('', '2100-02-29', NOW)).input).toBe('date-to')
  })

  it('refuses February 29 of a common year in a date-time', () => {
    expect(refusal(() => resolveRange('2025-02-29T12:00:00Z', '', NOW)).input).toBe('date-from')
  })
})

describe('ISO 8601 date-times', () => {
  it.each([
    '2026-03-01T00:00:00Z',
    '2026-03-01T08:30Z',
    '2026-03-01T08:30:15.5Z',
    '2026-03-01T08:30:15.123Z',
    '2026-03-01T08:30:15.123456789Z',
    '2026-03-01T08:30:15+05:30',
    '2026-03-01T08:30:15-08:00',
    '2026-03-01T08:30+01:00',
    '2026-03-01T23:59:59.999-12:00'
  ])('passes %p through unchanged', (text) => {
    expect(resolveRange(text, '2026-03-09', NOW)).toEqual({ from: text, to: '2026-03-09' })
  })

  it('refuses a date-time without a zone (its instant would depend on the runner)', () => {
    expect(refusal(() => resolveRange('2026-03-01T08:30:00', '', NOW)).input).toBe('date-from')
  })

  it('refuses a date-time with a space instead of T', () => {
    expect(refusal(() => resolveRange('2026-03-01 08:30:00Z', '', NOW)).input).toBe('date-from')
  })

  it('refuses a fraction without seconds', () => {
    expect(refusal(() => resolveRange('2026-03-01T08:30.5Z', '', NOW)).input).toBe('date-from')
  })

  it('compares instants, so an offset moves a bound across midnight', () => {
    // 00:00 at +01:00 is 23:00 UTC the day before: earlier than 2026-03-10 00:00 UTC.
    expect(resolveRange('2026-03-10T00:00:00+01:00', '2026-03-10', NOW)).toEqual({ from: '2026-03-10T00:00:00+01:00', to: '2026-03-10' })
    // 00:00 at -01:00 is 01:00 UTC: later than 2026-03-10 00:00 UTC.
    expect(refusal(() => resolveRange('2026-03-10T00:00:00-01:00', '2026-03-10', NOW)).input).toBe('date-from')
  })
})

describe('Nd: N days before today, UTC', () => {
  it('counts whole days back from the UTC date of now', () => {
    expect(resolveRange('7d', '0d', NOW)).toEqual({ from: '2026-03-03', to: '2026-03-10' })
  })

  it('reads 0d as today', () => {
    expect(resolveRange('', '0d', NOW)).toEqual({ from: null, to: '2026-03-10' })
  })

  it('crosses month and year boundaries', () => {
    expect(resolveRange('10d', '', NOW)).toEqual({ from: '2026-02-28', to: null })
    expect(resolveRange('70d', '', NOW)).toEqual({ from: '2025-12-30', to: null })
  })

  it('uses the UTC date one millisecond before midnight', () => {
    const justBefore = Date.UTC(2026, 2, 10, 23, 59, 59, 999)
    expect(resolveRange('1d', '0d', justBefore)).toEqual({ from: '2026-03-09', to: '2026-03-10' })
  })

  it('uses the next UTC date one millisecond after midnight', () => {
    const justAfter = Date.UTC(2026, 2, 11, 0, 0, 0, 1)
    expect(resolveRange('1d', '0d', justAfter)).toEqual({ from: '2026-03-10', to: '2026-03-11' })
  })

  it('uses the UTC date exactly at midnight', () => {
    expect(resolveRange('1d', '', Date.UTC(2026, 2, 11))).toEqual({ from: '2026-03-10', to: null })
  })

  it('counts back across a leap day', () => {
    expect(resolveRange('1d', '', Date.UTC(2024, 2, 1, 6))).toEqual({ from: '2024-02-29', to: null })
  })

  it('mixes Nd with a calendar date', () => {
    expect(resolveRange('2026-03-01', '1d', NOW)).toEqual({ from: '2026-03-01', to: '2026-03-09' })
  })

  it.each(['-7d', '7', '7days', '7D', '1.5d', 'd', '123456d', ' 7 d'])('refuses %p', (text) => {
    expect(refusal(() => resolveRange(text, '', NOW)).input).toBe('date-from')
  })
})

describe('date-from must come before date-to', () => {
  const hint = 'which is exclusive: to include a single day D, use date-from: D and date-to: the day after.'

  it('refuses equal dates, with the exclusive-date hint', () => {
    const error = refusal(() => resolveRange('2026-03-05', '2026-03-05', NOW))
    expect(error.input).toBe('date-from')
    expect(error.message).toBe(`Input 'date-from' (2026-03-05) must be before 'date-to' (2026-03-05), ${hint}`)
  })

  it('refuses a reversed range', () => {
    expect(refusal(() => resolveRange('2026-03-09', '2026-03-01', NOW)).message).toContain(hint)
  })

  it('refuses 0d as date-from with 0d as date-to', () => {
    expect(refusal(() => resolveRange('0d', '0d', NOW)).message).toBe(
      `Input 'date-from' (2026-03-10) must be before 'date-to' (2026-03-10), ${hint}`
    )
  })

  it('refuses 1d as date-to after 7d reversed', () => {
    expect(refusal(() => resolveRange('1d', '7d', NOW)).message).toContain("(2026-03-09) must be before 'date-to' (2026-03-03)")
  })

  it('refuses a date-time equal to the date-to instant', () => {
    expect(refusal(() => resolveRange('2026-03-05T00:00:00Z', '2026-03-05', NOW)).input).toBe('date-from')
  })

  it('accepts a range of one day', () => {
    expect(resolveRange('2026-03-05', '2026-03-06', NOW)).toEqual({ from: '2026-03-05', to: '2026-03-06' })
  })

  it('accepts a range of one second between date-times', () => {
    expect(resolveRange('2026-03-05T10:00:00Z', '2026-03-05T10:00:01Z', NOW)).toEqual({
      from: '2026-03-05T10:00:00Z',
      to: '2026-03-05T10:00:01Z'
    })
  })
})

describe('one bound or none', () => {
  it('leaves both bounds to the API when both are empty', () => {
    expect(resolveRange('', '', NOW)).toEqual({ from: null, to: null })
  })

  it('treats whitespace as empty', () => {
    expect(resolveRange('   ', '\n', NOW)).toEqual({ from: null, to: null })
  })

  it('keeps date-from alone', () => {
    expect(resolveRange('2026-03-01', '', NOW)).toEqual({ from: '2026-03-01', to: null })
  })

  it('keeps date-to alone', () => {
    expect(resolveRange('', '2026-03-01', NOW)).toEqual({ from: null, to: '2026-03-01' })
  })
})

describe('describeRange', () => {
  it('names both bounds and says the end is excluded', () => {
    expect(describeRange({ from: '2026-03-01', to: '2026-03-10' })).toBe('2026-03-01 up to (not including) 2026-03-10')
  })

  it('names date-from alone', () => {
    expect(describeRange({ from: '2026-03-01', to: null })).toBe('from 2026-03-01')
  })

  it('names date-to alone, excluded', () => {
    expect(describeRange({ from: null, to: '2026-03-10' })).toBe('up to (not including) 2026-03-10')
  })

  it("says the API's default range applies without bounds", () => {
    expect(describeRange({ from: null, to: null })).toBe("the API's default range")
  })
})

describe('isCalendarDate', () => {
  it.each([
    [2024, 2, 29],
    [2000, 2, 29],
    [2026, 1, 31],
    [2026, 4, 30],
    [2026, 12, 31],
    [1970, 1, 1]
  ])('accepts %i-%i-%i', (year, month, day) => {
    expect(isCalendarDate(year, month, day)).toBe(true)
  })

  it.each([
    [2025, 2, 29],
    [2100, 2, 29],
    [1900, 2, 29],
    [2026, 2, 30],
    [2026, 4, 31],
    [2026, 13, 1],
    [2026, 0, 1],
    [2026, 1, 0],
    [2026, 1, 32],
    [1969, 12, 31]
  ])('refuses %i-%i-%i', (year, month, day) => {
    expect(isCalendarDate(year, month, day)).toBe(false)
  })
})
