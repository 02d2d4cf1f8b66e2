// The entry of translations/ (written by npm run build (scripts/sub-actions.ts) from src/sub-actions.ts and the root action.yml: edit those, not this file.)
import './index.js'
