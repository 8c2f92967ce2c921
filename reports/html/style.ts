/** The report's only stylesheet, inlined so the file needs nothing from the network. */
export const STYLE = `
:root { --ok:#1a7f37; --bad:#cf222e; --warn:#9a6700; --skip:#57606a; --line:#d0d7de; --soft:#f6f8fa; }
* { box-sizing: border-box; }
body {
  font: 14px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif;
  margin: 0 auto;
  max-width: 1200px;
  padding: 24px;
  color: #1f2328;
}
h1 { font-size: 22px; margin: 0 0 4px; }
h2 { font-size: 18px; margin: 28px 0 8px; border-bottom: 1px solid var(--line); padding-bottom: 4px; }
h3 { font-size: 15px; margin: 16px 0 6px; }
.meta { color: var(--skip); margin: 0 0 16px; }
.counts { display: flex; gap: 12px; flex-wrap: wrap; margin: 12px 0; }
.count { border: 1px solid var(--line); border-radius: 6px; padding: 8px 14px; min-width: 110px; }
.count b { display: block; font-size: 22px; }
.outcome { display: inline-block; padding: 2px 10px; border-radius: 12px; color: #fff; font-weight: 600; }
.v-passed { color: var(--ok); }
.v-failed { color: var(--bad); }
.v-warning { color: var(--warn); }
.v-skipped { color: var(--skip); }
.v-blocked { color: var(--warn); }
.v-not-run { color: var(--skip); font-style: italic; }
.outcome.v-passed { background: var(--ok); color: #fff; }
.outcome.v-failed { background: var(--bad); color: #fff; }
.outcome.v-empty { background: var(--warn); color: #fff; }
.outcome.v-blocked, .outcome.v-incomplete { background: var(--warn); color: #fff; }
.outcome.partial { outline: 3px dashed var(--warn); outline-offset: 2px; }
table { border-collapse: collapse; width: 100%; margin: 6px 0 12px; }
th, td { text-align: left; border-bottom: 1px solid var(--line); padding: 4px 8px; vertical-align: top; }
th { background: var(--soft); font-weight: 600; }
code, pre { font: 12px/1.45 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
pre {
  background: var(--soft);
  border: 1px solid var(--line);
  border-radius: 6px;
  padding: 8px;
  overflow-x: auto;
  white-space: pre-wrap;
  word-break: break-all;
  margin: 4px 0;
}
.outcome.v-degraded { background: var(--warn); color: #fff; } pre.monitor { white-space: pre-wrap; }
.card {
  border: 1px solid var(--line);
  border-left: 4px solid var(--bad);
  border-radius: 6px;
  padding: 10px 14px;
  margin: 12px 0;
}
.card.warning { border-left-color: var(--warn); }
.card dl { display: grid; grid-template-columns: 110px 1fr; gap: 2px 12px; margin: 6px 0; }
.card dt { font-weight: 600; color: var(--skip); } .card dd { margin: 0; }
details { margin: 4px 0; } summary { cursor: pointer; }
details.exchange { border: 1px solid var(--line); border-radius: 6px; padding: 4px 10px; }
/* Header tables hug their content: a name and its value read as one line, not two columns apart. */
details.exchange table { width: auto; min-width: 50%; }
details.exchange td:first-child { white-space: nowrap; padding-right: 24px; }
.evidence { border: 2px solid #0969da; border-radius: 8px; padding: 6px 16px 14px; margin: 16px 0; }
.digest { word-break: break-all; }
`;
