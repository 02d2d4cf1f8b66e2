/** The record a translations job's introduction keeps: the operation and the language, read back only as a language tag. */
import { describe, expect, it } from '@jest/globals'
import { jobMarker } from '../../../src/github/markers.js'
import { readTranslationMarker, translationMarker } from '../../../src/github/translation-marker.js'
import { readSignedRecords, recordKey, sealRecords } from '../../../src/trust/signed-records.js'

describe('translationMarker', () => {
  it('names the operation and the language in a hidden HTML comment', () => {
    expect(translationMarker('fr')).toBe('<!-- docs-agent-action:translation fr -->')
  })

  it.each(['fr', 'pt-BR', 'zh-Hans', 'sr-Latn-RS', 'de-CH-1901'])('reads %s back exactly', (code) => {
    expect(readTranslationMarker(`intro\n${translationMarker(code) ?? ''}\nmore`)).toBe(code)
  })

  it.each([
    '',
    'f',
    '../.github',
    'fr/../x',
    'fr -->',
    'fr --><img src=x>',
    'fr\n<!-- x',
    'fr_FR',
    'fr FR',
    '$(id)',
    'https://evil.example',
    'fr-',
    '-fr',
    `fr-${'a'.repeat(70)}`,
    'fr-toolongsubtag'
  ])('writes nothing for %j, which is no language tag', (code) => {
    expect(translationMarker(code)).toBeNull()
  })

  it('cannot be ended early: every marker it writes is one comment on one line', () => {
    for (const code of ['fr', 'zh-Hans', `ab${'-c1'.repeat(20)}`]) {
      const marker = translationMarker(code) ?? ''
      expect(marker.indexOf('-->')).toBe(marker.length - 3)
      expect(marker).not.toContain('\n')
    }
  })

  it('writes only codes it reads back: the longest it writes is 64 characters', () => {
    const longest = `ab${'-abcdefgh'.repeat(6)}-abcdefg`
    const tooLong = `ab${'-abcdefgh'.repeat(7)}`
    expect([longest.length, tooLong.length]).toEqual([64, 65])
    expect(readTranslationMarker(translationMarker(longest) ?? '')).toBe(longest)
    expect(translationMarker(tooLong)).toBeNull()
  })
})

describe('readTranslationMarker', () => {
  it.each([
    ['no marker', 'Translate the French pages'],
    ['another kind', '<!-- docs-agent-action:translations fr -->'],
    ['a path', '<!-- docs-agent-action:translation ../.github -->'],
    ['an underscore', '<!-- docs-agent-action:translation fr_FR -->'],
    ['a code too long', `<!-- docs-agent-action:translation ab${'-abcdefgh'.repeat(7)} -->`],
    ['a broken end', '<!-- docs-agent-action:translation fr ->'],
    ['a trailing word', '<!-- docs-agent-action:translation fr x -->'],
    ['a lone subtag', '<!-- docs-agent-action:translation x -->'],
    ['a markup injection', '<!-- docs-agent-action:translation fr<script> -->']
  ])('reads nothing from %s', (_, body) => {
    expect(readTranslationMarker(body)).toBeNull()
  })

  it('is a record like the others: signed with the job marker, and refused once edited', () => {
    const key = recordKey('mint_test_key')
    const about = { repository: 'octo-org/docs', number: 101 }
    const sealed = sealRecords(`${jobMarker('job_1') ?? ''}\n${translationMarker('de') ?? ''}\nThe agent opened this.\n`, key, about)
    const read = readSignedRecords(sealed, key, about)
    expect(read.kind).toBe('verified')
    expect(readTranslationMarker(read.kind === 'verified' ? read.body : '')).toBe('de')
    const edited = sealed.replace('translation de', 'translation fr')
    expect(readSignedRecords(edited, key, about).kind).toBe('rejected')
  })
})
