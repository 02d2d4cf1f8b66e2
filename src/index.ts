import * as core from '@actions/core'
core.info('hi')
if (process.env.LOADGH) { const gh = await import('@actions/github'); core.info(typeof gh.getOctokit) }
