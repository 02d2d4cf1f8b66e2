import { describe, expect, it } from '@jest/globals'
import {
  codeBlock,
  codeSpan,
  escapeHtml,
  escapeInline,
  escapeText,
  escapeWithLinks,
  httpsImage,
  safeLink,
  truncate
} from '../../src/markdown.js'

const ZWSP = '\u200B'

/** True when every `char` in `text` is preceded by a backslash, so markdown reads it literally. */
/** Every `char` of the input survives, and each one is backslash-escaped. */
function allEscaped(text: string, char: string): boolean {
  const count = [...text].filter((c) => c === char).length
  return count > 0 && [...text].every((c, i) => c !== char || text[i - 1] === '\\')
}

describe('escapeText', () => {
  it('breaks an @user mention so nobody is pinged', () => {
    expect(escapeText('thanks @octocat')).toBe(`thanks @${ZWSP}octocat`)
  })

  it('breaks an @org/team mention', () => {
    expect(escapeText('cc @acme/docs-team')).toBe(`cc @${ZWSP}acme/docs-team`)
  })

  it('breaks every mention in the text', () => {
    const escaped = escapeText('@alice, @bob and @acme/core')
    expect(escaped).not.toMatch(/@[A-Za-z0-9]/)
    expect(escaped.split(ZWSP)).toHaveLength(4)
  })

  it('breaks #12, owner/repo#12 and GH-12 references (any case), which GitHub would link', () => {
    const escaped = escapeText('see #12, acme/docs#7, GH-12 and gh-3 (GH-x and LGH- stay as written)')
    expect(escaped).toBe(`see #${ZWSP}12, acme/docs#${ZWSP}7, GH-${ZWSP}12 and gh-${ZWSP}3 (GH-x and LGH- stay as written)`)
    expect(escaped).not.toMatch(/(?:#|GH-)\d/i)
  })

  it('breaks a GH- reference in every escaper of untrusted text', () => {
    for (const escaped of [
      escapeInline('GH-12'),
      escapeHtml('GH-12'),
      escapeWithLinks('fixes GH-12 https://example.com/a'),
      safeLink('GH-12', 'https://x.test')
    ])
      expect(escaped).toContain(`GH-${ZWSP}12`)
  })

  it('turns HTML into visible text', () => {
    const escaped = escapeText('<script>alert(1)</script><img src=x onerror=alert(1)>')
    expect(escaped).not.toContain('<')
    expect(escaped).not.toContain('>')
    expect(escaped).toContain('&lt;script&gt;')
    expect(escaped).toContain('&lt;img src=x onerror=alert')
  })

  it('cannot forge a hidden marker', () => {
    const escaped = escapeText('<!-- docs-agent-action:status -->')
    expect(escaped).not.toContain('<!--')
    expect(escaped.startsWith('&lt;')).toBe(true)
  })

  it('escapes an ampersand, so entities show as typed', () => {
    expect(escapeText('&lt; & &amp;')).toBe('&amp;lt; &amp; &amp;amp;')
  })

  it('makes no link of [x](javascript:alert(1))', () => {
    const escaped = escapeText('[x](javascript:alert(1))')
    expect(allEscaped(escaped, '[')).toBe(true)
    expect(allEscaped(escaped, ']')).toBe(true)
  })

  it('makes no image of ![x](https://evil.example/p.png)', () => {
    expect(allEscaped(escapeText('![x](https://evil.example/p.png)'), '[')).toBe(true)
  })

  it('escapes emphasis, code, strike-through and table pipes', () => {
    const escaped = escapeText('**bold** _it_ `code` ~~gone~~ a|b')
    for (const char of ['*', '_', '`', '~', '|']) expect(allEscaped(escaped, char)).toBe(true)
  })

  it('keeps a heading, list or quote from starting', () => {
    expect(escapeText('# Owned')).toMatch(/^\\#/)
    expect(escapeText('- item')).toMatch(/^\\-/)
    expect(escapeText('+ item')).toMatch(/^\\\+/)
    expect(escapeText('1. item')).toMatch(/^1\\\./)
    expect(escapeText('> quote')).toBe('&gt; quote')
  })

  it('escapes a backslash so it cannot undo an escape', () => {
    expect(allEscaped(escapeText('\\[x](y)'), '[')).toBe(true)
    expect(escapeText('a\\b')).toBe('a\\\\b')
  })

  it('leaves plain words alone', () => {
    expect(escapeText('Update the quickstart page')).toBe('Update the quickstart page')
  })
})

describe('escapeInline', () => {
  it('folds line breaks into single spaces', () => {
    expect(escapeInline('  first line\r\n\n   second line \n')).toBe('first line second line')
  })

  it('escapes like escapeText', () => {
    expect(escapeInline('@octocat <b>')).toBe(`@${ZWSP}octocat &lt;b&gt;`)
  })
})

describe('codeBlock', () => {
  it('fences text with three backticks and a language', () => {
    expect(codeBlock('hello\nworld')).toBe('```text\nhello\nworld\n```')
    expect(codeBlock('{}', 'json')).toBe('```json\n{}\n```')
  })

  it('uses a fence longer than any backtick run in the text', () => {
    const text = 'before\n```\ninjected\n```\nafter'
    expect(codeBlock(text)).toBe(`\`\`\`\`text\n${text}\n\`\`\`\``)
  })

  it('outgrows a long backtick run anywhere in the text', () => {
    const block = codeBlock('x `````` y')
    expect(block.startsWith('```````text\n')).toBe(true)
    expect(block.endsWith('\n```````')).toBe(true)
  })

  it('breaks a marker opening, so no hidden marker can be forged', () => {
    const block = codeBlock('<!-- docs-agent-action:job job_9 -->')
    expect(block).not.toContain('<!--')
    expect(block).toContain(`<${ZWSP}!-- docs-agent-action:job job_9 -->`)
  })

  it('keeps mentions and HTML as they are: nothing renders inside a code block', () => {
    expect(codeBlock('@acme/team <b>hi</b>')).toBe('```text\n@acme/team <b>hi</b>\n```')
  })
})

describe('codeSpan', () => {
  it('shows an id literally, with no backslashes', () => {
    expect(codeSpan('job_abc-123')).toBe('`job_abc-123`')
  })

  it('cannot be closed early by a backtick in the text', () => {
    const span = codeSpan('a`b')
    expect(span.startsWith('`')).toBe(true)
    expect(span.endsWith('`')).toBe(true)
    expect(span.slice(1, -1)).not.toContain('`')
  })

  it('stays on one line and forges no marker', () => {
    const span = codeSpan('x\n<!-- m -->')
    expect(span).not.toContain('\n')
    expect(span).not.toContain('<!--')
  })
})

describe('safeLink', () => {
  it('links an https URL', () => {
    expect(safeLink('the pull request', 'https://github.com/acme/docs/pull/12')).toBe(
      '[the pull request](https://github.com/acme/docs/pull/12)'
    )
  })

  it('links an http URL', () => {
    expect(safeLink('local', 'http://127.0.0.1:4010/jobs')).toBe('[local](http://127.0.0.1:4010/jobs)')
  })

  it.each(['javascript:alert(1)', 'JavaScript:alert(document.cookie)', 'data:text/html,<script>alert(1)</script>', 'vbscript:msgbox(1)'])(
    'refuses to link %j, showing it as text',
    (url) => {
      const shown = safeLink('click me', url)
      expect(shown).not.toMatch(/\]\(/)
      expect(shown.startsWith('[')).toBe(false)
      expect(shown).not.toContain('<')
      expect(shown).not.toContain('click me')
    }
  )

  it('shows the label as text when there is no URL', () => {
    expect(safeLink('@octocat', null)).toBe(`@${ZWSP}octocat`)
  })

  it('shows text that is not a URL as text', () => {
    expect(safeLink('x', 'not a url [y](z)')).not.toMatch(/(?<!\\)\[/)
  })

  it.each(['https://example.com/a)b', 'https://example.com/(a'])('keeps the parentheses of %j from ending the link early', (url) => {
    const link = safeLink('wiki', url)
    expect(link.startsWith('[wiki](')).toBe(true)
    expect(link.endsWith(')')).toBe(true)
    const destination = link.slice('[wiki]('.length, -1)
    expect(destination).not.toMatch(/(?<!\\)[()]/)
    expect(decodeURIComponent(destination.replace(/\\/g, ''))).toBe(url)
  })

  it('cannot be made to render a second link by a crafted URL', () => {
    const link = safeLink('PR', 'https://github.com/acme/docs/pull/1)[review here](https://evil.example/login')
    expect(link.split('](')).toHaveLength(2)
    expect(link).toMatch(/^\[PR\]\(https:\/\/github\.com\/acme\/docs\/pull\/1/)
  })

  it('encodes spaces and quotes in the URL', () => {
    expect(safeLink('x', 'https://example.com/a b"c')).toBe('[x](https://example.com/a%20b%22c)')
  })

  it('escapes the label, so it cannot close the link or ping', () => {
    const link = safeLink('x](https://evil.example) @octocat', 'https://example.com/')
    expect(link.startsWith('[x')).toBe(true)
    expect(link.endsWith('](https://example.com/)')).toBe(true)
    const label = link.slice(1, -'](https://example.com/)'.length)
    expect(allEscaped(label, ']')).toBe(true)
    expect(label).toContain(`@${ZWSP}octocat`)
  })
})

describe('truncate', () => {
  it('leaves text within the limit alone', () => {
    expect(truncate('abcdef', 6)).toBe('abcdef')
  })

  it('cuts longer text, saying how much was left out', () => {
    expect(truncate('abcdefghij', 4)).toBe('abcd\n… (6 more characters not shown)')
  })
})

describe('cross-references in untrusted text', () => {
  it('breaks #123 and owner/repo#123, so no other thread gets a backlink', () => {
    const escaped = escapeText('see #123 and octo-org/docs#45')
    expect(escaped).not.toMatch(/#\d/)
    expect(escaped.replace(/\u200B/g, '')).toBe('see #123 and octo-org/docs#45')
  })

  it('leaves a # that is not followed by a number alone', () => {
    expect(escapeText('C# and #hashtag')).toBe('C# and #hashtag')
  })
})

describe('links in table cells', () => {
  it('encodes a pipe in the URL, so the link cannot end its table cell', () => {
    expect(safeLink('x', 'https://example.com/a|b')).toBe('[x](https://example.com/a%7Cb)')
  })
})

describe('escapeWithLinks', () => {
  it('makes http(s) URLs explicit links, so underscores cannot cut them short', () => {
    expect(escapeWithLinks('Opened https://github.com/my_org/docs_site/pull/7.')).toBe(
      'Opened [https://github.com/my\\_org/docs\\_site/pull/7](https://github.com/my_org/docs_site/pull/7).'
    )
  })

  it('escapes the rest, and leaves javascript: as text', () => {
    expect(escapeWithLinks('see [x](javascript:alert(1)) by @octocat')).toBe(`see \\[x\\](javascript:alert(1)) by @\u200Boctocat`)
  })
})

describe('httpsImage', () => {
  it('shows an image from an https address, its alt text escaped', () => {
    expect(httpsImage('Shot of [docs] @home', 'https://cdn.example.com/a.png')).toBe(
      `![Shot of \\[docs\\] @${ZWSP}home](https://cdn.example.com/a.png)`
    )
  })

  it('encodes what would end the image target early or split a table cell', () => {
    expect(httpsImage('x', 'https://cdn.example.com/a (1)|b.png')).toBe('![x](https://cdn.example.com/a%20%281%29%7Cb.png)')
  })

  it.each(['http://cdn.example.com/a.png', 'javascript:alert(1)', 'data:image/png;base64,AAAA', '/relative.png', ''])(
    'shows no image from %j',
    (url) => {
      expect(httpsImage('x', url)).toBeNull()
    }
  )
})

/** Whether GitHub would autolink something in `text`: a bare `scheme://` or a `www.` (its extended autolinks). */
function autolinks(text: string): boolean {
  return /[A-Za-z][A-Za-z0-9+.-]*:\/\/|\bwww\./i.test(text)
}

describe('autolinks in untrusted text', () => {
  it.each([
    ['a reader’s search term', 'https://evil.example/login'],
    ['a plain http link', 'see http://evil.example'],
    ['another scheme', 'ftp://files.example/x'],
    ['a www address', 'www.evil.example/free'],
    ['a www address in capitals', 'Visit WWW.EVIL.EXAMPLE'],
    ['a link inside a sentence', 'how do I reach https://evil.example?']
  ])('%s is no link in escapeText, escapeInline or escapeHtml, and reads the same', (_, text) => {
    for (const escape of [escapeText, escapeInline, escapeHtml]) {
      const escaped = escape(text)
      expect(autolinks(escaped)).toBe(false)
      expect(escaped.replaceAll(ZWSP, '').replace(/\\(.)/g, '$1')).toBe(text)
    }
  })

  it('leaves a colon and a word ending in www alone when no link follows', () => {
    expect(escapeText('time: 10:30, see awww.')).toBe('time: 10:30, see awww.')
  })

  it('keeps the server’s own link in escapeWithLinks, and breaks a bare www beside it', () => {
    const escaped = escapeWithLinks('Open https://dashboard.mintlify.com/settings or www.evil.example')
    expect(escaped).toContain('[https://dashboard.mintlify.com/settings](https://dashboard.mintlify.com/settings)')
    expect(escaped).toContain(`www${ZWSP}.evil.example`)
  })

  it("keeps the scheme of a safe link whose label is its own URL (a server's link, shown as written)", () => {
    expect(safeLink('https://acme.mintlify.site', 'https://acme.mintlify.site')).toBe(
      '[https://acme.mintlify.site](https://acme.mintlify.site/)'
    )
  })

  it('breaks a link in the label of a safe link, whose target stays the one link', () => {
    expect(safeLink('https://evil.example', 'https://good.example/')).toBe(`[https:${ZWSP}//evil.example](https://good.example/)`)
  })
})
