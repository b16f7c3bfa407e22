//! A table of rows that each open with their own heading cell, read as cards on a phone (each
//! cell labelled with its column's name, `cards-on-phone` in the CSS).
use leptos::prelude::*;

/// One row: its heading cell, then one cell per further column.
#[derive(Clone, Debug, PartialEq)]
pub struct CardRow {
    pub heading: String,
    pub cells: Vec<String>,
    /// A class marking the row (e.g. the council's arm).
    pub class: Option<&'static str>,
}

impl CardRow {
    pub fn new(heading: impl Into<String>, cells: Vec<String>) -> Self {
        Self {
            heading: heading.into(),
            cells,
            class: None,
        }
    }
}

/// The columns' names: the heading column's first, then the cells'. Mostly a constant; a view
/// that crossed from the run's worker owns its names.
#[derive(Clone, Debug)]
pub struct Columns(Vec<String>);

impl From<&'static [&'static str]> for Columns {
    fn from(names: &'static [&'static str]) -> Self {
        Self(names.iter().map(|name| name.to_string()).collect())
    }
}

impl From<Vec<String>> for Columns {
    fn from(names: Vec<String>) -> Self {
        Self(names)
    }
}

/// `columns` name the heading column first, then the cells'.
#[component]
pub fn CardsTable(
    /// Classes beside `prices cards-on-phone`.
    #[prop(optional)]
    class: &'static str,
    /// Read by screen readers only.
    #[prop(optional)]
    caption: Option<&'static str>,
    #[prop(into)] columns: Columns,
    #[prop(into)] rows: Signal<Vec<CardRow>>,
) -> impl IntoView {
    let class = format!("prices cards-on-phone {class}")
        .trim_end()
        .to_string();
    let Columns(columns) = columns;
    let heads = columns
        .iter()
        .map(|column| view! { <th scope="col">{column.clone()}</th> })
        .collect_view();
    let body = move || {
        rows.get()
            .into_iter()
            .map(|row| {
                let cells = row
                    .cells
                    .into_iter()
                    .zip(columns.iter().skip(1))
                    .map(|(cell, column)| view! { <td data-label=column.clone()>{cell}</td> })
                    .collect_view();
                view! {
                    <tr class=row.class>
                        <th scope="row">{row.heading}</th>
                        {cells}
                    </tr>
                }
            })
            .collect_view()
    };
    view! {
        <table class=class>
            {caption.map(|text| view! { <caption class="visually-hidden">{text}</caption> })}
            <thead>
                <tr>{heads}</tr>
            </thead>
            <tbody>{body}</tbody>
        </table>
    }
}
