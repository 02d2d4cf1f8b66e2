import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'

/**
 * The checkout's git, as the report reads it: a bounded number of processes whatever the page count (the
 * checks, the commit graph, one log pass over the docs folder, one object reader for the tree and the page
 * files). The seam tests replace with a fake when they judge pure facts; the integration tests run it on
 * real repositories. Files are read through git (`HEAD:<path>`), never through the file system.
 */
export interface GitReads {
  /** What keeps history from being read whole: no `.git`, a shallow clone, a partial clone; null when none. */
  fault(): Promise<CheckoutFault | null>
  /** `git rev-list --topo-order --parents HEAD`: every commit, children before parents. */
  graph(): Promise<string>
  /** One `git log -w --raw --numstat -z` pass over the docs folder, children before parents. */
  log(folder: string): Promise<string>
  /** The regular files under the folder at HEAD (symlinks and submodules left out), and a reader of their text. */
  objects(folder: string): Promise<ObjectReader>
  /** The source's diff since a commit (the agent's context): one process per page, after the report. */
  diff(from: string, file: string): Promise<string>
}

export type CheckoutFault = 'no-git' | 'shallow' | 'partial'

export interface ObjectReader {
  files: string[]
  /** The regular files under another folder at HEAD, through the same process. */
  list(folder: string): Promise<string[]>
  /** The text of files at HEAD, by path (a file that cannot be read is left out). */
  read(paths: readonly string[]): Promise<Map<string, string>>
  close(): void
}

/** The real git of the checkout in `workspace`. */
export function checkoutGit(workspace: string): GitReads {
  const git = (args: string[], ok: number[] = [0]): Promise<string> => run(workspace, args, ok)
  return {
    async fault() {
      if (!existsSync(join(workspace, '.git'))) return 'no-git'
      if ((await git(['rev-parse', '--is-shallow-repository'])).trim() === 'true') return 'shallow'
      const promisor = await git(['config', '--get-regexp', '^(remote\\..*\\.promisor|extensions\\.partialclone)$'], [0, 1])
      return promisor.split('\n').some((line) => line.trim() && !/ false$/i.test(line.trim())) ? 'partial' : null
    },
    graph: () => git(['rev-list', '--topo-order', '--parents', 'HEAD']),
    log: (folder) => git(logArgs(folder)),
    objects: (folder) => openObjects(workspace, folder),
    diff: (from, file) => git(['diff', '--no-color', '-w', `${from}..HEAD`, '--', file])
  }
}

/**
 * The one pass over the docs' history: every commit that changed a file under `folder` ('' for the whole
 * repository), whitespace-only changes dropped (`-w`), with its files (`--raw`) and line counts (`--numstat`).
 */
export function logArgs(folder: string): string[] {
  return [
    '-c',
    'core.quotePath=false',
    'log',
    '--full-history',
    '--topo-order',
    '--no-renames',
    '-w',
    '--raw',
    '--numstat',
    '-z',
    `--format=${COMMIT_MARK}%H%x1f%ct%x1f%an%x1f%ae%x1f%s`,
    'HEAD',
    // At the root no pathspec: every file is under it, and a pathspec costs git a second diff per commit.
    ...(folder === '' ? [] : ['--', folder])
  ]
}

/** Starts each commit's header in the log: a byte no path or format field begins with. */
export const COMMIT_MARK = '%x01'

/**
 * One git process. Pathspecs are literal (`GIT_LITERAL_PATHSPECS`): a page named `*.mdx` or `:(top)x` in
 * the repository names that file alone, never a pattern that would pull in other pages' diffs.
 */
function run(cwd: string, args: string[], ok: number[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('git', args, {
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, GIT_TERMINAL_PROMPT: '0', GIT_LITERAL_PATHSPECS: '1' }
    })
    const out: Buffer[] = []
    const err: Buffer[] = []
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk))
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk))
    child.on('error', (error) => reject(new Error(`git could not be started (${error.message}): the runner needs git on its PATH.`)))
    child.on('close', (code) => {
      if (ok.includes(code ?? -1)) resolve(Buffer.concat(out).toString('utf8'))
      else
        reject(
          new Error(
            `git ${args.find((arg) => !arg.startsWith('-') && !arg.includes('=')) ?? ''} failed: ${firstLine(Buffer.concat(err).toString('utf8'))}`
          )
        )
    })
  })
}

function firstLine(text: string): string {
  return text.trim().split('\n')[0]?.slice(0, 300) || 'no message'
}

/** One `git cat-file --batch` for the whole tree walk and every file read: requests written, answers read in order. */
async function openObjects(cwd: string, folder: string): Promise<ObjectReader> {
  const batch = new CatFile(cwd)
  const files = await walk(batch, folder)
  return {
    files,
    list: (other) => walk(batch, other),
    async read(paths) {
      const blobs = await Promise.all(paths.map((path) => batch.get(`HEAD:${path}`)))
      return new Map(paths.flatMap((path, index) => (blobs[index]?.type === 'blob' ? [[path, blobs[index].content.toString('utf8')]] : [])))
    },
    close: () => batch.close()
  }
}

/** The regular files under a folder at HEAD (none where there is no such folder), level by level. */
async function walk(batch: CatFile, folder: string): Promise<string[]> {
  const files: string[] = []
  let level = [folder.replace(/\/$/, '')]
  while (level.length > 0) {
    const trees = await Promise.all(level.map((path) => batch.get(`HEAD:${path}`)))
    const next: string[] = []
    trees.forEach((tree, index) => {
      if (tree?.type !== 'tree') return
      const base = level[index] ? `${level[index]}/` : ''
      for (const entry of treeEntries(tree.content, tree.hashBytes)) {
        if (entry.mode === '40000') next.push(`${base}${entry.name}`)
        else if (entry.mode === '100644' || entry.mode === '100755') files.push(`${base}${entry.name}`)
      }
    })
    level = next
  }
  return files
}

interface GitObject {
  type: string
  content: Buffer
  hashBytes: number
}

/** A tree object's entries: `<mode> <name>\0<hash>` each. */
function treeEntries(content: Buffer, hashBytes: number): { mode: string; name: string }[] {
  const entries: { mode: string; name: string }[] = []
  let at = 0
  while (at < content.length) {
    const space = content.indexOf(0x20, at)
    const nul = content.indexOf(0, space)
    if (space < 0 || nul < 0) break
    entries.push({ mode: content.toString('latin1', at, space), name: content.toString('utf8', space + 1, nul) })
    at = nul + 1 + hashBytes
  }
  return entries
}

/** `git cat-file --batch`, asked in order: each answer is `<hash> <type> <size>\n<content>\n`, or `<name> missing\n`. */
class CatFile {
  private readonly child
  private buffer: Buffer = Buffer.alloc(0)
  private readonly waiting: { resolve: (object: GitObject | null) => void; reject: (error: Error) => void }[] = []
  private failed: Error | null = null

  constructor(cwd: string) {
    this.child = spawn('git', ['cat-file', '--batch'], { cwd, stdio: ['pipe', 'pipe', 'ignore'] })
    this.child.stdout.on('data', (chunk: Buffer) => {
      this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk])
      this.answer()
    })
    const fail = (error: Error): void => {
      this.failed = error
      this.waiting.splice(0).forEach((one) => one.reject(error))
    }
    this.child.on('error', (error) => fail(new Error(`git cat-file could not be started: ${error.message}`)))
    this.child.on('close', () => fail(new Error('git cat-file ended before it answered')))
    this.child.stdin.on('error', () => undefined)
  }

  get(name: string): Promise<GitObject | null> {
    if (this.failed) return Promise.reject(this.failed)
    // A name with a line break cannot be asked for on one line: no such page is read.
    if (/[\n\r]/.test(name)) return Promise.resolve(null)
    return new Promise((resolve, reject) => {
      this.waiting.push({ resolve, reject })
      this.child.stdin.write(`${name}\n`)
    })
  }

  close(): void {
    this.child.stdin.end()
  }

  private answer(): void {
    for (;;) {
      const head = this.waiting[0]
      const newline = this.buffer.indexOf(0x0a)
      if (!head || newline < 0) return
      const header = this.buffer.toString('utf8', 0, newline).split(' ')
      if (header.length < 3 || header[1] === 'missing' || header[1] === 'ambiguous') {
        this.buffer = this.buffer.subarray(newline + 1)
        this.waiting.shift()
        head.resolve(null)
        continue
      }
      const size = Number(header[2])
      if (this.buffer.length < newline + 1 + size + 1) return
      const content = Buffer.from(this.buffer.subarray(newline + 1, newline + 1 + size))
      this.buffer = this.buffer.subarray(newline + 1 + size + 1)
      this.waiting.shift()
      head.resolve({ type: header[1] ?? '', content, hashBytes: (header[0]?.length ?? 40) / 2 })
    }
  }
}
