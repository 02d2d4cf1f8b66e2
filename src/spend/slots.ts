import type { GitRef } from '../github/calls/git-refs.js'
import type { SpendWindow, WindowKind } from './window.js'

/**
 * The ledger's names, pure: a slot is `refs/docs-agent/spend/<kind>/<window>/<slot>` (`…/week/2026-W50/007`),
 * slots `000` to `999`. A reference in the namespace with any other name is ignored: it claims nothing.
 */

const NAMESPACE = 'docs-agent/spend'

/** The most slots a window holds (`000` to `999`), and so the highest spend limit. */
export const MAX_SLOTS = 1_000

/** Tries before a claim ends over the limit, though higher slots may be free (the count errs toward fewer). */
export const MAX_TRIES = 10

/** Refusals after which a claim lists the window again. */
export const RELIST_AFTER = 3

/** A window's name as the ledger writes it, by kind: any other name in the namespace is not the ledger's. */
const WINDOW_NAMES: Record<WindowKind, RegExp> = {
  day: /^\d{4}-\d{2}-\d{2}$/,
  week: /^\d{4}-W\d{2}$/,
  month: /^\d{4}-\d{2}$/
}

/** Stragglers the winner of slot 000 deletes at most. */
export const MAX_STRAGGLERS = 10

/** The list request's prefix for one window (after `refs/`, with its trailing slash). */
export function windowPrefix(window: SpendWindow): string {
  return `${NAMESPACE}/${window.kind}/${window.name}/`
}

/** The list request's prefix for every window of a kind: the straggler sweep's. */
export function kindPrefix(kind: WindowKind): string {
  return `${NAMESPACE}/${kind}/`
}

/** The full name of slot `slot` of `window`. */
export function slotRef(window: Pick<SpendWindow, 'kind' | 'name'>, slot: number): string {
  return `refs/${windowPrefix({ ...window, startsAt: 0, resetsAt: 0 })}${String(slot).padStart(3, '0')}`
}

/** The slots of `window` among listed references: well-formed names only. */
export function listedSlots(refs: readonly GitRef[], window: SpendWindow): number[] {
  const prefix = `refs/${windowPrefix(window)}`
  return refs.flatMap(({ ref }) => {
    const slot = ref.startsWith(prefix) ? ref.slice(prefix.length) : ''
    return /^\d{3}$/.test(slot) ? [Number(slot)] : []
  })
}

/** The lowest slot below `limit` that is neither listed nor refused; null when every one is taken. */
export function nextSlot(limit: number, taken: ReadonlySet<number>): number | null {
  for (let slot = 0; slot < limit; slot++) if (!taken.has(slot)) return slot
  return null
}

/**
 * Slots of windows older than `previous` (the current and the previous window stay, for the report), at
 * most MAX_STRAGGLERS, oldest first. Names of one kind sort as their windows do.
 */
export function stragglers(refs: readonly GitRef[], kind: WindowKind, previous: SpendWindow): string[] {
  const prefix = `refs/${kindPrefix(kind)}`
  return refs
    .map(({ ref }) => ref)
    .filter((ref) => {
      const match = /^([^/]+)\/\d{3}$/.exec(ref.startsWith(prefix) ? ref.slice(prefix.length) : '')
      const name = match?.[1] ?? ''
      return WINDOW_NAMES[kind].test(name) && name < previous.name
    })
    .sort()
    .slice(0, MAX_STRAGGLERS)
}
