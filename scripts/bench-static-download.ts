/**
 * One download of a bundle link by the action's own code, with the same proof the user's shell pipeline
 * gives (the SHA-256, and the gzip and tar read to their end), in a process of its own as the pipeline
 * runs in its own: `node bench-static-download.js <url> <sizeBytes> <file>` prints `{"sha256": …, "entries": …}`.
 */
import { downloadOnce } from '../src/operations/static-export/bundle-download.js'
import { openArchiveCheck } from '../src/operations/static-export/proof.js'

const [url = '', size = '', file = ''] = process.argv.slice(2)
const downloaded = await downloadOnce({
  url: new URL(url),
  expectedBytes: Number(size),
  file,
  signal: new AbortController().signal,
  check: await openArchiveCheck(Number(size))
})
process.stdout.write(JSON.stringify({ sha256: downloaded.sha256, entries: downloaded.archive?.entries ?? 0 }))
