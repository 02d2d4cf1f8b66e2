/**
 * `paths`: the changed files that need documenting, judged like a workflow's `paths` filter. The first
 * table is GitHub's own "Patterns to match file paths" (workflow syntax, filter pattern cheat sheet).
 */
import { describe, expect, it } from '@jest/globals'
import {
  anyDocumented,
  compilePaths,
  documentedFiles,
  isDocumented,
  type PathsFilter
} from '../../../../src/operations/agent/decide/paths.js'
import { docsCheckInputs } from './factories.js'
import { refusal } from '../../../fixtures/refusal.js'

function filterOf(...globs: string[]): PathsFilter {
  const compiled = compilePaths(globs)
  if (!compiled.ok) throw new Error(`${globs.join(', ')} did not compile: ${compiled.problem.why}`)
  return compiled.filter
}

describe("paths: GitHub's examples for on.push.paths", () => {
  const examples: [string[], string[], string[]][] = [
    [['*'], ['README.md', 'server.rb'], ['docs/README.md', 'a/b/c.rb']],
    [['**'], ['all/the/files.md', 'README.md', '.github/workflows/ci.yml'], []],
    [['*.js'], ['app.js', 'index.js'], ['js/index.js', 'app.ts']],
    [['**.js'], ['index.js', 'js/index.js', 'src/js/app.js'], ['index.ts', 'js/index.json']],
    [['docs/*'], ['docs/README.md', 'docs/file.txt'], ['docs/mona/octocat.txt', 'README.md']],
    [['docs/**'], ['docs/README.md', 'docs/mona/octocat.txt'], ['src/docs/a.md', 'docsite/a.md']],
    [['docs/**/*.md'], ['docs/README.md', 'docs/mona/hello-world.md', 'docs/a/markdown/file.md'], ['docs/a/file.txt', 'README.md']],
    [['**/docs/**'], ['docs/hello.md', 'dir/docs/my-file.txt', 'space/docs/plan/space.doc'], ['mydocs/a.md', 'dir/docsite/a']],
    [['**/README.md'], ['README.md', 'js/README.md'], ['js/README.mdx', 'NOT-README.md']],
    [['**/*src/**'], ['a/src/app.js', 'my-src/code/js/app.js'], ['src-a/app.js', 'a/source/app.js']],
    [['**/*-post.md'], ['my-post.md', 'path/their-post.md'], ['post.md', 'path/my-posts.md']],
    [['**/migrate-*.sql'], ['migrate-10909.sql', 'db/migrate-v1.0.sql', 'db/sept/migrate-v1.sql'], ['db/migrate.sql', 'migrate-1.sql.bak']],
    [['*.md', '!README.md'], ['hello.md'], ['README.md', 'docs/hello.md']],
    [['*.md', '!README.md', 'README*'], ['hello.md', 'README.md', 'README.doc'], ['docs/hello.md']]
  ]
  const cases = examples.flatMap(([globs, yes, no]) => [
    ...yes.map((file) => ({ globs, file, expected: true })),
    ...no.map((file) => ({ globs, file, expected: false }))
  ])

  it.each(cases)('$globs: $file counts $expected', ({ globs, file, expected }) => {
    expect(isDocumented(file, filterOf(...globs))).toBe(expected)
  })
})

describe('paths: order, exclusions and the last matching glob', () => {
  const cases: [string, string[], string, boolean][] = [
    ['an exclusion later overrides an earlier glob', ['src/**', '!src/**/*.test.ts'], 'src/api/client.test.ts', false],
    ['an exclusion leaves what it does not match', ['src/**', '!src/**/*.test.ts'], 'src/api/client.ts', true],
    [
      'a glob after an exclusion takes files back',
      ['src/**', '!src/internal/**', 'src/internal/public-api.ts'],
      'src/internal/public-api.ts',
      true
    ],
    [
      'the rest of the excluded folder stays out',
      ['src/**', '!src/internal/**', 'src/internal/public-api.ts'],
      'src/internal/cache.ts',
      false
    ],
    ['an exclusion first excludes nothing yet', ['!src/generated/**', 'src/**'], 'src/generated/types.ts', true],
    ['a file no glob matches does not count', ['src/**', '!src/**/*.test.ts'], 'README.md', false],
    ['dotfiles match like any file', ['**/*.yml'], '.github/workflows/ci.yml', true],
    ['dot folders match under **', ['src/**'], 'src/.config/settings.json', true],
    ['an exclusion reaches dotfiles too', ['**', '!.github/**'], '.github/dependabot.yml', false],
    ['* does not cross a folder', ['src/*.ts'], 'src/api/client.ts', false],
    ['? is exactly one character', ['v?.md'], 'v1.md', true],
    ['? is not zero characters', ['v?.md'], 'v.md', false],
    ['? does not match a slash', ['a?b'], 'a/b', false],
    ['a character class is one of its set', ['api/v[12]/**'], 'api/v2/users.ts', true],
    ['a character class excludes the rest', ['api/v[12]/**'], 'api/v3/users.ts', false],
    ['matching is case-sensitive, as git paths are', ['docs/**'], 'Docs/intro.md', false],
    ['braces are literal, as in GitHub filters', ['src/{a,b}.ts'], 'src/a.ts', false],
    ['parentheses are literal (route groups)', ['app/(marketing)/**'], 'app/(marketing)/page.tsx', true],
    ['parentheses are no group', ['app/(marketing)/**'], 'app/marketing/page.tsx', false],
    ['| in parentheses is no alternative', ['docs/(a|b)/*'], 'docs/a/x.md', false],
    ['| in parentheses is itself', ['docs/(a|b)/*'], 'docs/(a|b)/x.md', true],
    ['a parenthesis left open is itself', ['app/(group/**'], 'app/(group/page.tsx', true],
    ['an escaped parenthesis stays escaped', ['app/\\(x\\)/*'], 'app/(x)/page.tsx', true],
    ['| is no alternative outside parentheses either', ['docs/*.md|README.md'], 'README.md', false],
    ['double quotes are themselves', ['"quoted"/*'], '"quoted"/a.md', true],
    ['a star between double quotes is still a wildcard', ['notes/"*"'], 'notes/"anything"', true],
    ['+ is a plus sign', ['c++/*.h'], 'c++/vector.h', true],
    ['+ repeats nothing', ['c++/*.h'], 'ccc/vector.h', false],
    ['a backslash escapes a special character', ['notes/\\*.md'], 'notes/*.md', true],
    ['an escaped star matches only a star', ['notes/\\*.md'], 'notes/all.md', false],
    ['non-ASCII names match', ['docs/café/**'], 'docs/café/menu.md', true]
  ]

  it.each(cases)('%s', (_, globs, file, expected) => {
    expect(isDocumented(file, filterOf(...globs))).toBe(expected)
  })
})

describe('paths: lists of changed files', () => {
  const filter = filterOf('src/**', '!src/**/*.test.ts', 'openapi.yaml')
  const files = ['README.md', 'src/api.ts', 'src/api.test.ts', 'openapi.yaml', 'src/lib/util.ts']

  it('keeps the documented files in their order', () => {
    expect(documentedFiles(files, filter)).toEqual(['src/api.ts', 'openapi.yaml', 'src/lib/util.ts'])
  })

  it('says whether any changed file is documented', () => {
    expect(anyDocumented(files, filter)).toBe(true)
    expect(anyDocumented(['README.md', 'src/api.test.ts'], filter)).toBe(false)
    expect(anyDocumented([], filter)).toBe(false)
  })

  it('keeps the globs as written, for messages', () => {
    expect(filter.globs).toEqual(['src/**', '!src/**/*.test.ts', 'openapi.yaml'])
  })
})

describe('paths: globs that cannot work', () => {
  const cases: [string, string[], { glob: string; why: string }][] = [
    ['a bracket left open', ['docs/**', 'src/[ab/**'], { glob: 'src/[ab/**', why: 'not-a-glob' }],
    ['a closing bracket without its opening', ['src]/**'], { glob: 'src]/**', why: 'not-a-glob' }],
    ['a range out of order', ['v[z-a].md'], { glob: 'v[z-a].md', why: 'not-a-glob' }],
    ['a trailing backslash', ['docs\\'], { glob: 'docs\\', why: 'not-a-glob' }],
    ['a lone !', ['docs/**', '!'], { glob: '!', why: 'empty' }],
    ['! and blanks', ['! '], { glob: '! ', why: 'empty' }],
    ['a path from the filesystem root', ['/docs/**'], { glob: '/docs/**', why: 'absolute' }],
    ['an excluded path from the root', ['docs/**', '!/docs/old/**'], { glob: '!/docs/old/**', why: 'absolute' }],
    ['exclusions only', ['!src/**', '!test/**'], { glob: '', why: 'only-exclusions' }]
  ]

  it.each(cases)('refuses %s', (_, globs, problem) => {
    const compiled = compilePaths(globs)
    expect(compiled).toMatchObject({ ok: false, problem })
  })

  it("keeps the glob library's words for a glob it cannot compile", () => {
    const compiled = compilePaths(['src/[ab/**'])
    expect(compiled.ok ? '' : compiled.problem.detail).toMatch(/closing.*\]/i)
  })

  it('compiles an empty list to a filter that matches nothing', () => {
    const compiled = compilePaths([])
    expect(compiled.ok && anyDocumented(['README.md'], compiled.filter)).toBe(false)
  })
})

describe('paths: the input', () => {
  it.each([
    ['', null],
    ['  \n\n ', null],
    [',', null],
    ['src/**', ['src/**']],
    ['src/**\n!src/**/*.test.ts\nopenapi.yaml', ['src/**', '!src/**/*.test.ts', 'openapi.yaml']],
    ['src/**, !src/**/*.test.ts,openapi.yaml', ['src/**', '!src/**/*.test.ts', 'openapi.yaml']],
    ['\r\n  src/**  \r\n\r\n  lib/**\r\n', ['src/**', 'lib/**']],
    ['src/**,\n, lib/**', ['src/**', 'lib/**']]
  ])('reads %j as the globs %j', (raw, globs) => {
    expect(docsCheckInputs({ paths: raw }).paths?.globs ?? null).toEqual(globs)
  })

  it('judges files with the globs it read, in their order', () => {
    const filter = docsCheckInputs({ paths: 'src/**\n!src/**/*.test.ts' }).paths
    expect(filter && documentedFiles(['src/a.ts', 'src/a.test.ts', 'README.md'], filter)).toEqual(['src/a.ts'])
  })

  const accepted =
    'give globs of the files whose changes need documenting, one per line or separated by commas (src/**, !src/**/*.test.ts), with ! before a glob to exclude what it matches.'
  it.each([
    ['src/[ab/**', `Input 'paths' has 'src/[ab/**', which is not a glob (Missing closing: "]"): ${accepted}`],
    ['docs/**\nv[z-a].md', `Input 'paths' has 'v[z-a].md', which is not a glob (Range out of order in character class): ${accepted}`],
    ['docs/**, !', `Input 'paths' has '!', which excludes nothing: ${accepted}`],
    [
      '/docs/**',
      `Input 'paths' has '/docs/**', which starts with / although changed files are relative to the repository root: ${accepted}`
    ],
    ['!src/**\n!test/**', `Input 'paths' only excludes files, so no change would ever count: ${accepted}`]
  ])('refuses %j in one sentence naming the input', (raw, message) => {
    const error = refusal(() => docsCheckInputs({ paths: raw }))
    expect(error.input).toBe('paths')
    expect(error.message).toBe(message)
  })
})
