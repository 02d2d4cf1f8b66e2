import { describe, expect, it } from '@jest/globals'
import { effectiveRole, meetsPermission, type Permission, PERMISSIONS } from '../../../src/github/permissions.js'

/** Every role against every minimum, from the lowest to the highest. */
const LADDER: Permission[] = ['read', 'triage', 'write', 'maintain', 'admin']

describe('meetsPermission', () => {
  it('knows the five repository roles, lowest first', () => {
    expect([...PERMISSIONS]).toEqual(LADDER)
  })

  const pairs = LADDER.flatMap((role, roleRank) => LADDER.map((minimum, minimumRank) => [role, minimum, roleRank >= minimumRank] as const))

  it.each(pairs)('role %s against min-permission %s → %p', (role, minimum, expected) => {
    expect(meetsPermission(role, minimum)).toBe(expected)
  })

  it.each(LADDER)('refuses a non-collaborator (null) at min-permission %s', (minimum) => {
    expect(meetsPermission(null, minimum)).toBe(false)
  })

  it.each(LADDER)("refuses the role 'none' at min-permission %s", (minimum) => {
    expect(meetsPermission('none', minimum)).toBe(false)
  })

  it.each(['docs-editor', 'security-manager', 'Admin', 'WRITE', ' admin', '', 'owner', 'pull', 'push'])(
    'refuses the unknown or custom role %p even at read',
    (role) => {
      expect(meetsPermission(role, 'read')).toBe(false)
    }
  )
})

describe('effectiveRole', () => {
  it.each(LADDER)('takes the built-in role %s by its role_name', (role) => {
    expect(effectiveRole(role, role === 'maintain' ? 'write' : role === 'triage' ? 'read' : role)).toBe(role)
  })

  it('judges a custom role by the base permission the API reports for it', () => {
    expect(effectiveRole('docs-writer', 'write')).toBe('write')
    expect(meetsPermission(effectiveRole('docs-writer', 'write'), 'write')).toBe(true)
    expect(meetsPermission(effectiveRole('docs-writer', 'write'), 'maintain')).toBe(false)
    expect(meetsPermission(effectiveRole('docs-reviewer', 'read'), 'write')).toBe(false)
    expect(meetsPermission(effectiveRole('release-admin', 'admin'), 'admin')).toBe(true)
  })

  it('gives no permission for none, or for a custom role without a base', () => {
    expect(meetsPermission(effectiveRole('none', 'none'), 'read')).toBe(false)
    expect(meetsPermission(effectiveRole('docs-writer', null), 'read')).toBe(false)
    expect(effectiveRole(null, null)).toBeNull()
  })
})
