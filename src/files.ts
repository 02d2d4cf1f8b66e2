import { accessSync, constants, type Stats, statSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import { type FileHandle, mkdir, open, rename, rm } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { InputError } from './errors.js'
import { clip, fileInWorkspace, type RunEnvironment } from './inputs.js'

/**
 * The files inputs name (the export or report file, the prompt file): checked before any request is paid
 * for, and file system errors told in words that name the input, never as a raw `ENOTDIR: …` line.
 */

/**
 * The output file, checked before any request is paid for: not a folder, and a place where it can be
 * created (every folder above it a folder, the nearest existing one writable). `operation` names the
 * default file (`docs-<operation>.json`) and the examples of the message.
 */
export function readOutputFile(
  raw: string,
  operation: string,
  env: RunEnvironment,
  examples = `analytics/${operation}.json or ${operation}.csv`
): string {
  const file = raw.trim() || `docs-${operation}.json`
  const path = fileInWorkspace('output-file', file, env)
  const fail = (why: string): InputError =>
    new InputError('output-file', `Input 'output-file' names ${clip(file)}, which ${why}: give a file name such as ${examples}.`)
  if (/[/\\]$/.test(file) || statOrNull(path)?.isDirectory()) throw fail('is a folder')
  let folder = dirname(path)
  let stats = statOrNull(folder)
  while (!stats && dirname(folder) !== folder) {
    folder = dirname(folder)
    stats = statOrNull(folder)
  }
  if (stats && !stats.isDirectory()) throw fail(`cannot be created: ${clip(folder)} is a file, not a folder`)
  try {
    accessSync(folder, constants.W_OK)
  } catch (error) {
    throw fail(`cannot be created: ${fileProblem(error)}`)
  }
  return file
}

/**
 * A file the action writes, made under a name of its own beside its final place and renamed onto it once
 * whole: a failed run never leaves half a file. Every file the action writes is made this way.
 */
export interface NewFile {
  readonly handle: FileHandle
  /** Closes the file and renames it onto its final path (a link planted there is replaced, not followed). */
  commit(): Promise<void>
  /** Closes and removes it; the final path is left as it was. */
  discard(): Promise<void>
}

/**
 * Creates the file for `path` exclusively: a random name in `path`'s folder (already judged inside the
 * workspace), opened with `wx`, so a symlink or file planted in the checkout under a name the action would
 * pick is never followed or overwritten (opening fails instead).
 */
export async function createExclusive(path: string): Promise<NewFile> {
  await mkdir(dirname(path), { recursive: true })
  const temporary = join(dirname(path), `.${basename(path)}.${randomBytes(8).toString('hex')}.tmp`)
  const handle = await open(temporary, 'wx', 0o644)
  return {
    handle,
    commit: async () => {
      await handle.close()
      await rename(temporary, path)
    },
    discard: async () => {
      await handle.close().catch(() => undefined)
      await rm(temporary, { force: true })
    }
  }
}

/** JSON written whole to a file of its own beside `output-file` (see createExclusive), then renamed. */
export function writeJsonFile(file: { outputFile: string; outputPath: string }, value: unknown): Promise<void> {
  return writeTextFile(file, `${JSON.stringify(value, null, 2)}\n`)
}

/** Text written whole to a file of its own beside `output-file` (see createExclusive), then renamed (a CSV report, say). */
export async function writeTextFile(file: { outputFile: string; outputPath: string }, text: string): Promise<void> {
  let created: NewFile | null = null
  try {
    created = await createExclusive(file.outputPath)
    await created.handle.writeFile(text)
    await created.commit()
  } catch (error) {
    // Nothing to clean up when the folder itself could not be reached.
    await created?.discard().catch(() => undefined)
    throw isFileSystemError(error) ? outputFileError(file.outputFile, error) : error
  }
}

/** A file system error while writing `output-file`, as one sentence naming the input. */
export function outputFileError(file: string, error: unknown): InputError {
  return new InputError('output-file', `Input 'output-file' names ${clip(file)}, which ${fileProblem(error)}.`)
}

/** Whether an error comes from the file system (it carries a syscall), not from a request. */
export function isFileSystemError(error: unknown): boolean {
  // Not `instanceof Error`: errors of Node's fs may come from another realm (a vm context such as Jest's).
  return typeof error === 'object' && error !== null && typeof (error as NodeJS.ErrnoException).syscall === 'string'
}

const FILE_PROBLEMS: Record<string, string> = {
  ENOENT: 'does not exist',
  EISDIR: 'is a folder',
  ENOTDIR: 'is below a file, not a folder',
  EACCES: 'is in a place this job may not write to (permission denied)',
  EPERM: 'is in a place this job may not write to (permission denied)',
  EROFS: 'is on a read-only file system',
  ENOSPC: 'cannot be written: the disk is full'
}

/** What a file system error means, in words (the raw `ENOTDIR: …` line never reaches the user). */
export function fileProblem(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | null)?.code ?? 'error'
  return FILE_PROBLEMS[code] ?? `cannot be read or written (${code})`
}

/** A path's stats, or null where nothing is (also when a folder on the way is a file). */
function statOrNull(path: string): Stats | null {
  try {
    return statSync(path)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT' || code === 'ENOTDIR') return null
    throw error
  }
}
