//! The track record page: how the user's judged decisions held up, per council and per depth,
//! how their stated confidence held up, early decisions against cross-examined ones, and the
//! cost per right decision (the engine's `track_record`, read from every stored record). Below 10
//! judged decisions it says so once instead of the figures.
pub mod lazy;

use consilium_engine::track_record::figures::track_record;
use consilium_engine::track_record::view::{track_record_view, GroupRow, TrackRecordView};
use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::platform::storage;
use crate::ui::benchmark::charts::bin_rows;
use crate::ui::widgets::table::{CardRow, CardsTable};

const COUNCIL_COLUMNS: &[&str] = &["Council", "Judged", "Right (95% CI)", "Cost per right"];
const DEPTH_COLUMNS: &[&str] = &["Depth", "Judged", "Right (95% CI)", "Cost per right"];
const BAND_COLUMNS: &[&str] = &["Stated confidence", "Decisions", "Mean stated", "Right"];

fn card_rows(rows: &[GroupRow]) -> Vec<CardRow> {
    rows.iter()
        .map(|row| {
            CardRow::new(
                row.label.clone(),
                vec![
                    row.judged.clone(),
                    row.share.clone(),
                    row.cost_per_right.clone(),
                ],
            )
        })
        .collect()
}

#[component]
pub fn TrackRecordPage() -> impl IntoView {
    let figures = RwSignal::new(None::<Result<TrackRecordView, String>>);
    spawn_local(async move {
        let read = storage::all_sessions()
            .await
            .map(|(sessions, _)| track_record_view(&track_record(&sessions)));
        figures.set(Some(read));
    });
    view! {
        <section class="track-record" aria-labelledby="track-record-title">
            <h2 id="track-record-title">"Track record"</h2>
            <p class="muted">
                "How your judged decisions held up. Judge a finished decision on its page (\"How did it turn out?\"); "
                <a href="#/history">"History"</a>
                " lists those awaiting an outcome."
            </p>
            {move || match figures.get() {
                None => view! { <p role="status">"Reading your decisions…"</p> }.into_any(),
                Some(Err(message)) => view! { <p class="error" role="alert">{message}</p> }.into_any(),
                Some(Ok(view)) => figures_view(view).into_any(),
            }}
        </section>
    }
}

fn figures_view(view: TrackRecordView) -> impl IntoView {
    let intro = view.intro.clone();
    if let Some(refusal) = view.refusal.clone() {
        return view! {
            <p class="track-record-intro">{intro}</p>
            <p class="track-record-refusal" role="status">{refusal}</p>
        }
        .into_any();
    }
    let councils = card_rows(&view.councils);
    let kinds = card_rows(&view.kinds);
    let bands = bin_rows(view.calibration.bins.iter().filter(|bin| bin.count > 0));
    view! {
        <p class="track-record-intro">{intro}</p>
        <p class="track-record-headline">{view.headline.clone()}</p>
        <p class="muted">{view.partly_note}</p>
        <h3>"Per council"</h3>
        <p class="muted">"A council is its seats' models and personas: renamed, it stays itself."</p>
        <CardsTable class="track-record-councils" columns=COUNCIL_COLUMNS rows=councils />
        <h3>"Per depth"</h3>
        <CardsTable class="track-record-depths" columns=DEPTH_COLUMNS rows=kinds />
        <h3>"Decided early or cross-examined"</h3>
        <p class="track-record-early">{view.early_against_full.clone()}</p>
        <h3>"One member alone or the council"</h3>
        <p class="track-record-member">{view.member_against_council.clone()}</p>
        <h3>"How the stated confidence held up"</h3>
        <p class="track-record-brier">{view.calibration.brier.clone()}</p>
        <CardsTable class="track-record-bands" columns=BAND_COLUMNS rows=bands />
        <h3>"Cost"</h3>
        <p class="track-record-cost">{view.cost.clone()}</p>
    }
    .into_any()
}
