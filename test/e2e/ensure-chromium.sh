#!/usr/bin/env bash
# Installs Debian's chromium where it is missing, for the report-in-a-browser test
# (test/e2e/report-browser.test.ts). Needs root or sudo the first time; a no-op afterwards.
set -euo pipefail
if command -v chromium >/dev/null 2>&1; then exit 0; fi
if [ "$(id -u)" -eq 0 ]; then SUDO=""; else SUDO="sudo"; fi
$SUDO apt-get update
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y --no-install-recommends chromium
command -v chromium
