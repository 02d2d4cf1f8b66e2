import { posix } from 'node:path'
import { clipText } from '../../text.js'

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

/** The symbolic links met so far in the walk: each entry's path, and where it points (as written). */
export type LinksSoFar = Map<string, string>

/** The longest name a warning shows of an entry: a tar name can be megabytes long. */
export const SHOWN_NAME = 200

/**
 * Why an entry is unsafe to extract, or null when it stays inside the archive's folder. Judged through the
 * links before it: `a -> .`, then `a/b -> ..`, then `a/b/x` leaves the folder (an extractor such as Python's
 * `tarfile` follows them), so a path through a link is a warning by itself, and a link's target is
 * resolved through the links before it. The name is cut to SHOWN_NAME characters.
 */
export function unsafeEntry(entry: TarEntry, links: ReadonlyMap<string, string>): string | null {
  const name = entry.name.replace(/\\/g, '/')
  const shown = clipText(entry.name, SHOWN_NAME)
  if (isAbsolute(name)) return `${shown} (an absolute path)`
  if (name.split('/').includes('..')) return `${shown} (a .. part)`
  const path = posix.normalize(name).replace(/\/+$/, '')
  if (throughLink(posix.dirname(path), links)) return `${shown} (a path through a link)`
  if (entry.type !== 'symlink' && entry.type !== 'link') return null
  const target = (entry.linkname ?? '').replace(/\\/g, '/')
  if (isAbsolute(target)) return `${shown} (a link to an absolute path)`
  // A symbolic link is read from its own folder; a hard link names a path from the archive's root.
  const from = entry.type === 'symlink' ? posix.dirname(path) : '.'
  return leaves(`${from}/${target}`, links) ? `${shown} (a link leading outside the archive)` : null
}

/** Keeps a symbolic link for the entries after it. */
export function noteLink(entry: TarEntry, links: LinksSoFar): void {
  if (entry.type === 'symlink') links.set(posix.normalize(entry.name.replace(/\\/g, '/')).replace(/\/+$/, ''), entry.linkname ?? '')
}

/** Whether a folder path goes through one of the links (`a/b` when `a` is one). */
function throughLink(folder: string, links: ReadonlyMap<string, string>): boolean {
  const parts = folder === '.' ? [] : folder.split('/')
  return parts.some((_, i) => links.has(parts.slice(0, i + 1).join('/')))
}

/** The most links one path is followed through: a longer chain (or a loop) counts as leaving. */
const MAX_HOPS = 40

/**
 * Whether `path` (relative to the archive's root) ends outside it once every link on the way is followed, one
 * part at a time as a file system does (`up/../etc` through a link `up -> ..` is `../etc`, not `etc`).
 */
function leaves(path: string, links: ReadonlyMap<string, string>): boolean {
  const pending = path.split('/')
  const here: string[] = []
  let hops = 0
  for (let part = pending.shift(); part !== undefined; part = pending.shift()) {
    if (part === '' || part === '.') continue
    if (part === '..') {
      if (here.pop() === undefined) return true
      continue
    }
    here.push(part)
    const target = links.get(here.join('/'))
    if (target === undefined) continue
    if (isAbsolute(target) || ++hops > MAX_HOPS) return true
    // A link's target is read from the link's own folder.
    here.pop()
    pending.unshift(...target.split('/'))
  }
  return false
}

/** `/etc`, `C:/Windows`, `//server/share`. */
function isAbsolute(path: string): boolean {
  return path.startsWith('/') || /^[a-z]:/i.test(path)
}

/** How many unsafe entries a warning lists by name. */
export const UNSAFE_SHOWN = 5
