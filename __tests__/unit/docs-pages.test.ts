import { describe, expect, it } from '@jest/globals'
import { changedPages, docsFolder, type PullRequestFile } from '../../src/operations/docs-pages.js'

const PREVIEW = 'https://acme-feature-x.mintlify.app'

const file = (filename: string, status = 'modified'): PullRequestFile => ({ filename, status })

/** The page paths linked for `files` under `docsPath`. */
const paths = (files: PullRequestFile[], docsPath = '.'): string[] => changedPages(files, docsPath, PREVIEW).pages.map((page) => page.path)

describe('docsFolder', () => {
  it.each([
    ['.', ''],
    ['', ''],
    ['./', ''],
    ['/', ''],
    ['docs', 'docs/'],
    ['docs/', 'docs/'],
    ['./docs/', 'docs/'],
    ['/docs', 'docs/'],
    ['  docs  ', 'docs/'],
    ['site/docs', 'site/docs/'],
    ['./site//./docs/', 'site/docs/']
  ])('reads docs-path %j as the prefix %j', (docsPath, folder) => {
    expect(docsFolder(docsPath)).toBe(folder)
  })

  it.each(['..', '../docs', 'docs/../../x'])('refuses %j, which leaves the repository', (docsPath) => {
    expect(docsFolder(docsPath)).toBeNull()
  })
})

describe('changedPages: which files are pages', () => {
  it.each([
    ['index.mdx', '/'],
    ['quickstart.mdx', '/quickstart'],
    ['guides/setup.md', '/guides/setup'],
    ['guides/index.md', '/guides'],
    ['api/v2/index.mdx', '/api/v2'],
    ['README.MD', '/README'],
    ['guides/indexing.mdx', '/guides/indexing'],
    ['snippets.mdx', '/snippets'],
    ['guides/snippets/intro.mdx', '/guides/snippets/intro']
  ])('links %s as the page %s', (filename, path) => {
    expect(paths([file(filename)])).toEqual([path])
  })

  it.each([
    ['a stylesheet', 'style.css'],
    ['the navigation', 'docs.json'],
    ['an image', 'images/hero.png'],
    ['a component', 'snippets/card.jsx'],
    ['a snippet', 'snippets/intro.mdx'],
    ['a nested snippet', 'snippets/api/auth.md'],
    ['a hidden folder', '.github/pull_request_template.md'],
    ['a hidden file', 'guides/.draft.mdx'],
    ['a file named only by its extension', '.mdx'],
    ['a name merely ending in md', 'guides/cmd']
  ])('does not link %s (%s)', (_name, filename) => {
    expect(paths([file(filename)])).toEqual([])
  })
})

describe('changedPages: which changes count', () => {
  it.each([
    ['added', true],
    ['modified', true],
    ['renamed', true],
    ['copied', true],
    ['changed', true],
    ['removed', false],
    ['unchanged', false],
    ['something-new', false]
  ])('a file %s is linked: %s', (status, linked) => {
    expect(paths([file('guides/setup.mdx', status)])).toEqual(linked ? ['/guides/setup'] : [])
  })

  it('links a renamed page at its new name', () => {
    const renamed = { filename: 'guides/install.mdx', status: 'renamed', previous_filename: 'guides/setup.mdx' }
    expect(paths([renamed])).toEqual(['/guides/install'])
  })

  it('lists a page reached through two files once, in the order of the files', () => {
    expect(paths([file('b.mdx'), file('a.md'), file('b.md', 'added'), file('a.mdx')])).toEqual(['/b', '/a'])
  })
})

describe('changedPages: docs-path', () => {
  const files = [
    file('docs/index.mdx'),
    file('docs/guides/setup.mdx'),
    file('README.md'),
    file('docsearch/x.mdx'),
    file('docs/snippets/a.mdx')
  ]

  it.each(['docs', 'docs/', './docs/', '/docs'])('takes pages under %j relative to it', (docsPath) => {
    expect(paths(files, docsPath)).toEqual(['/', '/guides/setup'])
  })

  it('takes every page of the repository under the root, snippets of a subfolder included', () => {
    expect(paths(files, '.')).toEqual(['/docs', '/docs/guides/setup', '/README', '/docsearch/x', '/docs/snippets/a'])
  })

  it('finds nothing under a folder outside the repository', () => {
    expect(paths([file('docs/index.mdx'), file('x.mdx')], '../docs')).toEqual([])
  })
})

describe('changedPages: limit and links', () => {
  const many = Array.from({ length: 14 }, (_, i) => file(`page-${i}.mdx`))

  it('links at most 10 pages by default and counts the rest', () => {
    const result = changedPages(many, '.', PREVIEW)
    expect(result.pages).toHaveLength(10)
    expect(result.pages.at(-1)?.path).toBe('/page-9')
    expect(result.more).toBe(4)
  })

  it.each([
    [14, 14, 0],
    [20, 14, 0],
    [3, 3, 11],
    [0, 0, 14]
  ])('with a limit of %i links %i and counts %i more', (limit, shown, more) => {
    const result = changedPages(many, '.', PREVIEW, limit)
    expect(result.pages).toHaveLength(shown)
    expect(result.more).toBe(more)
  })

  it('joins the page path to the preview URL', () => {
    expect(changedPages([file('index.mdx'), file('guides/setup.mdx')], '.', PREVIEW).pages).toEqual([
      { path: '/', url: 'https://acme-feature-x.mintlify.app/' },
      { path: '/guides/setup', url: 'https://acme-feature-x.mintlify.app/guides/setup' }
    ])
  })

  it('joins under a preview URL with a path of its own, with or without its trailing slash', () => {
    for (const preview of ['https://acme.mintlify.app/feature-x', 'https://acme.mintlify.app/feature-x/']) {
      expect(changedPages([file('guides/setup.mdx')], '.', preview).pages[0]?.url).toBe('https://acme.mintlify.app/feature-x/guides/setup')
    }
  })

  it('encodes file names that would end the path early or leave the preview host', () => {
    const odd = [file('a b?c#d.mdx'), file('guides/100%.mdx'), file('ünï.mdx'), file('x/@evil.com.mdx')]
    expect(changedPages(odd, '.', PREVIEW).pages.map((page) => page.url)).toEqual([
      'https://acme-feature-x.mintlify.app/a%20b%3Fc%23d',
      'https://acme-feature-x.mintlify.app/guides/100%25',
      'https://acme-feature-x.mintlify.app/%C3%BCn%C3%AF',
      'https://acme-feature-x.mintlify.app/x/%40evil.com'
    ])
    for (const page of changedPages(odd, '.', PREVIEW).pages) expect(new URL(page.url).host).toBe('acme-feature-x.mintlify.app')
  })
})
