import { posix } from 'node:path'
import { clipText, isRecord } from '../../text.js'

/**
 * The entries of a bundle a static site does not need. A site is regular files and folders, so one
 * allow-list decides: anything else is listed, with why. The action never extracts, but whoever does
 * should know: an extractor such as Python's `tarfile` follows links, hard links and pax paths out of its
 * folder. Pure: tested as a table and as walks.
 */

/** What the check needs of a tar header. */
export interface TarEntry {
  name: string
  /** tar-stream's type: `file`, `directory`, `symlink`, `link` (a hard link), `fifo`, … or null when unknown. */
  type: string | null
  /** A link's target. */
  linkname?: string | null
  mode?: number | null
  /** The fields of the pax header before the entry (tar-stream has applied its `path` and `linkpath`). */
  pax?: unknown
}

/** The longest name a warning shows of an entry: a tar name can be megabytes long. */
export const SHOWN_NAME = 200
/** How many unsafe entries a warning lists by name. */
export const UNSAFE_SHOWN = 5
/**
 * The most paths a walk keeps (regular files, links and links to judge at the end): past it, a link whose
 * target is not among those kept is listed, since what was not kept is not known to be a regular file.
 */
export const KEPT_PATHS = 200_000

const REGULAR = new Set(['file', 'contiguous-file'])
const OTHER_TYPES: Record<string, string> = {
  'character-device': 'a character device',
  'block-device': 'a block device',
  fifo: 'a FIFO'
}
/** setuid and setgid: an extractor run as root may keep them. */
const SET_ID = 0o6000

/** One walk's judge: the entries so far, for the links, and the links to judge once every entry is known. */
export class EntryCheck {
  /** Symbolic links met so far: each entry's path, and where it points (as written). */
  private readonly symlinks = new Map<string, string>()
  private readonly files = new Set<string>()
  private readonly pending: { shown: string; target: string }[] = []
  private kept = 0
  private lastGlobalPax: object | null = null

  /**
   * Why an entry is not a regular file or folder inside the archive, or null. A link is judged through the
   * links before it (`a -> .`, then `a/b -> ..`, then `a/b/x` leaves): one leading outside is listed now,
   * one inside is listed at the end unless its target is a regular file of the archive. The name is cut to
   * SHOWN_NAME characters.
   */
  judge(entry: TarEntry): string | null {
    const name = entry.name.replace(/\\/g, '/')
    const shown = clipText(entry.name, SHOWN_NAME)
    const path = posix.normalize(name).replace(/\/+$/, '')
    const why = placeProblem(name, path, this.symlinks) ?? typeProblem(entry) ?? headerProblem(entry)
    if (why === null && (entry.type === 'symlink' || entry.type === 'link')) return this.judgeLink(entry, path, shown)
    this.note(entry, path)
    return why === null ? null : `${shown} (${why})`
  }

  /** A global pax header (tar-stream keeps it to itself): listed when it names a path or a link's target. */
  globalPax(fields: Record<string, string> | null): string | null {
    if (fields === null || fields === this.lastGlobalPax) return null
    this.lastGlobalPax = fields
    const named = ['path', 'linkpath'].filter((field) => field in fields)
    if (named.length === 0) return null
    return `a global pax header (${named.map((field) => `${field}=${clipText(fields[field] ?? '', SHOWN_NAME)}`).join(', ')})`
  }

  /** The links whose target is not a regular file of the archive, once every entry is known. */
  linksNotToFiles(): string[] {
    return this.pending
      .filter(({ target }) => !this.files.has(target))
      .map(({ shown }) => `${shown} (a link to no regular file of the archive)`)
  }

  private judgeLink(entry: TarEntry, path: string, shown: string): string | null {
    const target = (entry.linkname ?? '').replace(/\\/g, '/')
    // A symbolic link is read from its own folder and followed to its end; a hard link names a path from
    // the archive's root, and the entry there itself (a hard link to a symbolic link is not a file).
    const symbolic = entry.type === 'symlink'
    const resolved = isAbsolute(target) ? null : resolve(`${symbolic ? posix.dirname(path) : '.'}/${target}`, this.symlinks, symbolic)
    const kept = this.note(entry, path)
    if (isAbsolute(target)) return `${shown} (a link to an absolute path)`
    if (resolved === null) return `${shown} (a link leading outside the archive)`
    // Past KEPT_PATHS a link cannot be judged at the end, nor the paths through it: listed as it is.
    if (!kept || !this.keep()) return `${shown} (a link past the first ${KEPT_PATHS.toLocaleString('en-US')} paths, not judged)`
    this.pending.push({ shown, target: resolved })
    return null
  }

  /** The walk's view of the folder after the entry (a later entry at a path replaces an earlier one); false once full. */
  private note(entry: TarEntry, path: string): boolean {
    this.files.delete(path)
    this.symlinks.delete(path)
    const regular = entry.type !== null && REGULAR.has(entry.type)
    if (entry.type !== 'symlink' && !regular) return true
    if (!this.keep()) return false
    if (regular) this.files.add(path)
    else this.symlinks.set(path, entry.linkname ?? '')
    return true
  }

  private keep(): boolean {
    return this.kept++ < KEPT_PATHS
  }
}

/** An absolute path, a `..` part, or a path through a link. */
function placeProblem(name: string, path: string, symlinks: ReadonlyMap<string, string>): string | null {
  if (isAbsolute(name)) return 'an absolute path'
  if (name.split('/').includes('..')) return 'a .. part'
  if (throughLink(posix.dirname(path), symlinks)) return 'a path through a link'
  return null
}

/** Any type but a regular file, a folder or a link (judged apart). */
function typeProblem(entry: TarEntry): string | null {
  const type = entry.type
  if (type === 'directory' || type === 'symlink' || type === 'link' || (type !== null && REGULAR.has(type))) return null
  return type === null ? 'an entry of an unknown type' : (OTHER_TYPES[type] ?? `an entry of type ${clipText(type, 40)}`)
}

/** A set-id mode, or a pax header naming the entry's path or its link's target. */
function headerProblem(entry: TarEntry): string | null {
  if (((entry.mode ?? 0) & SET_ID) !== 0) return 'a set-id mode'
  const pax = entry.pax
  const named = ['path', 'linkpath'].filter((field) => isRecord(pax) && field in pax)
  return named.length === 0 ? null : `a pax header naming its ${named.join(' and ')}`
}

/** Whether a folder path goes through one of the links (`a/b` when `a` is one). */
function throughLink(folder: string, symlinks: ReadonlyMap<string, string>): boolean {
  const parts = folder === '.' ? [] : folder.split('/')
  return parts.some((_, i) => symlinks.has(parts.slice(0, i + 1).join('/')))
}

/** The most links one path is followed through: a longer chain (or a loop) counts as leaving. */
const MAX_HOPS = 40

/**
 * Where `path` (relative to the archive's root) ends once every link on the way is followed, one part at a
 * time as a file system does (`up/../etc` through a link `up -> ..` is `../etc`, not `etc`); its last part
 * only when `followLast`. Null when it ends outside the archive.
 */
function resolve(path: string, symlinks: ReadonlyMap<string, string>, followLast: boolean): string | null {
  const pending = path.split('/')
  const here: string[] = []
  let hops = 0
  for (let part = pending.shift(); part !== undefined; part = pending.shift()) {
    if (part === '' || part === '.') continue
    if (part === '..') {
      if (here.pop() === undefined) return null
      continue
    }
    here.push(part)
    const target = symlinks.get(here.join('/'))
    if (target === undefined || (!followLast && pending.every((rest) => rest === '' || rest === '.'))) continue
    if (isAbsolute(target) || ++hops > MAX_HOPS) return null
    // A link's target is read from the link's own folder.
    here.pop()
    pending.unshift(...target.split('/'))
  }
  return here.join('/')
}

/** `/etc`, `C:/Windows`, `//server/share`. */
function isAbsolute(path: string): boolean {
  return path.startsWith('/') || /^[a-z]:/i.test(path)
}
