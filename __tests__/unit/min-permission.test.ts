import { describe, expect, it } from '@jest/globals'
import { meetsPermission } from '../../src/github/permissions.js'
import { PERMISSIONS, type Permission } from '../../src/settings.js'

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
