/** `npm run docs`: rewrites the inputs and outputs tables of the reference page from action.yml. */
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { renderTables, TABLES_PAGE } from './readme-tables.js'
import { PROJECT_ROOT } from './run-action.js'

const pagePath = join(PROJECT_ROOT, TABLES_PAGE)
const page = readFileSync(pagePath, 'utf8')
const updated = renderTables(page, readFileSync(join(PROJECT_ROOT, 'action.yml'), 'utf8'))
if (updated === page) {
  console.log(`${TABLES_PAGE} tables already match action.yml.`)
} else {
  writeFileSync(pagePath, updated)
  console.log(`${TABLES_PAGE} tables rewritten from action.yml.`)
}
