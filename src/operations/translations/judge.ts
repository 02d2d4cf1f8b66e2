import type { CommitInfo, History } from './history.js'
import type { Pair } from './pairs.js'

/**
 * Each pair judged by the commit graph, never by dates: `missing`, `orphan`, `stale` (the source has commits
 * that are not ancestors of the translation's last commit) or `current`; a translation's `outdated_since`
 * (the first source commit it lacks) or `outdated_translation: true` makes it stale as osu-wiki defines. Pure.
 */

export type State = 'missing' | 'orphan' | 'stale' | 'current'
export const STATES: readonly State[] = ['missing', 'stale', 'orphan', 'current']

export interface JudgedPair extends Pair {
  state: State
  /** The source's commits the translation lacks, newest first; null where the lag is unknown (`outdated_translation`). */
  since: CommitInfo[] | null
  /** The first (oldest) commit the translation lacks: its time, epoch seconds; null where none or unknown. */
  firstLacking: number | null
  /** The translation's last commit; null for a missing page. */
  translatedAt: CommitInfo | null
  /** What made it stale besides the graph: the front matter's marker. */
  marker: string | null
}

/** Judges every pair; `frontMatter` holds the translations' text as read through git. */
export function judgePairs(pairs: readonly Pair[], history: History, frontMatter: ReadonlyMap<string, string>): JudgedPair[] {
  return pairs.map((pair) => judgePair(pair, history, frontMatter.get(pair.translation) ?? ''))
}

function judgePair(pair: Pair, history: History, text: string): JudgedPair {
  const commitsOf = (file: string | null): number[] => (file === null ? [] : (history.changes.get(file) ?? []))
  const info = (nodes: readonly number[]): CommitInfo[] => nodes.flatMap((node) => history.commits.get(node) ?? [])
  const sourceCommits = commitsOf(pair.source)
  const judged = (state: State, since: CommitInfo[] | null, rest: Partial<JudgedPair> = {}): JudgedPair => ({
    ...pair,
    state,
    since,
    firstLacking: since?.at(-1)?.time ?? null,
    translatedAt: null,
    marker: null,
    ...rest
  })
  if (pair.kind === 'orphan') return judged('orphan', [], { translatedAt: info(commitsOf(pair.translation).slice(0, 1))[0] ?? null })
  if (pair.kind === 'missing') return judged('missing', info(sourceCommits))
  const last = commitsOf(pair.translation)[0]
  const translatedAt = last === undefined ? null : (history.commits.get(last) ?? null)
  const marker = outdatedMarker(text)
  if (marker?.kind === 'unknown') return judged('stale', null, { translatedAt, marker: 'outdated_translation: true' })
  if (marker?.kind === 'since') {
    const from = history.graph.find(marker.sha)
    // From that commit on, that commit included: the source commits no parent of it reaches.
    const since = from === null ? null : info(history.graph.unreachable(sourceCommits, history.graph.parents(from)))
    return judged('stale', since, { translatedAt, marker: `outdated_since: ${marker.sha}` })
  }
  const since = info(last === undefined ? sourceCommits : history.graph.unreachable(sourceCommits, [last]))
  return judged(since.length > 0 ? 'stale' : 'current', since, { translatedAt })
}

type Marker = { kind: 'since'; sha: string } | { kind: 'unknown' }

/** osu-wiki's markers in a page's front matter: `outdated_since: <sha>`, or `outdated_translation: true` without one. */
export function outdatedMarker(text: string): Marker | null {
  const front = /^\uFEFF?---\r?\n([\s\S]*?)\r?\n---(?:\r?\n|$)/.exec(text)?.[1]
  if (front === undefined) return null
  const value = (key: string): string | null => {
    const match = new RegExp(`^${key}:[ \\t]*(.*?)[ \\t]*$`, 'm').exec(front)?.[1]
    return match === undefined ? null : match.replace(/^(['"])(.*)\1$/, '$2').trim()
  }
  const sha = value('outdated_since')
  if (sha && /^[0-9a-f]{7,64}$/i.test(sha)) return { kind: 'since', sha: sha.toLowerCase() }
  if (value('outdated_translation')?.toLowerCase() === 'true') return { kind: 'unknown' }
  return null
}

/** A page's lag: the source commits its translation lacks (a missing page: all of them); unknown counts as 0 here. */
export function lagOf(pair: JudgedPair): number {
  return pair.state === 'stale' || pair.state === 'missing' ? (pair.since?.length ?? 0) : 0
}

/**
 * Stalest first: missing pages first, then by lag in commits, ties to the older first lacking commit, then
 * by path (so a report reads the same from run to run).
 */
export function stalestFirst(a: JudgedPair, b: JudgedPair): number {
  const rank = (pair: JudgedPair): number => ['missing', 'stale', 'orphan', 'current'].indexOf(pair.state)
  return (
    rank(a) - rank(b) ||
    lagOf(b) - lagOf(a) ||
    (a.firstLacking ?? Infinity) - (b.firstLacking ?? Infinity) ||
    a.translation.localeCompare(b.translation)
  )
}
