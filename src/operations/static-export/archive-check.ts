/**
 * The proof that a bundle is whole, checked while it streams in: its size, its gzip stream read to the end,
 * its tar archive read entry by entry to the end. What the checks report; the readers are tar-walk.ts.
 */

/** Which check a bundle failed: each is named in the failure. */
export type ProofCheck = 'size' | 'gzip' | 'tar'

const CHECK_NAMES: Record<ProofCheck, string> = {
  size: 'the size check',
  gzip: 'the gzip check',
  tar: 'the tar check'
}

/** A bundle that is not whole: nothing of it is kept. */
export class ProofError extends Error {
  constructor(
    readonly check: ProofCheck,
    why: string
  ) {
    super(`The bundle failed ${CHECK_NAMES[check]}: ${why}`)
    this.name = 'ProofError'
  }
}

/** What the archive holds, as read through once. */
export interface ArchiveFacts {
  entries: number
  /** Regular files. */
  files: number
  /** Regular files whose name ends in `.html`. */
  htmlPages: number
  /** The first unsafe entries (see entries.ts), with why. */
  unsafe: string[]
  unsafeCount: number
}

/** The gzip and tar readers, fed the bundle's bytes as they arrive. */
export interface ArchiveCheck {
  /** Resolves once the readers can take more; rejects with a ProofError. */
  write(chunk: Buffer): Promise<void>
  /** The end of the bytes: resolves when both readers reached their ends, or rejects with a ProofError. */
  finish(): Promise<ArchiveFacts>
  abort(): void
}
