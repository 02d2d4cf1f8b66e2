/**
 * Every relative link of README.md and the pages of docs/ leads somewhere: to a file that exists and, with
 * a `#fragment`, to a heading of that page, named as GitHub names heading anchors.
 */
import { describe, expect, it } from '@jest/globals'
import { existsSync, readdirSync } from 'node:fs'
import { dirname, join, normalize } from 'node:path'
import { PROJECT_ROOT } from '../../scripts/run-action.js'
import { readPage } from '../e2e/readme-helpers.js'

const pages = ['README.md', ...readdirSync(join(PROJECT_ROOT, 'docs')).map((name) => `docs/${name}`)]

/** The page without its fenced code blocks and code spans, where `[x](y)` and `# x` are not Markdown. */
function prose(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```$/gm, '').replace(/`[^`\n]*`/g, (span) => span.replace(/[[\]()#]/g, ' '))
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
function headingAnchors(markdown: string): string[] {
  const seen = new Map<string, number>()
  return [...markdown.replace(/^```[\s\S]*?^```$/gm, '').matchAll(/^#{1,6} +(.+?) *#* *$/gm)].map((heading) => {
    const text = (heading[1] ?? '').replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/`/g, '')
    const base = text
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replace(/ /g, '-')
    const count = seen.get(base) ?? 0
    seen.set(base, count + 1)
    return count === 0 ? base : `${base}-${count}`
  })
}

/** The relative links of a page (inline and reference definitions), as written. */
function relativeLinks(markdown: string): string[] {
  const text = prose(markdown)
  const inline = [...text.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((match) => match[1] ?? '')
  const definitions = [...text.matchAll(/^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)].map((match) => match[1] ?? '')
  return [...inline, ...definitions].filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target))
}

/** Why each relative link of `page` (a path from the project root) leads nowhere; empty when all resolve. */
function brokenLinks(page: string, read: (path: string) => string, exists: (path: string) => boolean): string[] {
  return relativeLinks(read(page)).flatMap((link) => {
    const [path = '', fragment] = link.split('#')
    const target = path === '' ? page : normalize(join(dirname(page), decodeURIComponent(path)))
    if (!exists(target)) return [`${page}: ${link} (no file ${target})`]
    if (fragment === undefined) return []
    if (!target.endsWith('.md')) return [`${page}: ${link} (#${fragment} in a file that is not Markdown)`]
    return headingAnchors(read(target)).includes(decodeURIComponent(fragment)) ? [] : [`${page}: ${link} (no heading #${fragment})`]
  })
}

describe('the links of the README and docs/', () => {
  it.each(pages)('%s: every relative link points at a file that exists and, with #, at a heading there', (page) => {
    expect(relativeLinks(readPage(page)).length).toBeGreaterThan(0)
    expect(brokenLinks(page, readPage, (path) => existsSync(join(PROJECT_ROOT, path)))).toEqual([])
  })
})

describe('the link check', () => {
  it('names headings as GitHub does: no punctuation or code marks, hyphens for spaces, repeats numbered', () => {
    const page =
      '# Docs Agent Action\n### 1. On push: document what changed\n### 3. `/docs` slash command in pull requests and issues\n## Inputs\n```sh\n# not a heading\n```\n## Inputs\n'
    expect(headingAnchors(page)).toEqual([
      'docs-agent-action',
      '1-on-push-document-what-changed',
      '3-docs-slash-command-in-pull-requests-and-issues',
      'inputs',
      'inputs-1'
    ])
  })

  it('finds a missing file, a missing heading and a fragment of a file that is not Markdown, and ignores code and web links', () => {
    const files: Record<string, string> = {
      'README.md': [
        '# Top',
        '[ok](docs/a.md#a-heading) [here](#top) [web](https://example.com/x.md) `[code](nowhere.md)`',
        '[gone](docs/missing.md) [wrong](docs/a.md#no-such-heading) [license](LICENSE#top)',
        '```yaml',
        '[in a block](nowhere.md)',
        '```'
      ].join('\n'),
      'docs/a.md': '# A heading\n[back](../README.md#top)\n',
      LICENSE: 'MIT'
    }
    const read = (path: string): string => files[path] ?? ''
    const exists = (path: string): boolean => path in files
    expect(brokenLinks('README.md', read, exists)).toEqual([
      'README.md: docs/missing.md (no file docs/missing.md)',
      'README.md: docs/a.md#no-such-heading (no heading #no-such-heading)',
      'README.md: LICENSE#top (#top in a file that is not Markdown)'
    ])
    expect(brokenLinks('docs/a.md', read, exists)).toEqual([])
  })
})
