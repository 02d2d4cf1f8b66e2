#!/usr/bin/env bash
# Release X.Y.Z: tag vX.Y.Z, move the major tag vX to it (what `uses: your-org/docs-agent-action@v1`
# resolves to), push both, and create the GitHub release with the CHANGELOG.md section as notes.
#
#   npm run release -- 1.2.3 [--no-github-release]   # everything, with your own git and gh credentials
#   scripts/release.sh 1.2.3 --prepare              # the checks and the tags, locally: no credentials needed
#   scripts/release.sh 1.2.3 --publish              # push the prepared tags and create the release
#
# The release workflow runs --prepare (which builds with the installed packages) without any token, and
# --publish (git and gh only) as its last step, the only one given the write token.
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
    --prepare) mode=prepare ;;
    --publish) mode=publish ;;
    --no-github-release) github_release=false ;;
    *) fail "unknown option \"$option\": --prepare, --publish or --no-github-release." ;;
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

# The checks, and the tags made here: nothing leaves this machine, so no credentials are needed.
prepare() {
  local package_version newest
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
      fail "$name does not point at $commit: run with --prepare first."
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

[ "$mode" = publish ] || prepare
[ "$mode" = prepare ] || publish
