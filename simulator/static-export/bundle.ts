// A real .tar.gz of a static site, as a static export bundle holds it: HTML pages, a stylesheet, a script.
import { randomBytes } from 'node:crypto'
import { gzipSync } from 'node:zlib'
import { pack } from 'tar-stream'

export interface BundleContent {
  pageCount: number
  /** Bytes of each page; random (hardly compressible) when set, for big bundles. */
  pageBytes?: number
  /** Adds entries that would land outside the folder they are extracted into. */
  unsafeEntries?: boolean
}

/** The archive's entries in order: `index.html`, pages under `guides/`, then the assets. */
export async function buildBundle(content: BundleContent): Promise<Buffer> {
  const tar = pack()
  const chunks: Buffer[] = []
  const collected = (async () => {
    for await (const chunk of tar) chunks.push(chunk as Buffer)
  })()
  for (let page = 0; page < content.pageCount; page++) {
    const name = page === 0 ? 'index.html' : `guides/page-${page}.html`
    tar.entry({ name }, pageBody(page, content.pageBytes))
  }
  tar.entry({ name: '_next/static/app.js' }, 'console.log("docs")\n')
  tar.entry({ name: 'styles.css' }, 'body { font-family: sans-serif }\n')
  if (content.unsafeEntries) {
    tar.entry({ name: '../outside.html' }, '<p>outside</p>\n')
    tar.entry({ name: '/etc/hostname' }, 'docs\n')
    tar.entry({ name: 'guides/escape', type: 'symlink', linkname: '../../../etc' })
  }
  tar.finalize()
  await collected
  return gzipSync(Buffer.concat(chunks), { level: 1 })
}

function pageBody(page: number, bytes: number | undefined): Buffer | string {
  if (bytes === undefined) return `<!doctype html><html><body><h1>Page ${page}</h1></body></html>\n`
  return randomBytes(bytes)
}
