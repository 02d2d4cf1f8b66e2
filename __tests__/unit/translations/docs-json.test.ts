/** docs.json's `$ref`s, resolved wherever they stand: relative to the file holding them, inside docs-path, siblings merged over. */
import { describe, expect, it } from '@jest/globals'
import { type JsonFiles, joinPath, readDocsJson } from '../../../src/operations/translations/docs-json.js'
import { languageScopes, sourceLanguage } from '../../../src/operations/translations/navigation.js'

/** Files by path; `links` maps a path to its real path (a symlink). */
function files(texts: Record<string, unknown>, links: Record<string, string> = {}): JsonFiles {
  const text = (path: string): string | null => {
    const value = texts[links[path] ?? path]
    return value === undefined ? null : typeof value === 'string' ? value : JSON.stringify(value)
  }
  return { read: text, real: (path) => (text(path) === null ? null : (links[path] ?? path)) }
}

describe('readDocsJson', () => {
  it('resolves a $ref relative to the file that holds it, at any depth, siblings merged over it', () => {
    const docs = readDocsJson(
      'docs/',
      files({
        'docs/docs.json': { navigation: { languages: [{ $ref: 'nav/en.json' }, { $ref: './nav/fr.json', default: false }] } },
        'docs/nav/en.json': { language: 'en', groups: [{ $ref: '../groups/start.json' }] },
        'docs/nav/fr.json': { language: 'fr', default: true, groups: [] },
        'docs/groups/start.json': { group: 'Start', pages: ['quickstart'] }
      })
    )
    const [scope] = languageScopes(docs)
    expect(scope?.languages.map((one) => [one.code, one.default, one.file, one.pages.map((page) => page.page)])).toEqual([
      ['en', false, 'docs/nav/en.json', ['quickstart']],
      ['fr', false, 'docs/nav/fr.json', []]
    ])
  })

  it('makes a language the default by a sibling key', () => {
    const docs = readDocsJson(
      '',
      files({
        'docs.json': {
          navigation: {
            languages: [
              { language: 'en', pages: [] },
              { $ref: 'fr.json', default: true }
            ]
          }
        },
        'fr.json': { language: 'fr', pages: [] }
      })
    )
    expect(sourceLanguage(languageScopes(docs)[0]!)?.code).toBe('fr')
  })

  it('resolves "navigation" and "languages" themselves as $refs', () => {
    const docs = readDocsJson(
      '',
      files({
        'docs.json': { navigation: { $ref: 'navigation.json' } },
        'navigation.json': { languages: { $ref: 'languages.json' } },
        'languages.json': [{ language: 'en' }, { language: 'de' }]
      })
    )
    expect(languageScopes(docs)[0]?.languages.map((one) => one.code)).toEqual(['en', 'de'])
  })

  it('judges only entries whose code is a language tag: a path or a URL is no language of the site', () => {
    const docs = readDocsJson(
      '',
      files({
        'docs.json': {
          navigation: {
            languages: [
              { language: 'en', pages: [] },
              { language: 'zh-Hans', pages: [] },
              { language: '../../.github/workflows', pages: ['x'] },
              { language: 'https://evil.example/x', pages: [] },
              { language: '$(id)', pages: [] },
              { pages: [] }
            ]
          }
        }
      })
    )
    expect(languageScopes(docs)[0]?.languages.map((one) => one.code)).toEqual(['en', 'zh-Hans'])
  })

  it('says a docs.json is not JSON without quoting any of its text', () => {
    expect(() => readDocsJson('', files({ 'docs.json': 'ghp_secretsecretsecret' }))).toThrow(
      'docs.json is not JSON: fix its syntax (a JSON validator shows where).'
    )
  })

  it.each([
    ['a missing docs.json', {}, {}, /No docs.json in docs: give the folder/],
    ['a docs.json that is not JSON', { 'docs/docs.json': '{ nav' }, {}, /docs\/docs.json is not JSON/],
    [
      'a $ref that leaves docs-path',
      { 'docs/docs.json': { navigation: { $ref: '../secrets.json' } }, 'secrets.json': {} },
      {},
      /leaves docs-path \(docs\)/
    ],
    ['a $ref above the repository', { 'docs/docs.json': { navigation: { $ref: '../../../x.json' } } }, {}, /leaves docs-path/],
    [
      'a symlink that leaves docs-path',
      { 'docs/docs.json': { navigation: { $ref: 'nav.json' } }, 'other/nav.json': {} },
      { 'docs/nav.json': 'other/nav.json' },
      /a symlink that leaves docs-path/
    ],
    [
      'a missing $ref',
      { 'docs/docs.json': { navigation: { $ref: 'nav.json' } } },
      {},
      /\$ref to nav.json, and docs\/nav.json does not exist/
    ],
    [
      'a $ref that is not JSON',
      { 'docs/docs.json': { navigation: { $ref: 'nav.json' } }, 'docs/nav.json': 'nope' },
      {},
      /docs\/nav.json \(a \$ref of docs\/docs.json\) is not JSON/
    ],
    [
      'a $ref cycle',
      {
        'docs/docs.json': { navigation: { $ref: 'a.json' } },
        'docs/a.json': { x: { $ref: 'b.json' } },
        'docs/b.json': { $ref: './a.json' }
      },
      {},
      /docs\/docs.json → docs\/a.json → docs\/b.json → docs\/a.json\): a \$ref cycle/
    ]
  ])('refuses %s in one sentence naming the file', (_, texts, links, message) => {
    expect(() => readDocsJson('docs/', files(texts, links))).toThrow(message)
  })

  it('reads the same file twice when two places name it (no cycle)', () => {
    const docs = readDocsJson(
      '',
      files({
        'docs.json': { navigation: { languages: [{ $ref: 'x.json' }, { $ref: 'x.json', language: 'de' }] } },
        'x.json': { language: 'en' }
      })
    )
    expect(languageScopes(docs)[0]?.languages.map((one) => one.code)).toEqual(['en', 'de'])
  })
})

describe('joinPath', () => {
  it.each([
    ['docs/', 'a.json', 'docs/a.json'],
    ['docs/nav/', '../a.json', 'docs/a.json'],
    ['docs/', './x/../y.json', 'docs/y.json'],
    ['', '../a.json', null]
  ])('%s + %s is %s', (folder, relative, joined) => {
    expect(joinPath(folder, relative)).toBe(joined)
  })
})
