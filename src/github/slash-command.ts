/** What a comment asks of the action. */
export type SlashCommand =
  | { kind: 'none' }
  /** The trigger alone, or with `help`: answer with usage. */
  | { kind: 'help' }
  | { kind: 'run'; prompt: string }

/**
 * Reads a `/docs …` command. The first line must start with the trigger, case-insensitive, followed by a
 * space or the end of the line (so `/docsify` is not a command). The rest of the comment, first line
 * included, is the prompt.
 */
export function parseSlashCommand(body: string, trigger: string): SlashCommand {
  const text = body.replace(/\r\n?/g, '\n').trimStart()
  const head = text.slice(0, trigger.length)
  if (head.toLowerCase() !== trigger.toLowerCase()) return { kind: 'none' }
  const rest = text.slice(trigger.length)
  if (rest !== '' && !/^[ \t\n]/.test(rest)) return { kind: 'none' }
  const prompt = rest.trim()
  if (prompt === '' || prompt.toLowerCase() === 'help') return { kind: 'help' }
  return { kind: 'run', prompt }
}

/** What to do about an `issue_comment` event. */
export type CommentPlan = { kind: 'skip'; why: string } | { kind: 'help' } | { kind: 'run'; prompt: string }

/**
 * `isBot`: written by a bot that `allowed-bots` does not list. `fresh`: the action of a new comment or
 * review (`created`, or `submitted` for a review).
 */
export function planForComment(
  comment: { action: string; body: string; isBot: boolean },
  trigger: string,
  fresh: { action: string; noun: string } = { action: 'created', noun: 'comment' }
): CommentPlan {
  // Edits would re-run a command that already ran; deletions have nothing to run.
  if (comment.action !== fresh.action)
    return {
      kind: 'skip',
      why: `The ${fresh.noun} was ${comment.action || 'changed'}, not ${fresh.action}; only new ${fresh.noun}s run commands.`
    }
  if (comment.isBot)
    return { kind: 'skip', why: `The ${fresh.noun} is by a bot not listed in allowed-bots; only people and listed bots run commands.` }
  const command = parseSlashCommand(comment.body, trigger)
  if (command.kind === 'none') return { kind: 'skip', why: `The ${fresh.noun} does not start with ${trigger}.` }
  return command
}
