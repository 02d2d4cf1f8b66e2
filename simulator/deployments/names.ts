// Names the deployment endpoints check or derive: git branch names, DNS labels, the repository's name.

export const SITE_DOMAIN = 'mintlify.site'
/** A DNS label is at most 63 characters; a preview's subdomain is one. */
const MAX_LABEL = 63

/**
 * Whether git would take `name` as a branch name (git check-ref-format --branch): no control
 * characters, spaces or ~^:?*[\, no `..`, `@{` or `//`, no part starting with `.` or ending in `.lock`,
 * not starting with `-` or `/`, not ending with `/` or `.`, not `@`; and at most 255 characters, as on GitHub.
 */
export function isValidBranchName(name: string): boolean {
  if (name === '' || name === '@' || name.length > 255) return false
  if (/^[-/]|[/.]$|\.\.|@\{|\/\/|[ ~^:?*[\\]/.test(name)) return false
  if ([...name].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return false
  return name.split('/').every((part) => !part.startsWith('.') && !part.endsWith('.lock'))
}

/** The preview's subdomain, `<organization>-<branch-name>` as Mintlify names preview sites, kept a valid DNS label. */
export function previewSubdomain(subdomain: string, branch: string): string {
  return dnsLabel(`${subdomain}-${branch}`) || subdomain
}

export function dnsLabel(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, MAX_LABEL)
    .replace(/^-+|-+$/g, '')
}

/** 'https://github.com/octo-org/docs' → 'octo-org/docs'. */
export function repositoryName(repository: string): string {
  return repository.replace(/^https?:\/\/[^/]+\//, '').replace(/\.git$|\/+$/g, '')
}
