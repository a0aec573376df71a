#!/usr/bin/env bash
# A newcomer's first commands, checked: clones the repository's committed HEAD into an empty temporary folder (so
# nothing is beside the clone: no ../shared, no corpus) and runs there, one after the other, the commands of the
# README's "Quick start" block (`npm ci && npm run demo`, `npm ci && npm test`), with no QUIRE_* variable set
# (no PostgreSQL, no corpus: those tests must skip and say why). Exits non-zero at the first command that fails.
#
#   bash test/fresh-clone.sh          # .ci/run runs it after npm test
#   QUIRE_KEEP_SCRATCH=1 bash test/fresh-clone.sh   # keep the clone and print where it is
#
# Uncommitted changes are not part of the clone: commit first. A command the README repeats (the second
# `npm ci`) runs once. npm installs from its cache when it can (--prefer-offline).
set -euo pipefail

source_repository="$(cd "$(dirname "$0")/.." && pwd)"
keep="${QUIRE_KEEP_SCRATCH:-}"
# Nothing of this environment's Quire settings reaches the clone.
for name in $(compgen -e | grep '^QUIRE_' || true); do unset "$name"; done

scratch="$(mktemp -d "${TMPDIR:-/tmp}/quire-fresh-clone-XXXXXX")"
logs="$(mktemp -d "${TMPDIR:-/tmp}/quire-fresh-clone-logs-XXXXXX")"
if [ -n "$keep" ]; then
  trap 'rm -rf "$logs"; echo "fresh-clone: kept $scratch"' EXIT
else
  trap 'rm -rf "$scratch" "$logs"' EXIT
fi
clone="$scratch/quire"

head="$(git -C "$source_repository" rev-parse HEAD)"
if [ -n "$(git -C "$source_repository" status --porcelain --untracked-files=no)" ]; then
  echo "fresh-clone: $source_repository has uncommitted changes; they are not part of the clone of $head"
fi
git clone --quiet --no-checkout "$source_repository" "$clone"
git -C "$clone" checkout --quiet --detach "$head"
echo "fresh-clone: $head cloned into $clone (nothing beside it: $(ls -A "$scratch" | tr '\n' ' '))"

# The README's "Quick start" commands: the lines of the first ```sh block after that heading, comments dropped,
# each `a && b` as its own steps.
mapfile -t steps < <(awk '
  /^## Quick start/ { section = 1; next }
  section && /^## / { exit }
  section && /^```sh/ { block = 1; next }
  block && /^```/ { exit }
  block { sub(/[[:space:]]+#.*$/, ""); n = split($0, parts, /[[:space:]]*&&[[:space:]]*/); for (i = 1; i <= n; i++) if (parts[i] != "") print parts[i] }
' "$clone/README.md")
if [ "${#steps[@]}" -eq 0 ]; then
  echo "fresh-clone: no commands found in the README's Quick start block" >&2
  exit 1
fi

declare -A done_steps=()
cd "$clone"
for step in "${steps[@]}"; do
  if [ -n "${done_steps[$step]:-}" ]; then
    echo "fresh-clone: \$ $step (already done)"
    continue
  fi
  command="$step"
  [ "$step" = "npm ci" ] && command="npm ci --prefer-offline --no-audit --no-fund"
  echo "fresh-clone: \$ $command"
  started=$SECONDS
  if ! bash -c "$command" 2>&1 | tee "$logs/step.log"; then
    echo "fresh-clone: FAILED in a fresh clone: $step" >&2
    exit 1
  fi
  # A supported Node (package.json engines) installs without an engine warning.
  if [ "$step" = "npm ci" ] && grep -q 'EBADENGINE' "$logs/step.log"; then
    echo "fresh-clone: npm ci warned that a dependency does not support Node $(node --version) (EBADENGINE above)" >&2
    exit 1
  fi
  echo "fresh-clone: ok after $((SECONDS - started)) s: $step"
  done_steps[$step]=1
done
echo "fresh-clone: every Quick start command passes in a fresh clone of $head"
