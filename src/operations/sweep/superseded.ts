import { plural } from '../../markdown.js'
import type { CodePullRecord } from '../../github/markers.js'
import type { ListedPull, PullComments, SweepFacts, VisitedPull } from './facts.js'
import { codeKey, codeName, type Ruling } from './planned.js'

/**
 * The superseded rule of the sweep's plan (plan.ts): another open agent pull request that records the same
 * code pull request is newer. Judged only among one run's visits: `not judged` where a newer one was not.
 */

/** Per code pull request, the newest visited agent pull request that records it. */
export type NewestByCodePull = Map<string, VisitedPull>

/**
 * Another open agent pull request for the same code pull request is newer: one comment linking it; never
 * closed here. Only the visited ones' introductions are read: where a newer one was not visited in this run
 * (or not listed, beyond the list's cap), it may be that one, and the rule is `not judged`, never `fine`.
 */
export function supersededRule(
  visit: VisitedPull,
  comments: PullComments,
  context: { facts: SweepFacts; newest: NewestByCodePull }
): Ruling | null {
  const code = comments.codePull
  if (!code) return null
  const newest = context.newest.get(codeKey(code))
  if (!newest || newest === visit) return notJudged(visit, code, context.facts)
  const newer = `${context.facts.repository}#${newest.listed.number}`
  const why = `${newer} is a newer agent pull request for ${codeName(code)}`
  if (comments.record.supersededNoted) return { decision: 'superseded', why: `${why}; this pull request was told so`, writes: [] }
  const text = `${newer} is a newer agent pull request for ${codeName(code)}, and may replace this one. The sweep leaves this pull request open: close it if ${newer} covers it.`
  return { decision: 'superseded', why, writes: [{ kind: 'comment', text, change: { kind: 'superseded-noted' } }] }
}

/** `not judged` where a newer listed pull request was not visited in this run, or the list was cut; else null (no newer one). */
function notJudged(visit: VisitedPull, code: CodePullRecord, facts: SweepFacts): Ruling | null {
  // Visited ones whose comments could not be read are as unseen: their introductions were not read.
  const unread = facts.visited.filter((other) => !other.comments.read).map((other) => other.listed)
  const unseen = [...facts.leftForLater, ...unread]
    .filter((pull) => isNewer(pull, visit.listed))
    .sort((a, b) => a.number - b.number)
    .map((pull) => `#${pull.number}`)
  if (unseen.length === 0 && !facts.listCut) return null
  const named = unseen.length > NAMED ? [...unseen.slice(0, NAMED), `and ${unseen.length - NAMED} more`] : unseen
  const which = [
    ...(unseen.length > 0 ? [`${plural(unseen.length, 'newer labelled pull request')} not visited in this run (${named.join(', ')})`] : []),
    ...(facts.listCut ? ['the newer ones beyond the list'] : [])
  ].join(', and ')
  return {
    decision: 'not judged',
    why: `superseded not judged: ${which} may record ${codeName(code)} too; they are judged together when one run visits them`,
    writes: []
  }
}

/** How many pull requests a `not judged` names before "and N more". */
const NAMED = 5

/**
 * Per code pull request, the newest visited agent pull request that records it (created last; on equal
 * times, the higher number). A newer one is known when both are visited in one run.
 */
export function newestByCodePull(visited: readonly VisitedPull[]): NewestByCodePull {
  const newest = new Map<string, VisitedPull>()
  for (const visit of visited) {
    const code = visit.comments.read ? visit.comments.value.codePull : null
    if (!code) continue
    const known = newest.get(codeKey(code))
    if (!known || isNewer(visit.listed, known.listed)) newest.set(codeKey(code), visit)
  }
  return newest
}

/** Created later; on equal times, the higher number. */
function isNewer(a: ListedPull, b: ListedPull): boolean {
  const at = (pull: ListedPull): number => Date.parse(pull.createdAt) || 0
  return at(a) === at(b) ? a.number > b.number : at(a) > at(b)
}
