import { InputError } from '../../errors.js'
import { isRecord } from '../../text.js'

/**
 * docs.json with every `$ref` resolved, wherever it stands: each path relative to the file that holds it,
 * inside docs-path (symlinks resolved by `files.real`), the referenced value in its place and the `$ref`
 * object's sibling keys merged over it. Each object remembers the file it came from, so that a missing page
 * can be told where it joins the navigation. Pure over `files`: the run reads the checkout, the tests a map.
 */

/** The files docs.json and its `$ref`s name, by repository-relative path (`docs/fr.json`). */
export interface JsonFiles {
  /** The file's text; null where there is no such file. */
  read(path: string): string | null
  /** The file's real path, repository-relative, symlinks resolved; null where there is no such file. */
  real(path: string): string | null
}

export interface DocsJson {
  value: Record<string, unknown>
  /** The file each object of `value` came from (docs.json itself, or a `$ref`'s file). */
  origins: WeakMap<object, string>
}

/** docs.json in the docs folder (`docs/`, or '' for the root), every `$ref` resolved; a fault is one sentence naming the file. */
export function readDocsJson(folder: string, files: JsonFiles): DocsJson {
  const path = `${folder}docs.json`
  const text = files.read(path)
  if (text === null)
    throw new InputError('docs-path', `No docs.json in ${shownFolder(folder)}: give the folder that holds docs.json in docs-path.`)
  const parsed = parseJson(text, path, null)
  if (!isRecord(parsed)) throw new InputError('docs-path', `${path} is not a JSON object: a Mintlify docs.json is one.`)
  const origins = new WeakMap<object, string>()
  const value = resolve(parsed, { folder, files, origins, file: path, chain: [path] })
  return { value: value as Record<string, unknown>, origins }
}

interface Resolving {
  folder: string
  files: JsonFiles
  origins: WeakMap<object, string>
  /** The file holding the value being resolved. */
  file: string
  /** The files whose `$ref`s led here, docs.json first: a `$ref` to one of them is a cycle. */
  chain: readonly string[]
}

function resolve(value: unknown, at: Resolving): unknown {
  if (Array.isArray(value)) {
    const list = value.map((item) => resolve(item, at))
    at.origins.set(list, at.file)
    return list
  }
  if (!isRecord(value)) return value
  const { $ref: ref, ...siblings } = value
  const own = Object.fromEntries(Object.entries(siblings).map(([key, item]) => [key, resolve(item, at)]))
  at.origins.set(own, at.file)
  if (typeof ref !== 'string') return ref === undefined ? own : { ...own, $ref: ref }
  const target = referenced(ref, at)
  const referencedValue = resolve(parseJson(at.files.read(target) ?? '', target, at.file), {
    ...at,
    file: target,
    chain: [...at.chain, target]
  })
  if (!isRecord(referencedValue) || Object.keys(own).length === 0) return referencedValue
  // Sibling keys win: `{"$ref": "./fr.json", "default": true}` makes French the default.
  const merged = { ...referencedValue, ...own }
  at.origins.set(merged, target)
  return merged
}

/** The file a `$ref` names, checked: inside the docs folder (its real path too), present, not already on the chain. */
function referenced(ref: string, at: Resolving): string {
  const target = joinPath(dirOf(at.file), ref)
  const leaves = (path: string | null): boolean => path === null || path.startsWith('../') || !path.startsWith(at.folder)
  if (leaves(target))
    throw new InputError(
      'docs-path',
      `${at.file} has a $ref to ${ref}, which leaves docs-path (${shownFolder(at.folder)}): a $ref must name a file inside it.`
    )
  const real = at.files.real(target ?? '')
  if (real === null) throw new InputError('docs-path', `${at.file} has a $ref to ${ref}, and ${target} does not exist.`)
  if (leaves(real))
    throw new InputError(
      'docs-path',
      `${at.file} has a $ref to ${ref}, a symlink that leaves docs-path (${shownFolder(at.folder)}): a $ref must name a file inside it.`
    )
  if (at.chain.includes(real))
    throw new InputError(
      'docs-path',
      `${at.file} has a $ref to ${ref}, which leads back to it (${[...at.chain, real].join(' → ')}): a $ref cycle cannot be resolved.`
    )
  return real
}

function parseJson(text: string, path: string, referencedBy: string | null): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    // The parser's own message quotes the text where it stopped: a file reached through a committed symlink
    // may hold a secret, so nothing of the text is shown.
    const of = referencedBy ? ` (a $ref of ${referencedBy})` : ''
    throw new InputError('docs-path', `${path}${of} is not JSON: fix its syntax (a JSON validator shows where).`)
  }
}

/** `a/b/` joined with `../c.json` as a repository-relative path; null when it climbs above the repository. */
export function joinPath(folder: string, relative: string): string | null {
  const parts: string[] = relative.startsWith('/') ? [] : folder.split('/').filter(Boolean)
  for (const part of relative.split('/')) {
    if (part === '' || part === '.') continue
    if (part === '..') {
      if (parts.length === 0) return null
      parts.pop()
    } else parts.push(part)
  }
  return parts.join('/')
}

function dirOf(path: string): string {
  const slash = path.lastIndexOf('/')
  return slash < 0 ? '' : path.slice(0, slash + 1)
}

export function shownFolder(folder: string): string {
  return folder === '' ? 'the repository root' : folder.replace(/\/$/, '')
}
