/**
 * The commit graph's one question (which candidates a commit does not reach), checked against a plain
 * search of every ancestor on seeded random histories: a main line with side branches forked far back and
 * merged later, octopus merges, and questions asked from main-line commits, side-branch commits and several
 * commits at once (an `outdated_since` commit's parents).
 */
import { describe, expect, it } from '@jest/globals'
import { CommitGraph } from '../../../src/operations/translations/history.js'

function sequence(seed: number): () => number {
  let state = seed
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648
    return state / 2_147_483_648
  }
}

/** A random history, oldest first: each commit's parents are older commits, the first parent the line it continues. */
function randomHistory(random: () => number, size: number): number[][] {
  const parents: number[][] = [[]]
  const tips = [0]
  for (let commit = 1; commit < size; commit++) {
    const lane = Math.floor(random() * tips.length)
    const own = [tips[lane] ?? 0]
    if (random() < 0.15) own.push(Math.floor(random() * commit))
    if (random() < 0.03) own.push(Math.floor(random() * commit))
    parents.push([...new Set(own)])
    tips[lane] = commit
    if (random() < 0.1) tips.push(Math.floor(random() * commit))
  }
  // One head: a last commit merging every tip, so the whole history is HEAD's.
  parents.push([...new Set([tips[0] ?? 0, ...tips.slice(1)])])
  return parents
}

/** `git rev-list --topo-order --parents HEAD` of that history: children before parents, shas made up. */
function revList(parents: number[][]): string {
  const sha = (commit: number) => commit.toString(16).padStart(40, '0')
  return parents
    .map((own, commit) => [sha(commit), ...own.map(sha)].join(' '))
    .reverse()
    .join('\n')
}

function ancestors(parents: number[][], from: readonly number[]): Set<number> {
  const seen = new Set<number>(from)
  const stack = [...from]
  while (stack.length > 0)
    for (const parent of parents[stack.pop() ?? 0] ?? []) if (!seen.has(parent) && seen.add(parent)) stack.push(parent)
  return seen
}

describe('which candidates a commit does not reach', () => {
  it.each([1, 2, 3, 4, 5, 6, 7, 8])('agrees with a search of every ancestor (seed %i)', (seed) => {
    const random = sequence(seed)
    const parents = randomHistory(random, 400)
    const graph = new CommitGraph(revList(parents))
    const node = (commit: number) => graph.index.get(commit.toString(16).padStart(40, '0')) ?? -1
    expect(graph.size).toBe(parents.length)
    for (let question = 0; question < 300; question++) {
      const from = Array.from({ length: 1 + Math.floor(random() * 3) }, () => Math.floor(random() * parents.length))
      const candidates = Array.from({ length: Math.floor(random() * 12) }, () => Math.floor(random() * parents.length))
      const reached = ancestors(parents, from)
      const expected = candidates.filter((commit) => !reached.has(commit)).map(node)
      expect(graph.unreachable(candidates.map(node), from.map(node))).toEqual(expected)
    }
  })

  it('answers from a main-line commit and from a side branch alike', () => {
    // 0 - 1 - 3 (main line, 3 merges the side branch 2 forked at 0), 4 on top.
    const parents = [[], [0], [0], [1, 2], [3]]
    const graph = new CommitGraph(revList(parents))
    const node = (commit: number) => graph.index.get(commit.toString(16).padStart(40, '0')) ?? -1
    const unreached = (candidates: number[], from: number[]) =>
      graph.unreachable(candidates.map(node), from.map(node)).map((at) => Number.parseInt(graph.shas[at] ?? '', 16))
    expect(unreached([0, 1, 2, 3, 4], [1])).toEqual([2, 3, 4])
    expect(unreached([0, 1, 2, 3, 4], [2])).toEqual([1, 3, 4])
    expect(unreached([0, 1, 2, 3, 4], [3])).toEqual([4])
    expect(unreached([0, 1, 2, 3, 4], [1, 2])).toEqual([3, 4])
    expect(unreached([2], [])).toEqual([2])
  })
})
