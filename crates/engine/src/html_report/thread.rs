//! The reports of a thread of follow-ups: every turn, in the order asked. The first turn's report
//! is the document; each later turn follows as "Turn N", its own report one heading level down.
use super::{report_markdown, session_html, session_main};
use crate::record::Session;
use crate::text::rich::escape;

/// The thread's Markdown report: the first turn's, then each later turn's under "## Turn N".
/// One turn is its own report.
pub fn thread_markdown(turns: &[Session]) -> String {
    let Some((first, later)) = turns.split_first() else {
        return String::new();
    };
    let mut out = report_markdown(first);
    for (index, turn) in later.iter().enumerate() {
        out.push_str(&format!(
            "\n\n---\n\n## Turn {}: {}\n\n{}",
            index + 2,
            turn_kind(turns, turn),
            demoted(&report_markdown(turn))
        ));
    }
    out
}

/// What a later turn is: a follow-up the council answered, an earlier turn asked again with its
/// question edited (and how it was worded), or one member's answer alone.
fn turn_kind(turns: &[Session], turn: &Session) -> String {
    use crate::consult::view::thread::{edited_from, member_answer_of};
    if let Some(edit) = edited_from(turns, turn) {
        return format!("{}; it was: “{}”", edit.line, edit.was);
    }
    let again = turn
        .body_of::<crate::record::consult::body::ConsultBody>()
        .and_then(|body| body.member_turn.as_ref())
        .is_some_and(|member| member.asked_again);
    member_answer_of(turn).map_or_else(
        || "follow-up".to_string(),
        |member| match again {
            true => format!("{} asked again", member.name),
            false => format!("{} asked alone", member.name),
        },
    )
}

/// The thread's HTML report: the first turn's document, then each later turn drawn as the first
/// is (its decision card, confidence meter and stance matrix, then the rest of its report), in an
/// article of its own under "Turn N: its question" with its depth, cost and run time, before the
/// footer.
pub fn thread_html(turns: &[Session]) -> String {
    let Some((first, later)) = turns.split_first() else {
        return String::new();
    };
    let html = session_html(first);
    if later.is_empty() {
        return html;
    }
    let mut sections = String::from("<section class=\"thread\">\n");
    for (index, turn) in later.iter().enumerate() {
        let number = index + 2;
        let mut question = String::new();
        escape(turn.subject.trim(), &mut question);
        let mut facts = String::new();
        escape(&turn_facts(turns, turn), &mut facts);
        // Each turn's decision card has an id of its own in the one document.
        let body = session_main(turn)
            .replace("id=\"decision\"", &format!("id=\"decision-turn-{number}\""));
        sections.push_str(&format!(
            "<article class=\"turn\"><h2>Turn {number}: {question}</h2>\n<p class=\"meta\">{facts}</p>\n{body}</article>\n"
        ));
    }
    sections.push_str("</section>\n");
    match html.rfind("</main>") {
        Some(at) => format!("{}{sections}{}", &html[..at], &html[at..]),
        None => html + &sections,
    }
}

/// A later turn's line under its heading: what it is, its depth, cost and the time it took.
fn turn_facts(turns: &[Session], turn: &Session) -> String {
    let mut facts = vec![turn_kind(turns, turn)];
    if let Some(depth) = crate::library::summary::SessionSummary::of(turn).depth_line() {
        facts.push(depth);
    }
    facts.push(crate::views::costs::session_cost_line(turn));
    if let Some(took) = crate::views::run_time::run_time_line(turn) {
        facts.push(took);
    }
    facts.join(" · ")
}

/// `markdown` with every heading two levels down (a turn's title sits under "Turn N").
fn demoted(markdown: &str) -> String {
    let mut fenced = false;
    markdown
        .lines()
        .map(|line| {
            if line.trim_start().starts_with("```") {
                fenced = !fenced;
            }
            let level = line.chars().take_while(|c| *c == '#').count();
            if !fenced && (1..=4).contains(&level) && line[level..].starts_with(' ') {
                format!("##{line}")
            } else {
                line.to_string()
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}
