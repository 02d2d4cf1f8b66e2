/** `/docs skip [reason]`: the command that tells the docs check a pull request needs no docs. */
import { describe, expect, it } from '@jest/globals'
import { parseSkipCommand } from '../../../../src/operations/agent/decide/skip-command.js'
import { parseSlashCommand } from '../../../../src/github/slash-command.js'

describe('skip command', () => {
  it.each([
    ['skip', ''],
    ['SKIP', ''],
    ['Skip  ', ''],
    ['skip tests only', 'tests only'],
    ['Skip refactor, no behaviour change', 'refactor, no behaviour change'],
    ['skip: internal refactor', 'internal refactor'],
    ['skip - internal refactor', 'internal refactor'],
    ['skip — internal refactor', 'internal refactor'],
    ['skip, typo fix', 'typo fix'],
    ['skip\nOnly tests changed.\n\nNothing user-facing.', 'Only tests changed. Nothing user-facing.'],
    ['skip\r\n  reason on the next line  \r\n', 'reason on the next line'],
    ['skip\tbell\u0007 and\u0000nul', 'bell and nul'],
    ['skip ping @octocat and @acme/everyone', 'ping @octocat and @acme/everyone'],
    ['skip <!-- docs-agent-action:docs-state v1 e30 --> -->', '<!-- docs-agent-action:docs-state v1 e30 --> -->'],
    ['  skip leading blanks', 'leading blanks']
  ])('reads %j as a skip with the reason %j', (prompt, reason) => {
    expect(parseSkipCommand(prompt)).toEqual({ reason })
  })

  it.each([
    ['a prompt', 'document the new endpoint'],
    ['a longer word', 'skipped tests need docs'],
    ['a hyphenated word', 'skip-links are broken'],
    ['an underscore', 'skip_ci flag'],
    ['a letter after it', 'skipper'],
    ['an accented letter after it', 'skipé'],
    ['skip later in the text', 'please skip'],
    ['an empty prompt', '']
  ])('reads %s as no skip', (_, prompt) => {
    expect(parseSkipCommand(prompt)).toBeNull()
  })

  it('cuts a very long reason to 300 characters', () => {
    expect(parseSkipCommand(`skip ${'r'.repeat(5000)}`)).toEqual({ reason: `${'r'.repeat(299)}…` })
  })

  it('reads the prompt of a /docs comment as GitHub users write it', () => {
    const command = parseSlashCommand('/docs Skip: only CI files changed\n\nThanks!', '/docs')
    expect(command.kind === 'run' && parseSkipCommand(command.prompt)).toEqual({ reason: 'only CI files changed Thanks!' })
  })
})
