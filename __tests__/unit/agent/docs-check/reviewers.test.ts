/** `reviewers`: who is asked to review the agent's pull request when a run introduces it. */
import { describe, expect, it } from '@jest/globals'
import { docsCheckInputs } from './factories.js'
import { refusal } from '../../../fixtures/refusal.js'

describe('reviewers', () => {
  it.each([
    ['', { author: true, users: [], teams: [] }],
    ['author', { author: true, users: [], teams: [] }],
    ['Author', { author: true, users: [], teams: [] }],
    ['none', { author: false, users: [], teams: [] }],
    [' NONE ', { author: false, users: [], teams: [] }],
    ['octocat', { author: false, users: ['octocat'], teams: [] }],
    ['@octocat, Mona-Lisa', { author: false, users: ['octocat', 'mona-lisa'], teams: [] }],
    ['octocat,octocat, OctoCat', { author: false, users: ['octocat'], teams: [] }],
    ['my-org/docs-team', { author: false, users: [], teams: [{ org: 'my-org', slug: 'docs-team' }] }],
    ['@My-Org/Docs_Team.v2', { author: false, users: [], teams: [{ org: 'my-org', slug: 'docs_team.v2' }] }],
    ['author, my-org/docs-team', { author: true, users: [], teams: [{ org: 'my-org', slug: 'docs-team' }] }],
    ['author\noctocat\n  my-org/writers', { author: true, users: ['octocat'], teams: [{ org: 'my-org', slug: 'writers' }] }],
    ['@author', { author: false, users: ['author'], teams: [] }],
    ['a'.repeat(39), { author: false, users: ['a'.repeat(39)], teams: [] }],
    ['a-b-c9', { author: false, users: ['a-b-c9'], teams: [] }]
  ])('reads %j', (raw, expected) => {
    expect(docsCheckInputs({ reviewers: raw }).reviewers).toEqual(expected)
  })

  it.each([
    ['a login too long', 'a'.repeat(40), `'${'a'.repeat(40)}'`],
    ['a double hyphen', 'mona--lisa', "'mona--lisa'"],
    ['a leading hyphen', '-octocat', "'-octocat'"],
    ['a trailing hyphen', 'octocat-', "'octocat-'"],
    ['an underscore in a login', 'octo_cat', "'octo_cat'"],
    ['a bot, which cannot review', 'renovate[bot]', "'renovate[bot]'"],
    ['an email address', 'mona@example.com', "'mona@example.com'"],
    ['a team without its organisation', '/docs-team', "'/docs-team'"],
    ['an organisation without a team', 'my-org/', "'my-org/'"],
    ['a path too deep', 'my-org/docs/team', "'my-org/docs/team'"],
    ['a team slug with a colon', 'my-org/docs:team', "'my-org/docs:team'"]
  ])('refuses %s', (_, raw, echoed) => {
    const error = refusal(() => docsCheckInputs({ reviewers: raw }))
    expect(error.input).toBe('reviewers')
    expect(error.message).toBe(
      `Input 'reviewers' has ${echoed}, which is neither a GitHub login nor an org/team name: give author (the default), none, or logins and org/team names separated by commas (author, octocat, my-org/docs-team).`
    )
  })

  it('refuses none beside other names', () => {
    expect(refusal(() => docsCheckInputs({ reviewers: 'none, octocat' })).message).toBe(
      "Input 'reviewers' has none beside other names; none asks nobody, so give it alone: give author (the default), none, or logins and org/team names separated by commas (author, octocat, my-org/docs-team)."
    )
  })
})
