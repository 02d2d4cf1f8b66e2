#!/usr/bin/env bash
# Release X.Y.Z: tag vX.Y.Z, move the major tag vX to it (what `uses: your-org/docs-agent-action@v1`
# resolves to), push both, and create the GitHub release with the CHANGELOG.md section as notes.
#
#   npm run release -- 1.2.3 [--no-github-release]   # everything, with your own git and gh credentials
#   scripts/release.sh 1.2.3 --check                # the checks that build: no tag, no credentials
#   scripts/release.sh 1.2.3 --prepare              # the checks and the tags, locally: no credentials needed
#   scripts/release.sh 1.2.3 --publish              # the tag checks, the tags, the push and the release:
#                                                   # git and gh only, nothing installed runs
#
# The release workflow runs --check in its build job (read-only token, the packages installed) and
# --publish in a job of its own on a fresh runner, which installs nothing: no package's install script,
# git hook or PATH entry can reach the write token there.
#
# Refuses unless the version is X.Y.Z, package.json says the same, the work tree is clean, dist/ is
# what `npm run build` produces from this commit, and CHANGELOG.md has a "## [X.Y.Z]" section. An
# existing vX.Y.Z is accepted only when it points at this commit (the workflow run by pushing the tag).
# Publishing needs push rights on origin and, for the release, the gh CLI with GH_TOKEN.
set -euo pipefail
cd "$(dirname "$0")/.."

fail() {
  echo "release: $*" >&2
  exit 1
}

version="${1:-}"
github_release=true
mode=all
for option in "${@:2}"; do
  case "$option" in
    --check) mode=check ;;
    --prepare) mode=prepare ;;
    --publish) mode=publish ;;
    --no-github-release) github_release=false ;;
    *) fail "unknown option \"$option\": --check, --prepare, --publish or --no-github-release." ;;
  esac
done
version="${version#v}"
[[ "$version" =~ ^(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)$ ]] ||
  fail "the version must look like 1.2.3, not \"${1:-}\"."
tag="v$version"
major_tag="v${BASH_REMATCH[1]}"

notes="$(awk -v heading="## [$version]" '
  index($0, heading) == 1 { found = 1; next }
  found && /^## / { exit }
  found { print }
' CHANGELOG.md)"
[ -n "${notes//[[:space:]]/}" ] || fail "CHANGELOG.md has no \"## [$version]\" section with the release notes."
commit="$(git rev-parse HEAD)"

# The checks that need the installed packages (the build): nothing leaves this machine, no tag is made.
check() {
  local package_version
  package_version="$(node -p 'require("./package.json").version')"
  [ "$package_version" = "$version" ] ||
    fail "package.json says $package_version, not $version: bump it (npm version $version --no-git-tag-version), commit, and run again."

  [ -z "$(git status --porcelain)" ] || fail "the work tree has uncommitted changes; commit or stash them first."

  # The tag must carry a dist/ built from the same source, or users of $tag would run older code.
  npm run -s build >/dev/null
  if [ -n "$(git status --porcelain -- dist)" ]; then
    git status --porcelain -- dist >&2
    git checkout -- dist && git clean -fdq -- dist
    fail "dist/ is not what npm run build makes from this commit: build, commit dist/, and run again."
  fi
  echo "$version: package.json agrees, the work tree is clean, and a fresh build reproduces dist/."
}

# The tag checks, and the tags made here: git only, nothing leaves this machine.
tag_release() {
  local newest
  # Moving the major tag back to an older release would downgrade every workflow that pins it.
  newest="$(git tag -l "$major_tag.*.*" | grep -E "^$major_tag\.[0-9]+\.[0-9]+$" | sort -V | tail -n 1 || true)"
  if [ -n "$newest" ] && [ "$(printf '%s\n%s\n' "$newest" "$tag" | sort -V | tail -n 1)" != "$tag" ]; then
    fail "$newest is newer than $tag; $major_tag must not move back."
  fi

  if git rev-parse -q --verify "refs/tags/$tag" >/dev/null; then
    [ "$(git rev-parse "$tag^{commit}")" = "$commit" ] || fail "$tag already exists on another commit."
    echo "$tag already points at $commit."
  else
    git tag -a "$tag" -m "$tag" "$commit"
  fi
  # The major tag moves with every release of that major version: the point of `@v1` in a workflow.
  git tag -fa "$major_tag" -m "$major_tag: $tag" "$commit"
  echo "Tagged $tag and moved $major_tag to $commit (not pushed yet)."
}

# The prepared tags pushed, and the release created: git and gh only, nothing installed runs here.
publish() {
  local name
  for name in "$tag" "$major_tag"; do
    git rev-parse -q --verify "refs/tags/$name" >/dev/null && [ "$(git rev-parse "$name^{commit}")" = "$commit" ] ||
      fail "$name does not point at $commit."
  done
  git push origin "$tag"
  git push origin "$major_tag" --force
  echo "Pushed $tag and moved $major_tag to $commit."

  if [ "$github_release" = true ]; then
    if gh release view "$tag" >/dev/null 2>&1; then
      echo "The GitHub release $tag exists already."
    else
      gh release create "$tag" --verify-tag --title "$tag" --notes "$notes"
    fi
  fi
}

# One after another, never joined by &&: bash ignores set -e inside a function run as part of a list.
case "$mode" in
  check) check ;;
  prepare)
    check
    tag_release
    ;;
  publish)
    tag_release
    publish
    ;;
  all)
    check
    tag_release
    publish
    ;;
esac
