import { posix } from 'node:path'

/**
 * Entries of the bundle that would land outside the folder it is extracted into: the action never
 * extracts, but whoever does should know. Pure: tested as a table.
 */

/** What the check needs of a tar header. */
export interface TarEntry {
  name: string
  /** tar-stream's type: `file`, `directory`, `symlink`, `link` (a hard link), … */
  type: string | null
  /** A link's target. */
  linkname?: string | null
}

/** Why an entry is unsafe to extract, or null when it stays inside the archive's folder. */
export function unsafeEntry(entry: TarEntry): string | null {
  const name = entry.name.replace(/\\/g, '/')
  if (isAbsolute(name)) return `${entry.name} (an absolute path)`
  if (name.split('/').includes('..')) return `${entry.name} (a .. part)`
  if (entry.type !== 'symlink' && entry.type !== 'link') return null
  const target = (entry.linkname ?? '').replace(/\\/g, '/')
  if (isAbsolute(target)) return `${entry.name} (a link to an absolute path)`
  // A symbolic link is read from its own folder; a hard link names a path from the archive's root.
  const from = entry.type === 'symlink' ? posix.dirname(name) : '.'
  const resolved = posix.normalize(posix.join(from, target))
  return resolved === '..' || resolved.startsWith('../') ? `${entry.name} (a link leading outside the archive)` : null
}

/** `/etc`, `C:/Windows`, `//server/share`. */
function isAbsolute(path: string): boolean {
  return path.startsWith('/') || /^[a-z]:/i.test(path)
}

/** How many unsafe entries a warning lists by name. */
export const UNSAFE_SHOWN = 5
