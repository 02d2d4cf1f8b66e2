/** The entry of translations/ for @github/local-action (npm run local-action -- translations). Written by npm run build (scripts/sub-actions.ts) from src/sub-actions.ts and the root action.yml: edit those, not this file. */
import { run as runAction } from '../main.js'

export function run(): Promise<void> {
  return runAction({ subAction: 'translations' })
}
