/**
 * A static bundle holds regular files and folders only: the sixth review's entries that passed without a
 * warning are listed now. A global pax header naming `path=../..` and a hard link to a symbolic link (Python's
 * `tarfile` extracts both outside its folder), a device, a FIFO and a set-id mode.
 */
import { afterEach, beforeEach, expect, test } from '@jest/globals'
import { gzipSync } from 'node:zlib'
import { pack } from 'tar-stream'
import { startSimulator, type Simulator } from '../../simulator/index.js'
import { annotations } from './harness.js'
import { runExport } from './static-export-helpers.js'

let sim: Simulator
beforeEach(async () => {
  sim = await startSimulator()
})
afterEach(async () => {
  await sim.close()
})

type Header = Parameters<ReturnType<typeof pack>['entry']>[0]

/** A tar archive of `entries`, each header with its body, without the end-of-archive blocks when `open`. */
async function tarOf(entries: [Header, string][], open = false): Promise<Buffer> {
  const tar = pack()
  const chunks: Buffer[] = []
  const collected = (async () => {
    for await (const chunk of tar) chunks.push(chunk as Buffer)
  })()
  for (const [header, body] of entries) tar.entry(header, body)
  tar.finalize()
  await collected
  const whole = Buffer.concat(chunks)
  return open ? whole.subarray(0, whole.length - 1024) : whole
}

/**
 * A global pax header (type `g`) carrying `fields`: tar-stream packs none, so a file's header is packed and
 * its type and checksum written over.
 */
async function globalPaxHeader(fields: Record<string, string>): Promise<Buffer> {
  const records = Object.entries(fields).map(([key, value]) => {
    const line = ` ${key}=${value}\n`
    let length = line.length + 1
    while (String(length).length + line.length !== length) length++
    return `${length}${line}`
  })
  const block = Buffer.from(await tarOf([[{ name: 'pax_global_header' }, records.join('')]], true))
  block[156] = 'g'.charCodeAt(0)
  block.fill(' ', 148, 156)
  const sum = block.subarray(0, 512).reduce((total, byte) => total + byte, 0)
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii')
  return block
}

test('lists a global pax path, a hard link to a symbolic link, a device, a FIFO and a set-id mode', async () => {
  const site = await tarOf([[{ name: 'index.html' }, '<h1>Home</h1>\n']], true)
  const rest = await tarOf([
    [{ name: 'soft', type: 'symlink', linkname: 'index.html' }, ''],
    [{ name: 'hard', type: 'link', linkname: 'soft' }, ''],
    [{ name: 'dev-null', type: 'character-device', devmajor: 1, devminor: 3 }, ''],
    [{ name: 'pipe', type: 'fifo' }, ''],
    [{ name: 'run.sh', mode: 0o4755 }, '#!/bin/sh\n']
  ])
  const bundle = gzipSync(Buffer.concat([site, await globalPaxHeader({ path: '../..' }), rest]))
  // An export finished earlier, fetched by job-id, whose bundle is this archive.
  Object.assign(sim.staticExports.plant({ jobId: 'se_planted', createdAt: Date.now() - 60_000 }), { bundle: Promise.resolve(bundle) })
  const run = await runExport(sim, { 'job-id': 'se_planted', 'export-domain': '' })

  expect(run.exitCode).toBe(0)
  expect(run.outputs.outcome).toBe('exported')
  const [warning, ...others] = annotations(run, 'warning')
  expect(others).toEqual([])
  expect(warning).toContain(
    'The bundle holds 5 entries that would land outside the folder it is extracted into: a global pax header (path=../..), dev-null (a character device), pipe (a FIFO), run.sh (a set-id mode), hard (a link to no regular file of the archive).'
  )
})

test('lists nothing for a site of files, folders and a link to one of its files', async () => {
  const bundle = gzipSync(
    await tarOf([
      [{ name: 'guides', type: 'directory' }, ''],
      [{ name: 'latest.html', type: 'symlink', linkname: 'guides/index.html' }, ''],
      [{ name: 'guides/index.html' }, '<h1>Guides</h1>\n'],
      [{ name: 'copy.html', type: 'link', linkname: 'guides/index.html' }, '']
    ])
  )
  Object.assign(sim.staticExports.plant({ jobId: 'se_site', createdAt: Date.now() - 60_000 }), { bundle: Promise.resolve(bundle) })
  const run = await runExport(sim, { 'job-id': 'se_site', 'export-domain': '' })

  expect(run.exitCode).toBe(0)
  expect(annotations(run, 'warning')).toEqual([])
})
