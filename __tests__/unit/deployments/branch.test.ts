import { describe, expect, it } from '@jest/globals'
import { branchProblem } from '../../../src/operations/deployments/branch.js'

/** Names `git check-ref-format --branch` accepts (checked against git 2.39 outside a repository). */
const ACCEPTED = [
  'main',
  'feature/x',
  'release-1.2.3',
  'dependabot/npm_and_yarn/eslint-10.15.0',
  'user/foo.bar',
  'a./b',
  'x.lockfile',
  'a.locks/b.lockx',
  'x@y',
  '@x',
  'a@',
  '@/x',
  'HEADS',
  'head',
  'refs/heads/x',
  'ünïcødé/分支',
  'emoji-🚀',
  'a{b}',
  'a!b#c$d%e&f(g)h+i,j;k<l>m=n|o"p\'q`r',
  '_/_'
]

/**
 * Names git refuses, with the reason given (the phrase completes "Input 'branch' …"). `@` passes git only outside a
 * repository: inside one, git reads it as HEAD and checks the current branch instead.
 */
const REFUSED: [string, string][] = [
  ['', 'is empty'],
  ['@', "is '@', which git reads as HEAD"],
  ['HEAD', "is 'HEAD', which git reserves"],
  ['-x', "starts with '-', which git would read as an option"],
  ['--force', "starts with '-', which git would read as an option"],
  ['feature.', "ends with '.'"],
  ['a/b.', "ends with '.'"],
  ['a\tb', 'contains a control character (U+0009)'],
  ['a\nb', 'contains a control character (U+000A)'],
  ['a\u0000b', 'contains a control character (U+0000)'],
  ['a\u007fb', 'contains a control character (U+007F)'],
  ['a b', 'contains a space'],
  ['a~1', "contains '~'"],
  ['a^2', "contains '^'"],
  ['a:b', "contains ':'"],
  ['a?', "contains '?'"],
  ['a*', "contains '*'"],
  ['a[b', "contains '['"],
  ['a\\b', "contains '\\'"],
  ['a..b', "contains '..'"],
  ['a/../b', "contains '..'"],
  ['a@{b', "contains '@{'"],
  ['@{-1}', "contains '@{'"],
  ['/a', "starts with '/'"],
  ['a/', "ends with '/'"],
  ['a//b', "contains '//'"],
  ['.hidden', "starts with '.'"],
  ['a/.b', "has a part after a '/' that starts with '.'"],
  ['a.lock', "ends with '.lock'"],
  ['a/b.lock', "ends with '.lock'"],
  ['a.lock/b', "has a part before a '/' that ends with '.lock'"]
]

describe('branchProblem (the rules of git check-ref-format --branch)', () => {
  it.each(ACCEPTED)('accepts %j', (name) => {
    expect(branchProblem(name)).toBeNull()
  })

  it.each(REFUSED)('refuses %j: it %s', (name, reason) => {
    expect(branchProblem(name)).toBe(reason)
  })

  it('names the first rule broken when several are', () => {
    expect(branchProblem('-a b..c')).toBe("starts with '-', which git would read as an option")
    expect(branchProblem('a b~c')).toBe('contains a space')
  })

  it('reads as the end of an input error', () => {
    expect(`Input 'branch' ${branchProblem('feature..x')}.`).toBe("Input 'branch' contains '..'.")
  })
})
