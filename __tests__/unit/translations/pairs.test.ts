/** The languages of the navigation and how their pages pair: by path, else by index path, never by names. */
import { describe, expect, it } from '@jest/globals'
import type { DocsJson } from '../../../src/operations/translations/docs-json.js'
import { languageScopes, sourceLanguage } from '../../../src/operations/translations/navigation.js'
import { pageFilesOf, pairScope } from '../../../src/operations/translations/pairs.js'
import { selectLanguages } from '../../../src/operations/translations/read.js'

function docs(navigation: unknown): DocsJson {
  return { value: { navigation }, origins: new WeakMap() }
}

function pairsOf(navigation: unknown, files: string[], docsFolder = '') {
  const [scope] = selectLanguages(docs(navigation), [])
  if (!scope) throw new Error('no scope')
  return pairScope(scope.scope, scope.source, scope.judged, { files: pageFilesOf(files, docsFolder), docsFolder })
}

const brief = (pairs: { pairs: { language: string; source: string | null; translation: string; kind: string; rule: string | null }[] }) =>
  pairs.pairs.map((pair) => `${pair.language} ${pair.source ?? '-'} → ${pair.translation} ${pair.kind} ${pair.rule ?? '-'}`)

describe('languageScopes', () => {
  it('finds every languages array: at the top, in versions, products and a tab menu, each a scope', () => {
    const scopes = languageScopes(
      docs({
        versions: [
          { version: 'v2', languages: [{ language: 'en' }, { language: 'fr' }] },
          { version: 'v1', languages: [{ language: 'en' }] }
        ],
        products: [{ product: 'API', languages: [{ language: 'en' }, { language: 'ja' }] }],
        tabs: [{ tab: 'Guides', menu: [{ item: 'Ref', languages: [{ language: 'en' }, { language: 'de' }] }] }]
      })
    )
    expect(scopes.map((scope) => [scope.name, scope.languages.map((one) => one.code)])).toEqual([
      ['version v2', ['en', 'fr']],
      ['version v1', ['en']],
      ['product API', ['en', 'ja']],
      ['tab Guides › menu Ref', ['en', 'de']]
    ])
  })

  it('collects pages in order: page strings, a group root, nested groups, tabs; never API operations or links', () => {
    const [scope] = languageScopes(
      docs({
        languages: [
          {
            language: 'en',
            tabs: [
              {
                tab: 'A',
                groups: [
                  { group: 'G', root: 'overview', pages: ['one', 'GET /users', { group: 'Inner', pages: ['/two.mdx', 'https://x.io'] }] }
                ]
              }
            ]
          }
        ]
      })
    )
    expect(scope?.languages[0]?.pages).toEqual([
      { page: 'overview', indexPath: 'tabs.0.groups.0.root' },
      { page: 'one', indexPath: 'tabs.0.groups.0.pages.0' },
      { page: 'two', indexPath: 'tabs.0.groups.0.pages.2.pages.0' }
    ])
  })

  it('takes the default language as the source, else the first; an href language never is', () => {
    const scope = (languages: unknown[]) => languageScopes(docs({ languages }))[0]!
    expect(sourceLanguage(scope([{ language: 'en' }, { language: 'fr', default: true }]))?.code).toBe('fr')
    expect(sourceLanguage(scope([{ language: 'de', href: 'https://de.example.com' }, { language: 'en' }]))?.code).toBe('en')
  })
})

describe('selectLanguages', () => {
  const nav = {
    languages: [
      { language: 'en' },
      { language: 'fr', hidden: true },
      { language: 'de', href: 'https://de.example.com' },
      { language: 'ja' }
    ]
  }

  it('judges hidden languages, never href ones, and only those named', () => {
    expect(selectLanguages(docs(nav), [])[0]?.judged.map((one) => one.code)).toEqual(['fr', 'ja'])
    expect(selectLanguages(docs(nav), ['ja'])[0]?.judged.map((one) => one.code)).toEqual(['ja'])
  })

  it('refuses a language docs.json lacks, or the source', () => {
    expect(() => selectLanguages(docs(nav), ['es'])).toThrow("Input 'languages' names es, which docs.json does not have")
    expect(() => selectLanguages(docs(nav), ['de'])).toThrow('which docs.json does not have')
    expect(() => selectLanguages(docs(nav), ['en'])).toThrow("Input 'languages' names en, the source language")
  })
})

describe('pairScope', () => {
  it('pairs by path under the language folder, else by index path; the rest missing or orphan', () => {
    const nav = {
      languages: [
        { language: 'en', groups: [{ group: 'Start', pages: ['quickstart', 'setup', 'api', 'faq'] }] },
        {
          language: 'fr',
          groups: [
            { group: 'Démarrer', pages: ['fr/quickstart', 'fr/installation', 'fr/ancien'] },
            { group: 'X', pages: ['fr/perdu'] }
          ]
        }
      ]
    }
    const files = [
      'quickstart.mdx',
      'setup.mdx',
      'api.mdx',
      'faq.md',
      'fr/quickstart.mdx',
      'fr/installation.mdx',
      'fr/ancien.mdx',
      'fr/perdu.mdx',
      'fr/faq.mdx'
    ]
    expect(brief(pairsOf(nav, files))).toEqual([
      'fr quickstart.mdx → fr/quickstart.mdx paired path',
      'fr setup.mdx → fr/installation.mdx paired index path',
      'fr api.mdx → fr/ancien.mdx paired index path',
      'fr faq.md → fr/faq.mdx paired path',
      'fr - → fr/perdu.mdx orphan -'
    ])
  })

  it('strips the source folder named by its code or primary subtag, and finds a folder that is not the code', () => {
    const nav = {
      languages: [
        { language: 'en-US', pages: ['en/a', 'en/b'] },
        { language: 'zh-Hans', pages: ['zh/a'] }
      ]
    }
    const result = pairsOf(nav, ['docs/en/a.mdx', 'docs/en/b.mdx', 'docs/zh/a.mdx'], 'docs/')
    expect(brief(result)).toEqual([
      'zh-Hans docs/en/a.mdx → docs/zh/a.mdx paired path',
      'zh-Hans docs/en/b.mdx → docs/zh/b.mdx missing path'
    ])
  })

  it('does not strip a source folder named otherwise, and lists source pages on no navigation', () => {
    const nav = {
      languages: [
        { language: 'en', pages: ['guides/a'] },
        { language: 'fr', pages: ['fr/guides/a'] }
      ]
    }
    const result = pairsOf(nav, ['guides/a.mdx', 'guides/draft.mdx', 'snippets/x.mdx', 'fr/guides/a.mdx'])
    expect([brief(result), result.notInNavigation]).toEqual([['fr guides/a.mdx → fr/guides/a.mdx paired path'], ['guides/draft.mdx']])
  })

  it('says where a missing page joins: its index path and the file that holds the language', () => {
    const nav = {
      languages: [
        { language: 'en', pages: ['a', 'b'] },
        { language: 'fr', pages: ['fr/a'] }
      ]
    }
    expect(pairsOf(nav, ['a.mdx', 'b.mdx', 'fr/a.mdx']).pairs[1]).toMatchObject({
      kind: 'missing',
      joins: { indexPath: 'pages.1', file: 'docs.json' }
    })
  })

  it('leaves out navigation entries that name no file', () => {
    const nav = {
      languages: [
        { language: 'en', pages: ['a', 'generated'] },
        { language: 'fr', pages: ['fr/a'] }
      ]
    }
    expect(brief(pairsOf(nav, ['a.mdx', 'fr/a.mdx']))).toEqual(['fr a.mdx → fr/a.mdx paired path'])
  })
})
