/** A round's failures as one short fingerprint: the same failures give the same one, in any order. */
import { describe, expect, it } from '@jest/globals'
import { failureFingerprint, FINGERPRINT_LENGTH, firstErrorLine } from '../../../src/operations/fix-checks/fingerprint.js'

describe('firstErrorLine', () => {
  it.each([
    [{ logLines: ['Run test', '##[error]first', '##[error]second'], annotations: ['a.mdx:1: failure: x'], title: 'T' }, '##[error]first'],
    [{ logLines: ['no error here'], annotations: ['a.mdx:1: failure: x', 'b.mdx:2: failure: y'], title: 'T' }, 'a.mdx:1: failure: x'],
    [{ logLines: [], annotations: [], title: '2 broken links' }, '2 broken links'],
    [{ logLines: [], annotations: [], title: '' }, '']
  ])('of %p is %p', (evidence, line) => {
    expect(firstErrorLine(evidence)).toBe(line)
  })
})

describe('failureFingerprint', () => {
  const linkRot = { name: 'link-rot', firstError: 'a.mdx:3: failure: /x is broken' }
  const vale = { name: 'vale', firstError: "b.mdx:9: failure: Did you really mean 'teh'?" }

  it(`is ${FINGERPRINT_LENGTH} hex digits`, () => {
    expect(failureFingerprint([linkRot])).toMatch(new RegExp(`^[0-9a-f]{${FINGERPRINT_LENGTH}}$`))
  })

  it('does not depend on the order the checks are listed in', () => {
    expect(failureFingerprint([linkRot, vale])).toBe(failureFingerprint([vale, linkRot]))
  })

  it.each([
    ['another first error', [{ ...linkRot, firstError: 'a.mdx:4: failure: /y is broken' }, vale]],
    ['a check fewer', [linkRot]],
    ['another name', [{ ...linkRot, name: 'link-rot (2)' }, vale]],
    ['name and error run together differently', [{ name: 'link-rota', firstError: '.mdx:3: failure: /x is broken' }, vale]]
  ])('changes with %s', (_, marks) => {
    expect(failureFingerprint(marks)).not.toBe(failureFingerprint([linkRot, vale]))
  })

  it('orders two failures of one check by their error lines', () => {
    const a = { name: 'x', firstError: 'a' }
    const b = { name: 'x', firstError: 'b' }
    expect(failureFingerprint([a, b])).toBe(failureFingerprint([b, a]))
  })
})
