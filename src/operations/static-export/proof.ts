import type { ArchiveCheck } from './archive-check.js'

/**
 * Opens the gzip and tar readers of one download. They live in tar-walk.ts, loaded here with `import()`
 * and only by this operation, so tar-stream is a chunk of its own: a `job` run never loads it.
 */
export async function openArchiveCheck(sizeBytes: number): Promise<ArchiveCheck> {
  const { readArchive } = await import('./tar-walk.js')
  return readArchive(sizeBytes)
}
