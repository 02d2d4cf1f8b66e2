/**
 * The demo's site in two languages: English pages and their French translations in a git repository made
 * for the run, where the source moved on after the translation (a side branch merged late included), one
 * page was never translated and one French page lost its source.
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'

const DAY = 86_400

export function twoLanguageSite(workspace: string): void {
  let time = Date.UTC(2026, 0, 5) / 1000
  const git = (args: string[]): void => {
    execFileSync('git', args, {
      cwd: workspace,
      env: {
        ...process.env,
        GIT_AUTHOR_NAME: 'Writer',
        GIT_AUTHOR_EMAIL: 'writer@example.com',
        GIT_COMMITTER_NAME: 'Writer',
        GIT_COMMITTER_EMAIL: 'writer@example.com',
        GIT_AUTHOR_DATE: `${time} +0000`,
        GIT_COMMITTER_DATE: `${time} +0000`
      }
    })
  }
  const commit = (files: Record<string, string>, subject: string, days = 1): void => {
    time += days * DAY
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(workspace, path)), { recursive: true })
      writeFileSync(join(workspace, path), text)
    }
    git(['add', '-A'])
    git(['commit', '-q', '-m', subject])
  }
  git(['init', '-q', '-b', 'main'])
  const navigation = {
    languages: [
      { language: 'en', default: true, groups: [{ group: 'Get started', pages: ['quickstart', 'install', 'api-keys'] }] },
      {
        language: 'fr',
        groups: [
          { group: 'Démarrer', pages: ['fr/quickstart', 'fr/installation'] },
          { group: 'Archives', pages: ['fr/ancien'] }
        ]
      }
    ]
  }
  commit(
    {
      'docs.json': JSON.stringify({ name: 'Acme', navigation }, null, 2),
      'quickstart.mdx': '# Quickstart\n\nInstall the CLI.\n',
      'install.mdx': '# Install\n\nRun the installer.\n',
      'api-keys.mdx': '# API keys\n\nCreate a key.\n'
    },
    'English pages'
  )
  git(['checkout', '-q', '-b', 'rate-limits'])
  commit({ 'quickstart.mdx': '# Quickstart\n\nInstall the CLI.\n\nMind the rate limits.\n' }, 'Document the rate limits')
  git(['checkout', '-q', 'main'])
  commit(
    {
      'fr/quickstart.mdx': '# Démarrage\n\nInstallez la CLI.\n',
      'fr/installation.mdx': "# Installation\n\nLancez l'installeur.\n",
      'fr/ancien.mdx': '# Ancien\n'
    },
    'Traduction française',
    5
  )
  time += DAY
  git(['merge', '-q', '--no-ff', '--no-edit', 'rate-limits'])
  commit({ 'install.mdx': '# Install\n\nRun the installer, then sign in.\n' }, 'Sign in after installing')
}
