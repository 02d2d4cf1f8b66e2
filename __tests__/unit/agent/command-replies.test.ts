/** The replies to a slash command: how to use it, and why a commenter may not (src/operations/agent/command-replies.ts). */
import { describe, expect, it } from '@jest/globals'
import { renderDeniedReply, renderUsageReply } from '../../../src/operations/agent/command-replies.js'

const ZWSP = '\u200B'

describe('renderUsageReply', () => {
  it('explains the command, help and the permission needed', () => {
    const reply = renderUsageReply('/docs', 'write')
    expect(reply).toContain('### Docs agent commands')
    expect(reply).toContain('- `/docs <instruction>`: starts a docs agent job with your instruction.')
    expect(reply).toContain('- `/docs help`: shows this message.')
    expect(reply).toContain('Everything after `/docs`, on the first line and below, is the instruction.')
    expect(reply).toContain('Commands need the `write` permission on this repository or higher.')
  })

  it('uses a custom trigger and minimum', () => {
    const reply = renderUsageReply('/ask-docs', 'maintain')
    expect(reply).toContain('`/ask-docs <instruction>`')
    expect(reply).toContain('`/ask-docs help`')
    expect(reply).toContain('`maintain` permission')
    expect(reply).not.toContain('/docs ')
  })

  it('says that on an agent pull request the instruction is a follow-up', () => {
    expect(renderUsageReply('/docs', 'write')).toContain(
      'On a pull request the agent opened, the instruction goes to that job as a follow-up.'
    )
  })
})

describe('renderDeniedReply', () => {
  it('names the commenter without pinging them, their role and the minimum', () => {
    const reply = renderDeniedReply('octocat', 'read', '/docs', 'write')
    expect(reply).toBe(
      `@${ZWSP}octocat: \`/docs\` needs the \`write\` permission on this repository or higher, and your permission is \`read\`, so no docs agent job was started.\n`
    )
    expect(reply).not.toMatch(/@octocat/)
  })

  it('tells a non-collaborator so', () => {
    expect(renderDeniedReply('stranger', null, '/docs', 'triage')).toContain(
      'and you are not a collaborator of this repository, so no docs agent job was started.'
    )
  })

  it('escapes a login with markdown characters', () => {
    const reply = renderDeniedReply('some_user', 'none', '/docs', 'write')
    expect(reply.startsWith(`@${ZWSP}some\\_user:`)).toBe(true)
  })

  it('shows a custom role literally', () => {
    expect(renderDeniedReply('octocat', 'docs-editor', '/docs', 'write')).toContain('your permission is `docs-editor`')
  })
})
