/** Repository permission levels, lowest first (the collaborator-permission API's role names). */
export const PERMISSIONS = ['read', 'triage', 'write', 'maintain', 'admin'] as const
export type Permission = (typeof PERMISSIONS)[number]

/**
 * Whether a repository role reaches the minimum. Roles are the five built-in ones (see `effectiveRole`);
 * anything else, `none` included, counts as no permission.
 */
export function meetsPermission(role: string | null, minimum: Permission): boolean {
  const rank = PERMISSIONS.indexOf(role as Permission)
  return rank >= 0 && rank >= PERMISSIONS.indexOf(minimum)
}

/**
 * The role to judge, from the collaborator-permission API: `role_name` when it is a built-in role (it
 * alone tells triage and maintain apart); for an organisation's custom role (`docs-writer`), the base
 * permission the API reports for it in `permission` (`admin`, `write`, `read` or `none`).
 */
export function effectiveRole(roleName: string | null | undefined, permission: string | null | undefined): string | null {
  if (roleName && (PERMISSIONS as readonly string[]).includes(roleName)) return roleName
  return permission || roleName || null
}

/** Whether `allowed-bots` lists this bot (logins compare case-insensitively; `*` lists every bot). */
export function botAllowed(login: string, allowed: readonly string[] | '*'): boolean {
  return allowed === '*' || allowed.includes(login.toLowerCase())
}
