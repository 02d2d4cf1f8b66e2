import { codeSpan } from '../../../markdown.js'
import { clipText } from '../../../text.js'

/**
 * Another open pull request whose head is the run's commit too (its number), a branch of the repository
 * whose head it is (its name), or `unknown` when the look-up failed or was cut. A commit status belongs to
 * the commit, so a status written there is that pull request's or branch's too.
 */
export type SharedHead = { kind: 'pull'; number: number } | { kind: 'branch'; name: string } | { kind: 'unknown' }

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
