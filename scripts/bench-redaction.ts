/**
 * Redaction on adversarial text: each input repeated to 400 KB and to 800 KB, the key cut from it with the
 * action's `redact`. DESIGN.md's budget: at most 1 s for 400 KB of any of them, and 800 KB at most 2.5x the
 * time of 400 KB (linear, with room for the machine's noise).
 */
import { redact } from '../src/redaction.js'
import { median } from './median.js'

const KEY = 'mint_sim_4f8c2d1e9a7b6c5d'
const RUNS = 5
const escapeAll = (text: string): string => [...text].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')

/** What each input repeats: runs of escapes that start and never finish, and near-spellings of the key. */
export const ADVERSARIAL: Record<string, string> = {
  backslashes: '\\',
  'percent-encoded percent signs': '%25',
  'unfinished references': '&#x5f&#',
  'unknown reference names': '&lowbarx',
  'unclosed code point escapes': '\\u{',
  'the key less one character': `${KEY.slice(0, 15)} `,
  'the key escaped, less one character': `${escapeAll(KEY.slice(0, 15))}.`,
  'the key split by zero-width spaces': `${[...KEY].join('\u200b')}`,
  'the key twice-encoded': encodeURIComponent(encodeURIComponent(KEY)).replace(/_/g, '%255F')
}

function textOf(unit: string, bytes: number): string {
  return unit.repeat(Math.ceil(bytes / unit.length)).slice(0, bytes)
}

function timeMs(text: string): number {
  const start = performance.now()
  redact(text, KEY)
  return performance.now() - start
}

export interface RedactionTiming {
  input: string
  ms400: number
  ms800: number
}

export function measureRedaction(): RedactionTiming[] {
  redact(textOf('warm up %5F \\u005f &#95;', 50_000), KEY)
  return Object.entries(ADVERSARIAL).map(([input, unit]) => {
    const small = textOf(unit, 400_000)
    const large = textOf(unit, 800_000)
    const ms400 = median(Array.from({ length: RUNS }, () => timeMs(small)))
    const ms800 = median(Array.from({ length: RUNS }, () => timeMs(large)))
    return { input, ms400, ms800 }
  })
}

export function redactionRows(timings: readonly RedactionTiming[]): [string, string, string][] {
  const slowest = timings.reduce((a, b) => (b.ms400 > a.ms400 ? b : a))
  const steepest = timings.reduce((a, b) => (b.ms800 / b.ms400 > a.ms800 / a.ms400 ? b : a))
  return [
    ['Redaction, 400 KB of adversarial text (slowest input)', `${slowest.ms400.toFixed(0)} ms (${slowest.input})`, '≤ 1,000 ms'],
    ['Redaction, 800 KB against 400 KB (steepest input)', `${(steepest.ms800 / steepest.ms400).toFixed(2)}× (${steepest.input})`, '≤ 2.5×']
  ]
}

// `node .build/scripts/bench-redaction.js` prints each input's figures.
if (process.argv[1]?.endsWith('bench-redaction.js')) {
  for (const { input, ms400, ms800 } of measureRedaction()) {
    console.log(`${input}: 400 KB ${ms400.toFixed(1)} ms, 800 KB ${ms800.toFixed(1)} ms (${(ms800 / ms400).toFixed(2)}x)`)
  }
}
