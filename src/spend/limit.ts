import { collectInputErrors, InputError } from '../errors.js'
import type { Repo } from '../github/event.js'
import { clip, type InputReader, readRepository } from '../inputs.js'
import { WINDOW_KINDS, type WindowKind } from './window.js'

/** The spend limit of a run (`spend-limit`, `spend-ledger`, `spend-token`), read once with the common settings. */
export interface SpendLimit {
  /** At most this many agent requests in one window: 1 to 1,000 (slots 000 to 999). */
  limit: number
  kind: WindowKind
  /** `spend-ledger`, else `docs-repository`; null: the workflow's repository, which the run knows. */
  ledger: Repo | null
  /** `spend-token`, else `github-token`. */
  token: string
}

const MAX_LIMIT = 1_000

/**
 * The spend limit, or null without `spend-limit` (no limit). `spend-ledger` or `spend-token` without it do
 * nothing: one warning says so. `docs-repository` is read here only as the ledger's default; its own
 * reader tells when it is malformed.
 */
export function readSpendLimit(input: InputReader, githubToken: string, warnings: string[]): SpendLimit | null {
  const raw = input('spend-limit').trim()
  const given = ['spend-ledger', 'spend-token'].filter((name) => input(name).trim())
  if (!raw) {
    if (given.length > 0) {
      const names = given.map((name) => `'${name}'`).join(' and ')
      warnings.push(
        `${given.length === 1 ? 'Input' : 'Inputs'} ${names} ${given.length === 1 ? 'does' : 'do'} nothing without spend-limit: set spend-limit (such as 20/week) to limit agent requests across runs, or remove ${given.length === 1 ? 'it' : 'them'}.`
      )
    }
    return null
  }
  return collectInputErrors((field) => {
    const parsed = field(() => parseSpendLimit(raw))
    const ledger = field(() => readRepository(input('spend-ledger'), 'spend-ledger')) ?? docsRepository(input)
    return { ...parsed, ledger, token: input('spend-token').trim() || githubToken }
  })
}

/** `<n>/<window>`: n a whole number from 1 to 1,000, the window day, week or month. */
export function parseSpendLimit(raw: string): { limit: number; kind: WindowKind } {
  const match = /^(\d{1,4})\s*\/\s*([a-z]+)$/i.exec(raw.trim())
  const limit = Number(match?.[1])
  const kind = match?.[2]?.toLowerCase() ?? ''
  if (!match || !isWindowKind(kind) || !Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT)
    throw new InputError(
      'spend-limit',
      `Input 'spend-limit' must be <n>/<window>, n a whole number from 1 to 1000 and the window day, week or month, such as 20/week; got '${clip(raw)}'.`
    )
  return { limit, kind }
}

function isWindowKind(kind: string): kind is WindowKind {
  return (WINDOW_KINDS as readonly string[]).includes(kind)
}

/** `docs-repository` as the ledger's default; a malformed one is its own reader's to tell. */
function docsRepository(input: InputReader): Repo | null {
  try {
    return readRepository(input('docs-repository'), 'docs-repository')
  } catch {
    return null
  }
}
