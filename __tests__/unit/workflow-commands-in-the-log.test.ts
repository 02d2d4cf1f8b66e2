/**
 * Text from outside that the action logs (check names, status contexts, logins, file and branch names,
 * server messages) is one line of the log and never starts it, so it cannot issue a workflow command:
 * `logLine`, which the exit boundary of src/main.ts applies to every message.
 */
import { describe, expect, it } from '@jest/globals'
import { logLine } from '../../src/text.js'

/** Whether the runner would read `line` as a workflow command: `::` after leading spaces, or `##[` anywhere. */
function isCommand(line: string): boolean {
  return /^\s*::/.test(line) || line.includes('##[')
}

describe('logLine', () => {
  it.each<[string, string, string]>([
    [
      'plain text as is',
      'Waiting for the checks at abc1234 still running: lint.',
      'Waiting for the checks at abc1234 still running: lint.'
    ],
    ['indentation kept', '  1. GET views', '  1. GET views'],
    ['a line feed folded', 'lint\n::warning::forged', 'lint ::warning::forged'],
    ['a carriage return folded', 'lint\r::error::forged', 'lint ::error::forged'],
    ['CRLF folded to one space', 'lint\r\n::add-mask::x', 'lint ::add-mask::x'],
    ['a vertical tab, form feed and NEL folded', 'a\u000bb\u000cc\u0085d', 'a b c d'],
    ['U+2028 and U+2029 folded', 'a\u2028::b\u2029c', 'a ::b c'],
    ['tabs and escape sequences folded', 'a\tb\u001b[31mc', 'a b [31mc'],
    ['the older form defused anywhere in the line', 'Round 1: x ##[error]forged failed', 'Round 1: x ## [error]forged failed'],
    ['the older form defused however often', '###[a]##[b]', '### [a]## [b]'],
    ['a line starting with :: put behind a bar', '::warning::forged', '| ::warning::forged'],
    ['a line starting with spaces and :: put behind a bar', ' \u00a0\u3000::stop-commands::x', '|  \u00a0\u3000::stop-commands::x'],
    ['a line feed first, then ::, behind a bar', '\n::set-output name=x::y', '|  ::set-output name=x::y'],
    ['a :: further on left as is', 'context ci::lint', 'context ci::lint'],
    ['empty', '', '']
  ])('%s', (_, message, line) => {
    expect(logLine(message)).toBe(line)
  })

  it.each([
    'lint\n::warning::forged',
    '\r\n  ::error file=a.ts::x',
    '\u2028::notice::x',
    'x\u0085::debug::y',
    'a ##[warning]b',
    '##[group]x',
    '\t::stop-commands::token'
  ])('leaves %j no line a runner would read as a command', (message) => {
    const line = logLine(message)
    expect(line.split(/\r\n|[\r\n\u2028\u2029\u0085]/)).toEqual([line])
    expect(isCommand(line)).toBe(false)
  })
})
