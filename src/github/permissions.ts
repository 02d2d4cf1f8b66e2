import { PERMISSIONS, type Permission } from '../settings.js'

/**
 * Whether a repository role reaches the minimum. Roles come from the collaborator-permission API's
 * `role_name` (which knows triage and maintain); custom roles and `none` count as no permission.
 */
export function meetsPermission(role: string | null, minimum: Permission): boolean {
  const rank = PERMISSIONS.indexOf(role as Permission)
  return rank >= 0 && rank >= PERMISSIONS.indexOf(minimum)
}
