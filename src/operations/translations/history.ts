/**
 * The history the report judges by, parsed from the two reads of git.ts: the commit graph (with generation
 * numbers, so ancestry is answered by a walk that stops early) and, per file, the commits that changed it,
 * children before parents. Pure.
 */

export interface CommitInfo {
  sha: string
  /** Committer time, epoch seconds. */
  time: number
  author: string
  email: string
  subject: string
}

export interface History {
  graph: CommitGraph
  /** The commits that changed each file (not whitespace within lines alone, never a merge), newest in the graph first. */
  changes: Map<string, number[]>
  /** Commits of the log by graph index. */
  commits: Map<number, CommitInfo>
}

/** The commit graph: each commit an index, its parents, and its generation (1 + the highest of its parents'). */
export class CommitGraph {
  readonly index = new Map<string, number>()
  readonly shas: string[] = []
  private readonly parentStart: Int32Array
  private readonly parentList: Int32Array
  private readonly generation: Int32Array
  private readonly stamp: Int32Array
  private walk = 0
  /** Each main-line commit's place on HEAD's first-parent line, oldest 0; -1 off it. */
  private readonly place: Int32Array
  /** The first main-line place whose commit has this one as an ancestor (itself included). */
  private readonly entered: Int32Array

  /** `revList`: `git rev-list --topo-order --parents HEAD`, one commit a line, children before parents. */
  constructor(revList: string) {
    const lines = revList.split('\n').filter(Boolean)
    lines.forEach((line, index) => {
      const sha = line.split(' ', 1)[0] ?? ''
      this.index.set(sha, index)
      this.shas.push(sha)
    })
    this.parentStart = new Int32Array(lines.length + 1)
    const parents: number[] = []
    lines.forEach((line, index) => {
      this.parentStart[index] = parents.length
      for (const parent of line.split(' ').slice(1)) {
        const at = this.index.get(parent)
        if (at !== undefined) parents.push(at)
      }
    })
    this.parentStart[lines.length] = parents.length
    this.parentList = Int32Array.from(parents)
    this.generation = new Int32Array(lines.length)
    for (let node = lines.length - 1; node >= 0; node--) {
      let highest = 0
      for (let at = this.parentStart[node] ?? 0; at < (this.parentStart[node + 1] ?? 0); at++)
        highest = Math.max(highest, this.generation[this.parentList[at] ?? 0] ?? 0)
      this.generation[node] = highest + 1
    }
    this.stamp = new Int32Array(lines.length)
    ;[this.place, this.entered] = this.mainLine()
  }

  /**
   * HEAD's first-parent line, and where each commit joined it. The commits that line's commit at place p
   * reaches are exactly those that joined at p or before, so a question asked from a main-line commit (most
   * translations' last commits) is answered without a walk. One pass: walking down from each main-line
   * commit's other parents, oldest first, stops at commits already placed, whose ancestors are placed too.
   */
  private mainLine(): [Int32Array, Int32Array] {
    const place = new Int32Array(this.size).fill(-1)
    const entered = new Int32Array(this.size).fill(-1)
    const line: number[] = []
    for (let node = this.size > 0 ? 0 : -1; node >= 0;) {
      line.push(node)
      const start = this.parentStart[node] ?? 0
      node = start < (this.parentStart[node + 1] ?? 0) ? (this.parentList[start] ?? -1) : -1
    }
    line.reverse().forEach((commit, at) => {
      place[commit] = at
      entered[commit] = at
      const stack = this.parents(commit).slice(1)
      while (stack.length > 0) {
        const node = stack.pop() ?? 0
        if ((entered[node] ?? 0) >= 0) continue
        entered[node] = at
        stack.push(...this.parents(node))
      }
    })
    return [place, entered]
  }

  get size(): number {
    return this.shas.length
  }

  /** The commit a full or abbreviated (at least 7 characters) sha names, when exactly one does. */
  find(sha: string): number | null {
    const exact = this.index.get(sha)
    if (exact !== undefined) return exact
    if (!/^[0-9a-f]{7,}$/i.test(sha)) return null
    const matches = this.shas.filter((one) => one.startsWith(sha.toLowerCase()))
    return matches.length === 1 ? (this.index.get(matches[0] ?? '') ?? null) : null
  }

  parents(node: number): number[] {
    return Array.from(this.parentList.subarray(this.parentStart[node], this.parentStart[node + 1]))
  }

  /**
   * The candidates that are not reachable from any of `from` (a commit is reachable from itself): from
   * main-line commits by where each candidate joined the line, else by one walk down the parents, never
   * below the oldest candidate's generation, ending once every candidate is found.
   */
  unreachable(candidates: readonly number[], from: readonly number[]): number[] {
    if (candidates.length === 0 || from.length === 0) return [...candidates]
    const places = from.map((node) => this.place[node] ?? -1)
    if (places.every((at) => at >= 0)) {
      const highest = Math.max(...places)
      return candidates.filter((node) => !((this.entered[node] ?? -1) >= 0 && (this.entered[node] ?? -1) <= highest))
    }
    return this.walkFrom(candidates, from)
  }

  /** The same question from a commit off the main line: one walk down the parents, never below the oldest candidate's generation. */
  private walkFrom(candidates: readonly number[], from: readonly number[]): number[] {
    const left = new Set(candidates)
    let floor = Infinity
    for (const node of left) floor = Math.min(floor, this.generation[node] ?? 0)
    const walk = ++this.walk
    const stack = from.filter((node) => (this.generation[node] ?? 0) >= floor)
    for (const node of stack) this.stamp[node] = walk
    while (stack.length > 0 && left.size > 0) {
      const node = stack.pop() ?? 0
      left.delete(node)
      for (let at = this.parentStart[node] ?? 0; at < (this.parentStart[node + 1] ?? 0); at++) {
        const parent = this.parentList[at] ?? 0
        if (this.stamp[parent] === walk || (this.generation[parent] ?? 0) < floor) continue
        this.stamp[parent] = walk
        stack.push(parent)
      }
    }
    return candidates.filter((node) => left.has(node))
  }
}

/** The graph and the log pass (`git log -z --raw --numstat`, each commit's header after a \x01) as history. */
export function parseHistory(graph: CommitGraph, log: string): History {
  const changes = new Map<string, number[]>()
  const commits = new Map<number, CommitInfo>()
  let current = -1
  let rawPath = false
  for (const token of log.split('\0')) {
    const field = token.replace(/^\n/, '')
    if (rawPath) {
      rawPath = false
      continue
    }
    if (field.startsWith('\x01')) {
      const [sha = '', time = '0', author = '', email = '', ...subject] = field.slice(1).split('\x1f')
      current = graph.index.get(sha) ?? -1
      if (current >= 0) commits.set(current, { sha, time: Number(time), author, email, subject: subject.join('\x1f') })
    } else if (field.startsWith(':')) {
      // --raw lists every file the commit touched; only --numstat's (under -w) count as a change.
      rawPath = true
    } else {
      const numstat = /^(?:\d+|-)\t(?:\d+|-)\t([\s\S]+)$/.exec(field)
      if (!numstat?.[1] || current < 0) continue
      const list = changes.get(numstat[1])
      if (list) {
        if (list.at(-1) !== current) list.push(current)
      } else changes.set(numstat[1], [current])
    }
  }
  return { graph, changes, commits }
}
