#!/usr/bin/env bash
# Installs Debian's Prometheus Pushgateway and promtool (package prometheus) where they are
# missing, for the metrics tests (test/e2e/monitor.test.ts, reports/monitor/monitor.test.ts):
# a real Pushgateway to push to, `promtool check metrics` to lint metrics.prom. Needs root or
# sudo the first time; a no-op afterwards. Neither service is started: the test starts its own
# Pushgateway on a free port and stops it.
set -euo pipefail
if command -v promtool >/dev/null 2>&1 && command -v prometheus-pushgateway >/dev/null 2>&1; then exit 0; fi
if [ "$(id -u)" -eq 0 ]; then SUDO=""; else SUDO="sudo"; fi
$SUDO apt-get update
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y --no-install-recommends prometheus-pushgateway prometheus
command -v promtool prometheus-pushgateway
