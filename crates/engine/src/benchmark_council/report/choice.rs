//! "Which council to keep" in a benchmark's HTML report, after the arms: each section's sentence,
//! its note and its table (read as cards on a phone: `table.cards`, each cell labelled with its
//! column), and the error correlations as a small matrix. Every text escaped. The report cannot
//! save a council, so "Keep this council" is the page's alone; the sentence names the panelists.
use std::fmt::Write;

use crate::benchmark_council::view::choice::{ChoiceSection, CouncilChoiceView, PhiMatrix};
use crate::text::rich::escape;

fn esc(text: &str) -> String {
    let mut out = String::new();
    escape(text, &mut out);
    out
}

pub fn council_choice_html(view: &CouncilChoiceView) -> String {
    let mut html = String::new();
    let _ = writeln!(
        html,
        "<section class=\"council-choice\">\n<h2>Which council to keep</h2>\n<p class=\"meta\">{}</p>",
        esc(&view.intro)
    );
    if let Some(refusal) = &view.refusal {
        let _ = writeln!(html, "<p>{}</p>\n</section>", esc(refusal));
        return html;
    }
    write_section(&mut html, &view.ceiling);
    write_section(&mut html, &view.worth);
    write_section(&mut html, &view.alike);
    if let Some(matrix) = &view.phi_matrix {
        write_matrix(&mut html, matrix);
    }
    write_section(&mut html, &view.smallest);
    html.push_str("</section>\n");
    html
}

fn write_section(html: &mut String, section: &ChoiceSection) {
    let _ = writeln!(
        html,
        "<h3>{}</h3>\n<p>{}</p>",
        esc(&section.title),
        esc(&section.sentence)
    );
    if section.rows.is_empty() {
        return;
    }
    if let Some(note) = &section.note {
        let _ = writeln!(html, "<p class=\"meta\">{}</p>", esc(note));
    }
    html.push_str("<div class=\"table-scroll\"><table class=\"cards\"><thead><tr>");
    for column in &section.columns {
        let _ = write!(html, "<th scope=\"col\">{}</th>", esc(column));
    }
    html.push_str("</tr></thead><tbody>\n");
    for row in &section.rows {
        let _ = write!(html, "<tr><th scope=\"row\">{}</th>", esc(&row.heading));
        for (cell, column) in row.cells.iter().zip(section.columns.iter().skip(1)) {
            let _ = write!(
                html,
                "<td data-label=\"{}\">{}</td>",
                esc(column),
                esc(cell)
            );
        }
        html.push_str("</tr>\n");
    }
    html.push_str("</tbody></table></div>\n");
}

fn write_matrix(html: &mut String, matrix: &PhiMatrix) {
    html.push_str(
        "<div class=\"table-scroll\"><table class=\"matrix\"><caption>Error correlation (phi) \
between each pair of panelists</caption><thead><tr><td></td>",
    );
    for name in &matrix.members {
        let _ = write!(html, "<th scope=\"col\">{}</th>", esc(name));
    }
    html.push_str("</tr></thead><tbody>\n");
    for (name, cells) in matrix.members.iter().zip(&matrix.cells) {
        let _ = write!(html, "<tr><th scope=\"row\">{}</th>", esc(name));
        for cell in cells {
            let _ = write!(html, "<td>{}</td>", esc(cell));
        }
        html.push_str("</tr>\n");
    }
    html.push_str("</tbody></table></div>\n");
}
