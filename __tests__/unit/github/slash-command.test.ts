import { describe, expect, it } from '@jest/globals'
import { parseSlashCommand, planForComment } from '../../../src/github/slash-command.js'

const run = (prompt: string) => ({ kind: 'run', prompt })

describe('parseSlashCommand: what starts a command', () => {
  it.each([
    ['/docs fix the typo', 'fix the typo'],
    ['/DOCS fix the typo', 'fix the typo'],
    ['/Docs fix the typo', 'fix the typo'],
    ['/docs\tfix the typo', 'fix the typo'],
    ['/docs    fix the typo   ', 'fix the typo']
  ])('reads %p as a command', (body, prompt) => {
    expect(parseSlashCommand(body, '/docs')).toEqual(run(prompt))
  })

  it('matches a trigger given in capitals case-insensitively', () => {
    expect(parseSlashCommand('/docs add an example', '/DOCS')).toEqual(run('add an example'))
  })

  it.each(['/docsify the page', '/docs-agent run', '/docs.', '/docs:fix', '/docs/fix', '/docs,fix'])(
    'does not read %p as a command (no word boundary)',
    (body) => {
      expect(parseSlashCommand(body, '/docs')).toEqual({ kind: 'none' })
    }
  )

  it.each([
    ['text before it', 'please /docs fix this'],
    ['a quote', '> /docs fix this'],
    ['a code span', '`/docs fix this`'],
    ['a code block', '```\n/docs fix this\n```'],
    ['a list item', '- /docs fix this'],
    ['a second line only', 'Thanks!\n/docs fix this'],
    ['a mention first', '@bot /docs fix this'],
    ['a missing slash', 'docs fix this'],
    ['a non-breaking space after the trigger', '/docs\u00A0fix this'],
    ['an empty comment', ''],
    ['only whitespace', '  \n\t\n ']
  ])('does not start a command with %s', (_, body) => {
    expect(parseSlashCommand(body, '/docs')).toEqual({ kind: 'none' })
  })

  it('skips leading spaces and blank lines before the trigger', () => {
    expect(parseSlashCommand('   \n\n\t  /docs fix this', '/docs')).toEqual(run('fix this'))
  })

  it('skips leading blank CRLF lines', () => {
    expect(parseSlashCommand('\r\n\r\n/docs fix this', '/docs')).toEqual(run('fix this'))
  })
})

describe('parseSlashCommand: the prompt', () => {
  it('keeps the lines after the first, and their inner blank lines', () => {
    expect(parseSlashCommand('/docs update the guide\n\n- add step 3\n- fix the link', '/docs')).toEqual(
      run('update the guide\n\n- add step 3\n- fix the link')
    )
  })

  it('takes a prompt that starts on the second line', () => {
    expect(parseSlashCommand('/docs\nupdate the guide\nplease', '/docs')).toEqual(run('update the guide\nplease'))
  })

  it('turns CRLF and lone CR line breaks into LF', () => {
    expect(parseSlashCommand('/docs one\r\ntwo\rthree', '/docs')).toEqual(run('one\ntwo\nthree'))
  })

  it('trims the prompt but keeps inner indentation', () => {
    expect(parseSlashCommand('/docs \n  code:\n    indented\n\n', '/docs')).toEqual(run('code:\n    indented'))
  })

  it('keeps the case of the prompt', () => {
    expect(parseSlashCommand('/DOCS Rename FooBar', '/docs')).toEqual(run('Rename FooBar'))
  })

  it('keeps a later mention of the trigger in the prompt', () => {
    expect(parseSlashCommand('/docs explain /docs usage', '/docs')).toEqual(run('explain /docs usage'))
  })

  it('keeps a prompt of several thousand characters whole', () => {
    const long = 'x'.repeat(20_000)
    expect(parseSlashCommand(`/docs ${long}`, '/docs')).toEqual(run(long))
  })
})

describe('parseSlashCommand: help', () => {
  it.each([
    ['the bare trigger', '/docs'],
    ['the trigger and spaces', '/docs   '],
    ['the trigger and blank lines', '/docs\n\n\n'],
    ['help', '/docs help'],
    ['HELP', '/docs HELP'],
    ['Help with spaces', '/docs   Help  '],
    ['help on the next line', '/docs\nhelp'],
    ['help with CRLF', '/docs help\r\n']
  ])('answers %s with usage', (_, body) => {
    expect(parseSlashCommand(body, '/docs')).toEqual({ kind: 'help' })
  })

  it('runs a prompt that only starts with help', () => {
    expect(parseSlashCommand('/docs help me write the FAQ', '/docs')).toEqual(run('help me write the FAQ'))
  })

  it('runs helpful, which is not help', () => {
    expect(parseSlashCommand('/docs helpful', '/docs')).toEqual(run('helpful'))
  })

  it('runs help followed by more lines', () => {
    expect(parseSlashCommand('/docs help\nwith the FAQ', '/docs')).toEqual(run('help\nwith the FAQ'))
  })
})

describe('parseSlashCommand: custom triggers', () => {
  it('reads a trigger with regular-expression characters literally', () => {
    expect(parseSlashCommand('/docs+ fix', '/docs+')).toEqual(run('fix'))
    expect(parseSlashCommand('/docsss fix', '/docs+')).toEqual({ kind: 'none' })
    expect(parseSlashCommand('/doc fix', '/docs+')).toEqual({ kind: 'none' })
  })

  it('reads a dot in the trigger literally', () => {
    expect(parseSlashCommand('.docs fix', '.docs')).toEqual(run('fix'))
    expect(parseSlashCommand('xdocs fix', '.docs')).toEqual({ kind: 'none' })
  })

  it.each(['(docs)', '[docs]', '$docs', '^docs', 'docs?', 'a|b', '\\docs', '*'])('reads %p literally', (trigger) => {
    expect(parseSlashCommand(`${trigger} go`, trigger)).toEqual(run('go'))
    expect(parseSlashCommand('/docs go', trigger)).toEqual({ kind: 'none' })
  })

  it('reads a trigger without a slash', () => {
    expect(parseSlashCommand('@docs-bot fix', '@docs-bot')).toEqual(run('fix'))
  })

  it('does not let a longer trigger match a shorter comment', () => {
    expect(parseSlashCommand('/do', '/docs')).toEqual({ kind: 'none' })
  })
})

describe('planForComment', () => {
  const created = { action: 'created', body: '/docs fix the typo', isBot: false }

  it('runs a new comment with a prompt', () => {
    expect(planForComment(created, '/docs')).toEqual(run('fix the typo'))
  })

  it('answers help to a new comment with the bare trigger', () => {
    expect(planForComment({ ...created, body: '/docs' }, '/docs')).toEqual({ kind: 'help' })
  })

  it('skips an edited comment, even one holding a command', () => {
    expect(planForComment({ ...created, action: 'edited' }, '/docs')).toEqual({
      kind: 'skip',
      why: 'The comment was edited, not created; only new comments run commands.'
    })
  })

  it('skips a deleted comment', () => {
    expect(planForComment({ ...created, action: 'deleted' }, '/docs')).toEqual({
      kind: 'skip',
      why: 'The comment was deleted, not created; only new comments run commands.'
    })
  })

  it('skips a comment without an action', () => {
    expect(planForComment({ ...created, action: '' }, '/docs')).toEqual({
      kind: 'skip',
      why: 'The comment was changed, not created; only new comments run commands.'
    })
  })

  it('skips a bot comment, even one holding a command', () => {
    expect(planForComment({ ...created, isBot: true }, '/docs')).toEqual({
      kind: 'skip',
      why: 'The comment is by a bot not listed in allowed-bots; only people and listed bots run commands.'
    })
  })

  it('skips a bot asking for help too', () => {
    expect(planForComment({ ...created, body: '/docs help', isBot: true }, '/docs')).toMatchObject({ kind: 'skip' })
  })

  it('skips a comment without the trigger, naming the trigger', () => {
    expect(planForComment({ ...created, body: 'LGTM' }, '/ask-docs')).toEqual({
      kind: 'skip',
      why: 'The comment does not start with /ask-docs.'
    })
  })
})
