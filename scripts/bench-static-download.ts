/**
 * One download of a bundle link by the action's own code (SHA-256 included, the archive checks left out),
 * in a process of its own as curl runs in one: `node bench-static-download.js <url> <sizeBytes> <file>`
 * prints `{"ms": …, "sha256": …}`, the time from the request to the file's last byte written.
 */
import { downloadOnce } from '../src/operations/static-export/bundle-download.js'

const [url = '', size = '', file = ''] = process.argv.slice(2)
const started = performance.now()
const downloaded = await downloadOnce({
  url: new URL(url),
  expectedBytes: Number(size),
  file,
  signal: new AbortController().signal,
  check: null
})
process.stdout.write(JSON.stringify({ ms: performance.now() - started, sha256: downloaded.sha256 }))
