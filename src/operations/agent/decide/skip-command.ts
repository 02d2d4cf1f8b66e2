import { plainLine } from './plain-text.js'

/** A skip's reason is kept to this many characters: enough for a sentence or two, never a page. */
export const MAX_SKIP_REASON = 300

/**
 * `/docs skip [reason]`: whether a slash command's text (what follows the trigger, as
 * `parseSlashCommand` gives it as the prompt) is the docs check's override. The first word is `skip`,
 * in any case, followed by the end, a space, or punctuation (`skip: tests only`), never by more of a
 * word (`skipped`, `skip-links`); everything after it is the reason, on one line and cut to
 * `MAX_SKIP_REASON`. Null for any other command, which runs as a prompt.
 *
 * Read the comment's own text: a review comment's prompt gains its place in the diff afterwards, which
 * is no part of a reason.
 */
export function parseSkipCommand(prompt: string): { reason: string } | null {
  const match = /^skip(?![\p{L}\p{N}\p{M}_-])(.*)$/isu.exec(prompt.trimStart())
  if (!match) return null
  // `skip: reason`, `skip - reason`, `skip — reason`: the punctuation joins the word to its reason.
  const reason = (match[1] ?? '').replace(/^[\s:;,.–—-]+/u, '')
  return { reason: plainLine(reason, MAX_SKIP_REASON) }
}
