/**
 * The translations report on a large history (DESIGN: "Translations that lag their source", Bench): 1,000
 * source pages in 5 languages over 20,000 commits whose history merges side branches, built with
 * `git fast-import`; the report run as the runner runs dist/index.js, its wall time and the node process's
 * peak RSS (git's own measured apart); beside it, 200 pages timed the obvious way (one `git log -1` per
 * page) and extrapolated to every page file.
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { ACTION_ENTRY } from './run-action.js'
import { logArgs } from '../src/operations/translations/git.js'

const SOURCE_PAGES = 1_000
const LANGUAGES = ['fr', 'de', 'es', 'ja', 'zh']
const COMMITS = 20_000
/** Every this many main-line commits, a side branch forks 40 commits back and merges 5 commits of its own. */
const SIDE_EVERY = 100
const OBVIOUS_PAGES = 200

export interface TranslationsBench {
  commits: number
  pageFiles: number
  reportMs: number
  nodePeakMb: number
  gitPeakMb: number
  outcome: string
  /** The machine's load while the report ran (1 minute), to read the times by. */
  load: number
  obviousMs: number
  extrapolatedMs: number
}

/** A deterministic pseudo-random sequence, so every bench builds the same history. */
function sequence(seed: number): () => number {
  let state = seed
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648
    return state / 2_147_483_648
  }
}

function page(index: number): string {
  return `p${String(index).padStart(4, '0')}`
}

function docsJson(): string {
  const pages = (prefix: string) => Array.from({ length: SOURCE_PAGES }, (_, index) => `${prefix}${page(index)}`)
  const groups = (prefix: string) =>
    Array.from({ length: 10 }, (_, group) => ({ group: `G${group}`, pages: pages(prefix).slice(group * 100, group * 100 + 100) }))
  return JSON.stringify({
    navigation: {
      languages: [
        { language: 'en', default: true, groups: groups('') },
        ...LANGUAGES.map((code) => ({ language: code, groups: groups(`${code}/`) }))
      ]
    }
  })
}

/** The fast-import stream: the first commit with every file, then single-file commits, side branches merged. */
function history(): string {
  const random = sequence(51)
  const out: string[] = []
  let mark = 0
  let time = Date.UTC(2024, 0, 1) / 1000
  const file = (path: string, text: string): string => `M 100644 inline ${path}\ndata ${Buffer.byteLength(text)}\n${text}\n`
  const commit = (ref: string, when: number, subject: string, body: string, parents: string[]): number => {
    mark++
    const [from, ...merges] = parents
    out.push(
      `commit ${ref}\nmark :${mark}\nauthor Writer <w@example.com> ${when} +0000\ncommitter Writer <w@example.com> ${when} +0000\ndata ${Buffer.byteLength(subject)}\n${subject}\n${from ? `from ${from}\n` : ''}${merges.map((one) => `merge ${one}\n`).join('')}${body}`
    )
    return mark
  }
  const all = [file('docs.json', docsJson())]
  for (let index = 0; index < SOURCE_PAGES; index++) {
    all.push(file(`${page(index)}.mdx`, `# ${page(index)}\n`))
    for (const code of LANGUAGES) all.push(file(`${code}/${page(index)}.mdx`, `# ${page(index)} ${code}\n`))
  }
  const mainMarks = [commit('refs/heads/main', time, 'Pages in six languages', all.join(''), [])]
  const someFile = (): string => {
    const index = Math.floor(random() * SOURCE_PAGES)
    const code = random() < 0.5 ? '' : `${LANGUAGES[Math.floor(random() * LANGUAGES.length)]}/`
    return `${code}${page(index)}.mdx`
  }
  let commits = 1
  let side = 0
  while (commits < COMMITS) {
    time += 600
    const path = someFile()
    mainMarks.push(
      commit('refs/heads/main', time, `Edit ${path}`, file(path, `# ${path}\nrevision ${commits}\n`), [`:${mainMarks.at(-1)}`])
    )
    commits++
    if (mainMarks.length % SIDE_EVERY !== 0 || commits + 6 > COMMITS) continue
    // A side branch forked 40 commits back: its commits are dated before the main line's newest, and merged after.
    const fork = mainMarks[mainMarks.length - 41] ?? mainMarks[0]
    let tip = `:${fork}`
    const changed: string[] = []
    for (let step = 0; step < 5; step++) {
      const sidePath = someFile()
      const text = `# ${sidePath}\nside ${side} ${step}\n`
      changed.push(file(sidePath, text))
      tip = `:${commit(`refs/heads/side-${side}`, time - 40 * 600 + step * 60, `Side ${side} edits ${sidePath}`, file(sidePath, text), [tip])}`
      commits++
    }
    time += 600
    mainMarks.push(commit('refs/heads/main', time, `Merge side ${side}`, changed.join(''), [`:${mainMarks.at(-1)}`, tip]))
    commits++
    side++
  }
  return `${out.join('')}done\n`
}

function makeRepository(dir: string): number {
  execFileSync('git', ['init', '-q', '-b', 'main', dir])
  const stream = history()
  execFileSync('git', ['fast-import', '--quiet', '--done'], { cwd: dir, input: stream, maxBuffer: 1 << 30 })
  execFileSync('git', ['checkout', '-q', '-f', 'main'], { cwd: dir })
  return Number(execFileSync('git', ['rev-list', '--count', '--all'], { cwd: dir, encoding: 'utf8' }).trim())
}

/** The report as the runner runs it; the node process's peak RSS from inside it (git's processes are not counted there). */
function runReport(dir: string, scratch: string): { ms: number; peakMb: number; outcome: string } {
  const rssFile = join(scratch, 'rss.txt')
  const preload = join(scratch, 'rss.mjs')
  writeFileSync(
    preload,
    `import { writeFileSync } from 'node:fs'\nprocess.on('exit', () => writeFileSync(${JSON.stringify(rssFile)}, String(process.resourceUsage().maxRSS)))\n`
  )
  const outputs = join(scratch, 'outputs.txt')
  writeFileSync(outputs, '')
  writeFileSync(join(scratch, 'summary.md'), '')
  const started = performance.now()
  spawnSync(process.execPath, ['--import', preload, ACTION_ENTRY], {
    cwd: dir,
    env: {
      PATH: process.env.PATH ?? '',
      GITHUB_WORKSPACE: dir,
      GITHUB_OUTPUT: outputs,
      GITHUB_STEP_SUMMARY: join(scratch, 'summary.md'),
      GITHUB_EVENT_NAME: 'schedule',
      GITHUB_EVENT_PATH: join(scratch, 'event.json'),
      INPUT_OPERATION: 'translations'
    },
    encoding: 'utf8'
  })
  const ms = performance.now() - started
  const written = readFileSync(outputs, 'utf8')
  const outcome = /outcome<<(\S+)\n(\S*)\n/.exec(written)?.[2] ?? 'none'
  if (outcome !== 'reported') console.error(written)
  return { ms, peakMb: Number(readFileSync(rssFile, 'utf8')) / 1024, outcome }
}

/** git's own peak: the operation's log pass (the same arguments), its largest process, under /usr/bin/time. */
function gitPeakMb(dir: string): number {
  const run = spawnSync('/usr/bin/time', ['-f', '%M', 'git', ...logArgs('')], {
    cwd: dir,
    encoding: 'utf8',
    maxBuffer: 1 << 30
  })
  return Number(run.stderr.trim().split('\n').at(-1)) / 1024
}

/** The obvious way: one `git log -1` per page file, for 200 of them. */
function obvious(dir: string): number {
  const started = performance.now()
  for (let index = 0; index < OBVIOUS_PAGES; index++)
    execFileSync('git', ['log', '-1', '--format=%H', '--', `${LANGUAGES[index % LANGUAGES.length]}/${page(index)}.mdx`], { cwd: dir })
  return performance.now() - started
}

export function measureTranslations(): TranslationsBench {
  const scratch = mkdtempSync(join(tmpdir(), 'bench-translations-'))
  try {
    const dir = join(scratch, 'repo')
    writeFileSync(join(scratch, 'event.json'), '{}')
    const commits = makeRepository(dir)
    const load = loadavg()[0] ?? 0
    const report = runReport(dir, scratch)
    const obviousMs = obvious(dir)
    const pageFiles = SOURCE_PAGES * (1 + LANGUAGES.length)
    return {
      commits,
      pageFiles,
      reportMs: report.ms,
      nodePeakMb: report.peakMb,
      gitPeakMb: gitPeakMb(dir),
      outcome: report.outcome,
      load,
      obviousMs,
      extrapolatedMs: (obviousMs / OBVIOUS_PAGES) * pageFiles
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true })
  }
}

export function translationsRows(bench: TranslationsBench): [string, string, string][] {
  const seconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`
  return [
    [
      `translations report, ${SOURCE_PAGES.toLocaleString('en-US')} source pages in ${LANGUAGES.length} languages over ${bench.commits.toLocaleString('en-US')} commits with merged side branches: the run`,
      seconds(bench.reportMs),
      `target ≤ 10 s (${bench.reportMs <= 10_000 ? 'reached' : 'not reached'}) at load ${bench.load.toFixed(1)} on ${availableParallelism()} cores; ${bench.outcome}`
    ],
    [
      'translations report: the node process’s peak RSS',
      `${bench.nodePeakMb.toFixed(0)} MB`,
      `target ≤ 200 MB (${bench.nodePeakMb <= 200 ? 'reached' : 'not reached'}); git's own apart: its log pass peaks at ${bench.gitPeakMb.toFixed(0)} MB`
    ],
    [
      `translations: the obvious way, one git log -1 per page (${OBVIOUS_PAGES} timed, extrapolated to ${bench.pageFiles.toLocaleString('en-US')} page files)`,
      seconds(bench.extrapolatedMs),
      `${seconds(bench.obviousMs)} for ${OBVIOUS_PAGES}; ${(bench.extrapolatedMs / bench.reportMs).toFixed(1)}× the report's whole run`
    ]
  ]
}

if (process.argv[1]?.endsWith('bench-translations.js')) {
  const bench = measureTranslations()
  for (const [name, value, note] of translationsRows(bench)) console.log(`| ${name} | ${value} | ${note} |`)
}
