//! The HTML export of each protocol reads as a finished report: it leads with the decision,
//! renders tables as tables (never Markdown pipes), carries the visuals (Consult's meter and
//! stance matrix, Prioritize's bump chart labelled with titles, Review's fix items with their
//! lines), says each thing once, and keeps hostile model text inert.
use consilium_engine::html_report::session_html;
use consilium_engine::testing::{FixedClock, RecordingSink, ScriptedCaller, XSS_CORPUS};
use consilium_engine::{
    consult::demo::demo_config, consult::run_consult, prioritize::run_prioritize, record::Body,
    record::Session, review::run_review,
};
use consilium_engine::{prioritize::demo as p, review::demo as r};
use futures::executor::block_on;

fn demos() -> [Session; 3] {
    let sink = RecordingSink::default();
    let clock = FixedClock(1_700_000_000_000);
    let caller = ScriptedCaller::new(|request| Ok(consilium_engine::demo::demo_reply(request)));
    let consult = Session::new_consult("c".into(), "Q?".into(), demo_config(), 1);
    let review = Session::new_review("r".into(), r::DEMO_DIFF.into(), r::demo_review_config(), 1);
    let prioritize = Session::new_prioritize(
        "p".into(),
        p::demo_backlog(),
        p::demo_prioritize_config(),
        1,
    );
    block_on(async {
        [
            run_consult(consult, &caller, &clock, &sink).await,
            run_review(review, &caller, &clock, &sink).await,
            run_prioritize(prioritize, &caller, &clock, &sink).await,
        ]
    })
}

/// The document's body: what a reader sees (the head holds only the title and the CSS).
fn body(html: &str) -> &str {
    &html[html.find("<body>").expect("a body")..]
}

/// Where `needle` first is in `haystack`, failing with both when it is not there.
fn at(haystack: &str, needle: &str) -> usize {
    haystack
        .find(needle)
        .unwrap_or_else(|| panic!("{needle:?} is not in the export:\n{haystack}"))
}

fn count(haystack: &str, needle: &str) -> usize {
    haystack.matches(needle).count()
}

#[test]
fn tables_are_tables_never_markdown_pipes() {
    for session in demos() {
        let html = session_html(&session);
        let page = body(&html);
        assert!(!page.contains("|---"), "raw table rule in {page}");
        assert!(!page.contains("| Rank |"), "raw table header in {page}");
    }
    // The prioritization's ranked backlog is a real table, one row per opportunity.
    let [_, _, prioritize] = demos();
    let html = session_html(&prioritize);
    let ranked = &html[at(&html, "<section class=\"ranked\">")..];
    let ranked = &ranked[..at(ranked, "</section>")];
    assert!(ranked.contains("<table class=\"cards\"><thead><tr><th scope=\"col\">Rank</th>"));
    assert_eq!(count(ranked, "<tr><td class=\"rank\""), 8, "{ranked}");
    assert!(ranked.contains("<code>opp-1</code> Fix flaky checkout test"));
    // A table a model writes in its recommendation is rendered as one too.
    let [mut consult, _, _] = demos();
    consult
        .consult_mut()
        .round4
        .as_mut()
        .unwrap()
        .recommendation =
        "Adopt it.\n\n| Option | Cost |\n|---|---|\n| Rust | high |\n| Go | low |".into();
    let html = session_html(&consult);
    assert!(html.contains("<table><thead><tr><th scope=\"col\">Option</th><th scope=\"col\">Cost</th></tr></thead><tbody><tr><td>Rust</td><td>high</td></tr>"), "{html}");
    assert!(!body(&html).contains("|---|"));
}

#[test]
fn a_consultation_leads_with_its_answer_confidence_meter_and_stance_matrix() {
    let [consult, _, _] = demos();
    let html = session_html(&consult);
    let page = body(&html);
    let recommendation = consult.consult().round4.clone().unwrap().recommendation;
    let answer = consilium_engine::consult::view::verdict::one_line_answer(&recommendation);
    let decision = consilium_engine::consult::view::verdict::decision(&consult).unwrap();
    let chip = consilium_engine::consult::view::verdict::confidence_chip(&decision);
    // In reading order: the question, the one-line answer, the chip, the meter, then the record.
    let question = at(page, "<h1>Q?</h1>");
    let answer_at = at(page, &format!("<p class=\"answer\">{answer}</p>"));
    let chip_at = at(page, &format!("\">{chip}</span>"));
    let meter_at = at(page, "<figure class=\"meter\"><svg");
    let matrix_at = at(page, "<table class=\"matrix\">");
    let rounds_at = at(page, "<h2>Round 1 · Independent answers</h2>");
    assert!(question < answer_at && answer_at < chip_at && chip_at < meter_at);
    assert!(meter_at < matrix_at && matrix_at < rounds_at);
    // The meter: the band, the computed fill and the judge's mark, with its words.
    let meter = decision.meter.as_ref().unwrap();
    assert!(page.contains(&format!("aria-label=\"Confidence: {}\"", meter.text)));
    for part in ["class=\"band\"", "class=\"fill\"", "class=\"judge\""] {
        assert!(page[meter_at..].contains(part), "{part}");
    }
    // The matrix: a row per panelist, a column per point and tension, icons with their words.
    let matrix = consilium_engine::consult::view::stance::stance_matrix(&consult).unwrap();
    let table = &page[matrix_at..at(&page[matrix_at..], "</table>") + matrix_at];
    assert_eq!(count(table, "<th scope=\"row\">"), matrix.rows.len());
    assert_eq!(
        count(table, "<th scope=\"col\" title="),
        matrix.columns.len()
    );
    assert!(table.contains("<span class=\"vh\">supported</span>"));
    // The verdict is said once: the Markdown report's own Verdict section is not repeated.
    assert_eq!(count(page, "<h2>Verdict</h2>"), 0);
    assert_eq!(
        count(page, &answer),
        2,
        "the answer, and the recommendation it opens"
    );
}

#[test]
fn a_review_leads_with_its_verdict_in_words_and_fix_items_with_their_lines() {
    let [_, review, _] = demos();
    let html = session_html(&review);
    let page = body(&html);
    let verdict = at(page, ">Changes requested</p>");
    let fixes = at(page, "<section class=\"fixes\" id=\"fix-items\">");
    let log = at(page, "<h2>Deliberation log</h2>");
    assert!(
        verdict < fixes && fixes < log,
        "verdict, fix items, then the log"
    );
    // Each fix item with its severity, its lines and the diff lines it cites; the key masked.
    let fix_items = &page[fixes..log];
    assert_eq!(count(fix_items, "<article class=\"finding\""), 3);
    assert!(fix_items.contains("<span class=\"badge sev-critical\">critical</span> <strong class=\"lines\">Line 4</strong>"));
    assert!(fix_items.contains("<strong class=\"lines\">Lines 13–15</strong>"));
    assert!(fix_items.contains("<pre class=\"cited\"><code>    4 + AWS_ACCESS_KEY_ID = &quot;AKIA…4W&quot;</code></pre>"), "{fix_items}");
    assert!(!html.contains("AKIAQ3EGRU7XK5N2ZD4W"));
    // Said once: no second "Fix items" list at the end.
    assert_eq!(count(page, "Fix items"), 1);
    assert!(!page.contains("REQUEST_CHANGES</strong>"));
}

#[test]
fn a_prioritization_leads_with_its_outcome_then_the_table_and_a_chart_labelled_with_titles() {
    let [_, _, prioritize] = demos();
    let html = session_html(&prioritize);
    let page = body(&html);
    let outcome = prioritize.prioritize().outcome.clone().unwrap();
    let outcome_at = at(page, &format!("<p class=\"answer\">{outcome}</p>"));
    let table_at = at(page, "<h2>Ranked backlog</h2>");
    let chart_at = at(page, "<svg class=\"bump\"");
    let rounds_at = at(page, "<h2>Round 1</h2>");
    assert!(outcome_at < table_at && table_at < chart_at && chart_at < rounds_at);
    assert!(
        !page[..outcome_at].contains("Session"),
        "the outcome comes before any id"
    );
    let chart = &page[chart_at..at(&page[chart_at..], "</svg>") + chart_at];
    assert_eq!(count(chart, "<g class=\"line "), 8);
    for title in [
        "Fix flaky checkout test",
        "Export to CSV",
        "Rewrite the admin panel",
    ] {
        assert!(
            chart.contains(&format!(">{title}</text>")),
            "{title} labels a line"
        );
    }
    assert_eq!(count(page, "Ranked backlog"), 1, "said once");
}

#[test]
fn hostile_model_text_stays_text_everywhere_in_the_export() {
    let [mut consult, mut review, mut prioritize] = demos();
    let hostile = XSS_CORPUS.join("\n\n");
    consult.subject = XSS_CORPUS[0].into();
    {
        let body = consult.consult_mut();
        body.round4.as_mut().unwrap().recommendation = hostile.clone();
        for dissent in &mut body.round4.as_mut().unwrap().dissent {
            dissent.concern = XSS_CORPUS[1].into();
        }
        for point in &mut body.round2.as_mut().unwrap().consensus_points {
            point.point = XSS_CORPUS[5].into();
        }
        body.config.panelists[0].label = XSS_CORPUS[4].into();
    }
    if let Body::Review(body) = &mut review.body {
        let verdict = body.verdict.as_mut().unwrap();
        verdict.reason = hostile.clone();
        for finding in &mut verdict.fix_items {
            finding.item.rule = XSS_CORPUS[1].into();
            finding.item.recommended_action = XSS_CORPUS[5].into();
        }
    }
    if let Body::Prioritize(body) = &mut prioritize.body {
        body.outcome = Some(XSS_CORPUS[0].into());
        for opportunity in body.backlog.iter_mut().chain(body.ranked.iter_mut()) {
            opportunity.title = XSS_CORPUS[5].into();
        }
    }
    for session in [consult, review, prioritize] {
        let html = session_html(&session);
        let page = body(&html);
        for forbidden in [
            "<script",
            "<img",
            "<iframe",
            "onerror=\"",
            "onload=\"",
            "<b ",
            "<div style",
            "href=\"javascript",
            "href=\"data:",
        ] {
            assert!(!page.contains(forbidden), "{forbidden} in {page}");
        }
        // The only SVG is ours (the meter, the chart), never one from model text.
        for (index, _) in page.match_indices("<svg") {
            let tag = &page[index..];
            assert!(
                tag.starts_with("<svg viewBox=\"0 0 300 34\"")
                    || tag.starts_with("<svg class=\"bump\""),
                "{}",
                &tag[..tag.len().min(80)]
            );
        }
        assert!(
            page.contains("&lt;script&gt;"),
            "the text is shown, escaped"
        );
        assert!(html.contains("default-src 'none'"));
    }
}
