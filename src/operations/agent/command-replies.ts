import type { Permission } from '../../github/permissions.js'
import { codeSpan, escapeInline } from '../../markdown.js'

// The replies to a slash command or a label that start no job: the usage, a refusal, a skip recorded, a head to look at again.

/** Reply to `/docs` alone or `/docs help`. */
export function renderUsageReply(trigger: string, minPermission: Permission): string {
  const command = codeSpan(`${trigger} <instruction>`)
  return [
    '### Docs agent commands',
    '',
    `- ${command}: starts a docs agent job with your instruction. On a pull request the agent opened, the instruction goes to that job as a follow-up.`,
    `- ${codeSpan(`${trigger} skip [reason]`)}: on a code pull request, says it needs no docs: the docs check turns green, and no docs job runs on it until a ${codeSpan(`${trigger} <instruction>`)} there.`,
    `- ${codeSpan(`${trigger} help`)}: shows this message.`,
    '',
    `Everything after ${codeSpan(trigger)}, on the first line and below, is the instruction. Commands need the ${codeSpan(minPermission)} permission on this repository or higher.`,
    ''
  ].join('\n')
}

/** Reply to a commenter below `min-permission`; no job is started. */
export function renderDeniedReply(login: string, role: string | null, trigger: string, minPermission: Permission): string {
  const has = role ? `your permission is ${codeSpan(role)}` : 'you are not a collaborator of this repository'
  return `${escapeInline(`@${login}`)}: ${codeSpan(trigger)} needs the ${codeSpan(minPermission)} permission on this repository or higher, and ${has}, so no docs agent job was started.\n`
}

/** The reply to a `/docs skip`: who decided and why (the record rides along, hidden), and how to ask for docs after all. */
export function renderSkipReply(why: string, trigger: string): string {
  return [
    '### Docs skipped',
    '',
    escapeInline(why),
    '',
    `${codeSpan(`${trigger} <instruction>`)} on this pull request asks for docs after all.`,
    ''
  ].join('\n')
}

/** A maintainer's command on an outsider's pull request whose head moved after the one they were shown. */
export function renderHeadMovedReply(login: string, head: string): string {
  return `${escapeInline(`@${login}`)}: The pull request changed after it was shown (now ${codeSpan(head.slice(0, 7))}): look at the new commits, then repeat the command.\n`
}

/** A maintainer's command that came before an outsider's head was shown as waiting: it is shown now, and the command is to be repeated. */
export function renderRepeatForHeadReply(login: string, head: string, trigger: string): string {
  return `${escapeInline(`@${login}`)}: Nothing was sent. This pull request waits for a maintainer (it comes from a fork, or from someone below the permission that steers the docs agent), and its head ${codeSpan(head.slice(0, 7))} had not been shown as waiting for a maintainer before your command. Look at it, then repeat the command (${codeSpan(trigger)} or ${codeSpan(`${trigger} skip`)}).\n`
}
