/** `npm run docs`: rewrites the README's inputs and outputs tables from action.yml. */
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { renderReadme } from './readme-tables.js'
import { PROJECT_ROOT } from './run-action.js'

const readmePath = join(PROJECT_ROOT, 'README.md')
const readme = readFileSync(readmePath, 'utf8')
const updated = renderReadme(readme, readFileSync(join(PROJECT_ROOT, 'action.yml'), 'utf8'))
if (updated === readme) {
  console.log('README.md tables already match action.yml.')
} else {
  writeFileSync(readmePath, updated)
  console.log('README.md tables rewritten from action.yml.')
}
