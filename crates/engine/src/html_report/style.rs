//! The export's one stylesheet, inline: the app's colours, light and dark from the system setting,
//! and a print layout (the visuals keep their colours on paper).
pub(super) const STYLE: &str = "\
:root{--bg:#fff;--surface:#f6f7f9;--text:#1b1d21;--muted:#585d66;--border:#d5d8dd;--accent:#2446b3;\
--ok:#1d6b35;--bad:#a4161a;--warn:#8a5300;--band:#cfd8f5;--track:#e6e8ec;\
--s0:#2446b3;--s1:#b3245c;--s2:#1d6b35;--s3:#8a5300;--s4:#6a3fb5;--s5:#0f6e80;--s6:#a4161a;--s7:#585d66}\
@media (prefers-color-scheme:dark){:root{--bg:#111317;--surface:#1b1e24;--text:#e8e9ec;--muted:#a3a8b3;\
--border:#343944;--accent:#8fa8ff;--ok:#6fd08c;--bad:#ff8a8a;--warn:#f3c26b;--band:#2b3866;--track:#2a2e36;\
--s0:#8fa8ff;--s1:#ff8ab8;--s2:#6fd08c;--s3:#f3c26b;--s4:#c3a3ff;--s5:#6fd3e6;--s6:#ff8a8a;--s7:#c3c7cf}}\
*{box-sizing:border-box}\
body{font:16px/1.55 system-ui,-apple-system,'Segoe UI',sans-serif;max-width:56rem;margin:0 auto;padding:1.5rem 1rem 3rem;color:var(--text);background:var(--bg)}\
h1,h2,h3,h4{line-height:1.25;margin:1.6em 0 .5em}h1{font-size:1.55rem;margin-top:.2em}\
h2{font-size:1.25rem;border-bottom:1px solid var(--border);padding-bottom:.2em}h3{font-size:1.05rem}\
p,li,dd,td,th{overflow-wrap:break-word}\
pre{background:var(--surface);border:1px solid var(--border);border-radius:6px;padding:.6rem .75rem;overflow-x:auto;white-space:pre-wrap;overflow-wrap:anywhere}\
code{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:.9em}\
blockquote{margin:0;padding-left:1rem;border-left:3px solid var(--border);color:var(--muted)}\
a{color:var(--accent)}.meta,.muted,.kind{color:var(--muted)}.meta{font-size:.9rem}.kind{margin:0;font-size:.9rem;text-transform:uppercase;letter-spacing:.06em}\
.notice{color:var(--warn)}.failure{color:var(--bad)}\
.web-sources li{margin:.4rem 0;overflow-wrap:anywhere}.web-sources .url{color:var(--muted);font-size:.85rem}.web-sources .mark{color:var(--bad)}\
.demo{display:inline-block;background:var(--warn);color:var(--bg);padding:.1rem .6rem;border-radius:6px;font-weight:600;margin:0 0 .5rem}\
.vh{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}\
.decision{background:var(--surface);border:1px solid var(--border);border-radius:10px;padding:.25rem 1.25rem 1rem;margin-top:1rem}\
.decision h2{border:0;margin-top:.8em}\
.answer{font-size:1.3rem;font-weight:650;line-height:1.35;margin:.2em 0 .6em}\
.verdict[data-verdict=APPROVED]{color:var(--ok)}.verdict[data-verdict=REQUEST_CHANGES]{color:var(--bad)}.verdict[data-verdict=INCONCLUSIVE]{color:var(--warn)}\
.chip{display:inline-block;border:1px solid currentColor;border-radius:999px;padding:.1rem .75rem;font-weight:600;white-space:nowrap}\
.chip[data-level=no-dissent],.chip[data-level=low-dissent]{color:var(--ok)}.chip[data-level=medium-dissent]{color:var(--warn)}.chip[data-level=high-dissent]{color:var(--bad)}\
.meter{margin:.5rem 0}.meter svg{max-width:100%;height:auto}.meter figcaption{font-size:.85rem;color:var(--muted)}\
.track{fill:var(--track)}.band{fill:var(--band)}.fill{fill:var(--accent)}.judge{stroke:var(--text);stroke-width:2}\
.key{display:inline-block;width:.9em;height:.6em;border-radius:2px;vertical-align:middle}.key.fill{background:var(--accent)}.key.band{background:var(--band)}.key.judge{width:2px;height:1em;background:var(--text)}\
dl.why,dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:.2rem 1rem;margin:.5rem 0}dl div{display:contents}dt{color:var(--muted)}dd{margin:0}\
.badge{display:inline-block;border:1px solid currentColor;border-radius:6px;padding:0 .45rem;font-size:.8rem;font-weight:600;text-transform:uppercase;letter-spacing:.03em;white-space:nowrap}\
.sev-critical,.sev-high{color:var(--bad)}.sev-medium{color:var(--warn)}.sev-low{color:var(--muted)}\
.finding{border-left:4px solid var(--border);padding:.1rem 0 .1rem .9rem;margin:.8rem 0}.finding p{margin:.3rem 0}\
.finding-head .lines{white-space:nowrap}.finding[data-severity=critical],.finding[data-severity=high]{border-color:var(--bad)}.finding[data-severity=medium]{border-color:var(--warn)}.disp[data-disposition=PRIORITIZE]{color:var(--ok)}.disp[data-disposition=DEFER]{color:var(--warn)}.disp[data-disposition=REJECT]{color:var(--bad)}li>p{margin:.15em 0}.count{color:var(--muted);font-weight:400}\
.table-scroll{overflow-x:auto;margin:.75rem 0;position:relative}\
table{border-collapse:collapse;width:100%;font-size:.95rem}caption{text-align:left;color:var(--muted)}\
th,td{border:1px solid var(--border);padding:.4rem .55rem;text-align:left;vertical-align:top}thead th{background:var(--surface)}\
td ul{margin:0;padding-left:1.1rem}td.rank{font-weight:700;text-align:center}\
.matrix{font-size:.85rem}.matrix td,.matrix thead th{text-align:center}.matrix thead th{font-weight:500;min-width:6rem;vertical-align:bottom}.matrix tbody th{min-width:9rem}.matrix td{white-space:nowrap}.matrix .kind{display:block;font-size:.75rem;color:var(--muted);text-transform:uppercase}\
.matrix .icon{display:inline-block;margin:0 .15rem;white-space:nowrap}\
.legend{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:.3rem 1.1rem;font-size:.9rem}\
.icon.supported{color:var(--ok)}.icon.challenged,.icon.challenged-by{color:var(--bad)}.icon.rebutted-by{color:var(--accent)}.icon.held-view{color:var(--warn)}.icon.absent{color:var(--muted)}\
ol.columns{font-size:.9rem;color:var(--muted)}ol.columns .kind{font-size:.75rem;text-transform:uppercase}\
details summary{cursor:pointer;color:var(--accent)}\
.bump{max-width:100%;height:auto}.bump text{fill:var(--text);stroke:none;font-size:12px}.bump .column{stroke:var(--border)}\
.line path{stroke-width:2.5}.line circle{stroke:var(--bg);stroke-width:1.5}\
.s0{stroke:var(--s0);fill:var(--s0)}.s1{stroke:var(--s1);fill:var(--s1)}.s2{stroke:var(--s2);fill:var(--s2)}.s3{stroke:var(--s3);fill:var(--s3)}\
.s4{stroke:var(--s4);fill:var(--s4)}.s5{stroke:var(--s5);fill:var(--s5)}.s6{stroke:var(--s6);fill:var(--s6)}.s7{stroke:var(--s7);fill:var(--s7)}\
.line path{fill:none}figure{margin:0}figcaption{font-size:.85rem;color:var(--muted)}\
.record{margin-top:2rem}footer{margin-top:2.5rem;border-top:1px solid var(--border);padding-top:.5rem}\
@media (max-width:40rem){.decision{padding:.1rem .9rem .8rem}\
table.cards,table.cards tbody,table.cards tr,table.cards td,table.cards th{display:block;width:auto}table.cards thead{display:none}\
table.cards tr{border:1px solid var(--border);border-radius:8px;margin:.6rem 0;padding:.3rem .7rem}table.cards td,table.cards th{border:0;padding:.15rem 0;text-align:left}\
table.cards td[data-label]::before{content:attr(data-label) \": \";color:var(--muted)}table.cards td.rank::before{content:\"#\"}}\
@media print{body{max-width:none;padding:0;font-size:11pt}a{color:inherit}h2,h3{break-after:avoid}\
.decision,.finding,tr,figure{break-inside:avoid}.table-scroll{overflow:visible}\
*{-webkit-print-color-adjust:exact;print-color-adjust:exact}}";
