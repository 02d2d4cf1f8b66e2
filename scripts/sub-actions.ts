/**
 * One action per job: writes every sub-action's folder (`docs-check/action.yml`, `docs-check/README.md`),
 * its dist/ entry and its src/ entry, and the README's list of them, from the table (src/sub-actions.ts) and the root action.yml's texts.
 * Run by `npm run build` (scripts/stamp-dist.ts); a unit test fails when a committed file differs from
 * what this writes, as dist/ is checked.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { parse, stringify } from 'yaml'
import { SUB_ACTION_NAMES, type SubActionName } from '../src/sub-action-names.js'
import { EXPORT_INPUT, type InputText, type Want } from '../src/sub-action-parts.js'
import { SUB_ACTIONS } from '../src/sub-actions.js'
import { markdownTable } from './readme-tables.js'
import { ACTION_REPOSITORY, SUB_ACTION_PAGES } from './sub-action-workflows.js'

interface RootAction {
  author: string
  branding: { icon: string; color: string }
  inputs: Record<string, { description: string; required?: boolean; default?: string; deprecationMessage?: string }>
  outputs: Record<string, { description: string }>
}

/** An input as a sub-action declares it: the root's words unless the row has its own. */
interface DeclaredInput {
  description: string
  required: boolean
  default: string
  /** The root's, carried over: the runner warns with it when a workflow gives the input. */
  deprecationMessage: string | null
}

const GENERATED =
  'Written by npm run build (scripts/sub-actions.ts) from src/sub-actions.ts and the root action.yml: edit those, not this file.'

/** What `name/`'s action.yml declares: each input with its words for this job, and the outputs its operation sets. */
export function declaredOf(name: SubActionName, root: RootAction): { inputs: [string, DeclaredInput][]; outputs: [string, string][] } {
  const row = SUB_ACTIONS[name]
  const inputs = Object.entries(row.inputs as Record<string, InputText | null>).map(([input, own]): [string, DeclaredInput] => {
    const base = root.inputs[input]
    if (!base && input !== EXPORT_INPUT)
      throw new Error(`src/sub-actions.ts: ${name}/ declares ${input}, which the root action.yml does not have`)
    const description = own?.description ?? base?.description
    if (!description) throw new Error(`src/sub-actions.ts: ${name}/ declares ${input} without a description`)
    return [
      input,
      {
        description,
        required: own?.required ?? false,
        default: own?.default ?? base?.default ?? '',
        deprecationMessage: base?.deprecationMessage ?? null
      }
    ]
  })
  const outputs = row.outputs.map((output): [string, string] => {
    const base = root.outputs[output]
    if (!base) throw new Error(`src/sub-actions.ts: ${name}/ declares the output ${output}, which the root action.yml does not have`)
    return [output, base.description]
  })
  return { inputs, outputs }
}

/** A YAML scalar on one line, quoted only where YAML needs it. */
function scalar(value: string): string {
  return stringify(value, { lineWidth: 0, singleQuote: true }).trimEnd()
}

/** `name/action.yml`: a node24 action on the shared dist/, declaring only what its job uses. */
export function subActionYml(name: SubActionName, rootYml: string): string {
  const root = parse(rootYml) as RootAction
  const row = SUB_ACTIONS[name]
  const { inputs, outputs } = declaredOf(name, root)
  const lines = [
    `# ${GENERATED}`,
    `name: ${scalar(`Docs Agent Action: ${row.title}`)}`,
    `description: ${scalar(row.description)}`,
    `author: ${scalar(root.author)}`,
    'branding:',
    `  icon: ${scalar(root.branding.icon)}`,
    `  color: ${scalar(root.branding.color)}`,
    '',
    'inputs:',
    ...inputs.flatMap(([input, spec]) => [
      `  ${input}:`,
      `    description: ${scalar(spec.description)}`,
      `    required: ${spec.required}`,
      ...(spec.required ? [] : [`    default: ${scalar(spec.default)}`]),
      ...(spec.deprecationMessage === null ? [] : [`    deprecationMessage: ${scalar(spec.deprecationMessage)}`])
    ]),
    '',
    'outputs:',
    ...outputs.flatMap(([output, description]) => [`  ${output}:`, `    description: ${scalar(description)}`]),
    '',
    'runs:',
    '  using: node24',
    `  main: ../dist/${name}.js`,
    ''
  ]
  return lines.join('\n')
}

/** A table cell: one line, no `|` or `<` that would break it. */
function cell(text: string): string {
  return text.replace(/\s+/g, ' ').trim().replace(/[|<]/g, '\\$&')
}

/** `name/README.md`: what it does, its permissions, one complete workflow, and its inputs and outputs tables. */
export function subActionReadme(name: SubActionName, rootYml: string): string {
  const root = parse(rootYml) as RootAction
  const row = SUB_ACTIONS[name]
  const { page, workflow } = SUB_ACTION_PAGES[name]
  const { inputs, outputs } = declaredOf(name, root)
  const inputRows = inputs.map(([input, spec]) => [
    `\`${input}\``,
    spec.required ? 'required' : spec.default ? `\`${spec.default}\`` : '',
    cell(spec.deprecationMessage === null ? spec.description : `Deprecated: ${spec.deprecationMessage}`)
  ])
  const outputRows = outputs.map(([output, description]) => [`\`${output}\``, cell(description)])
  const permissions = Object.entries(row.permissions).map(([scope, level]) => `  ${scope}: ${level}`)
  return [
    `# ${row.title}: \`${name}/\``,
    '',
    `<!-- ${GENERATED} -->`,
    '',
    `${row.description} One job of [Docs Agent Action](../README.md), on its shared build: \`uses: ${ACTION_REPOSITORY}/${name}@v1\`. More in [${page.replace(/^docs\//, '')}](../${page}).`,
    '',
    '## Permissions',
    '',
    '```yaml',
    'permissions:',
    ...permissions,
    '```',
    '',
    '## Workflow',
    '',
    '```yaml',
    workflow.trimEnd(),
    '```',
    '',
    '## Inputs',
    '',
    markdownTable(['input', 'required / default', 'description'], inputRows),
    '',
    '## Outputs',
    '',
    markdownTable(['output', 'description'], outputRows),
    ''
  ].join('\n')
}

/** `dist/<name>.js`: the runner's entry of `name/`, which only loads the shared bundle (it tells the sub-action by this file's name). */
export function distEntry(name: SubActionName): string {
  return `// The entry of ${name}/ (${GENERATED.replace('Written', 'written')})\nimport './index.js'\n`
}

/** `src/entries/<name>.ts`: the sub-action for `npm run local-action -- ${'<name>'}`, which calls an entry's `run()`. */
export function srcEntry(name: SubActionName): string {
  return [
    `/** The entry of ${name}/ for @github/local-action (npm run local-action -- ${name}). ${GENERATED} */`,
    "import { run as runAction } from '../main.js'",
    '',
    'export function run(): Promise<void> {',
    `  return runAction({ subAction: '${name}' })`,
    '}',
    ''
  ].join('\n')
}

/** The README's list of the sub-actions, by what a team wants, between these markers. */
const FRONT_DOOR = { start: '<!-- sub-actions:start -->', end: '<!-- sub-actions:end -->' }

const WANTS: readonly Want[] = [
  'document each change',
  'require docs on every code pull request',
  'weekly docs health',
  'deploy and preview',
  'export the site'
]

/** The README with its list of the sub-actions regenerated: one line per want, each folder linking its README. */
export function frontDoor(readme: string): string {
  const from = readme.indexOf(FRONT_DOOR.start)
  const to = readme.indexOf(FRONT_DOOR.end)
  if (from < 0 || to < from) throw new Error(`README.md needs the markers ${FRONT_DOOR.start} and ${FRONT_DOOR.end}, in that order`)
  const lines = WANTS.map((want) => {
    const folders = SUB_ACTION_NAMES.filter((name) => SUB_ACTIONS[name].want === want)
    const links = folders.map((name) => `[\`${name}/\`](${name}/README.md) (${SUB_ACTIONS[name].title.toLowerCase()})`)
    return `- **${want.charAt(0).toUpperCase()}${want.slice(1)}**: ${links.join(', ')}.`
  })
  return `${readme.slice(0, from + FRONT_DOOR.start.length)}\n\n${lines.join('\n')}\n\n${readme.slice(to)}`
}

/** Every file this writes, relative to the project root, with its text; `readme` is the README as it stands. */
export function subActionFiles(rootYml: string, readme: string): Record<string, string> {
  return Object.fromEntries([
    ['README.md', frontDoor(readme)],
    ...SUB_ACTION_NAMES.flatMap((name): [string, string][] => [
      [`${name}/action.yml`, subActionYml(name, rootYml)],
      [`${name}/README.md`, subActionReadme(name, rootYml)],
      [`dist/${name}.js`, distEntry(name)],
      [`src/entries/${name}.ts`, srcEntry(name)]
    ])
  ])
}

/** Writes every sub-action's files under `root`. */
export function writeSubActions(root: string): void {
  const read = (path: string): string => readFileSync(join(root, path), 'utf8')
  for (const [path, text] of Object.entries(subActionFiles(read('action.yml'), read('README.md')))) {
    mkdirSync(dirname(join(root, path)), { recursive: true })
    writeFileSync(join(root, path), text)
  }
}
