import { codeSpan } from '../../../markdown.js'
import { clipText } from '../../../text.js'

/**
 * Another open pull request whose head is the run's commit too (its number), a branch of the repository
 * whose head it is (its name), or `unknown` when the look-up failed or was cut. A commit status belongs to
 * the commit, so a status written there is that pull request's or branch's too. `closable`: every other
 * pull request at that head, when all of them are outsiders' (forks') and the look-up was whole and no
 * branch has the head: closing them lets the docs check run (empty or absent otherwise).
 */
export type SharedHead = { kind: 'pull'; number: number; closable?: number[] } | { kind: 'branch'; name: string } | { kind: 'unknown' }

/** Why no status is written on `head` (its short sha, or words), for the notice and the sticky comment. */
export function sharedHeadWhy(head: string, shared: SharedHead): string {
  switch (shared.kind) {
    case 'pull':
      return `${head} is also the head of #${shared.number}: its docs check stands.`
    case 'branch':
      return `${head} is also the head of branch ${codeSpan(clipText(shared.name, 100))}: a status on it would be that branch's too.`
    case 'unknown':
      return `Which open pull requests have ${head} as their head could not be read whole, and another one's docs check may stand on it: no status was written.`
  }
}

/** The fork pull requests a reply names by number; the rest are counted. */
const CLOSE_NAMED = 10

/**
 * What a maintainer's command on a head that only outsiders' pull requests share is told to do: close them,
 * then ask again. Empty when closing pull requests would not free the head (another pull request of the
 * repository's own, a branch, or a look-up that was not whole).
 */
export function closeToFree(shared: SharedHead, trigger: string): string {
  const closable = shared.kind === 'pull' ? (shared.closable ?? []) : []
  if (closable.length === 0) return ''
  // Forks can open any number of pull requests at one head: the reply names a few and counts the rest.
  const named = closable.slice(0, CLOSE_NAMED).map((number) => `#${number}`)
  if (closable.length > CLOSE_NAMED) named.push(`${closable.length - CLOSE_NAMED} more`)
  const list = named.length === 1 ? named.join('') : `${named.slice(0, -1).join(', ')} and ${named.at(-1) ?? ''}`
  const which = closable.length === 1 ? "a fork's pull request" : "forks' pull requests"
  return ` Only outsiders share it: close ${list} (${which} at the same head), then ${trigger} again here.`
}
