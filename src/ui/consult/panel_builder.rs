//! Choosing the council: 2 to 5 panelists and a judge, each a provider, a model and an optional persona.
use consilium_engine::consult::view::depth::depth_choice;
use consilium_engine::record::consult::depth::Depth;
use consilium_engine::{
    record::consult::config::MAX_PANELISTS, record::consult::config::MIN_PANELISTS,
};
use consilium_engine::{views::seats::panelist_label, views::seats::Seat};
use leptos::prelude::*;

use crate::app::council::set_council_depth;
use crate::app::AppState;
use crate::ui::widgets::seat_editor::SeatEditor;

#[component]
pub fn PanelBuilder(
    seats: RwSignal<Vec<Seat>>,
    judge: RwSignal<Seat>,
    /// The council's depth, offered after the judge and saved as the depth of new consults.
    depth: Option<RwSignal<Depth>>,
) -> impl IntoView {
    let state = expect_context::<AppState>();
    let add_seat = move |_| {
        let settings = state.settings.get_untracked();
        seats.update(|s| {
            if s.len() < MAX_PANELISTS {
                let next = Seat::panelist(&settings, s.len());
                s.push(next);
            }
        })
    };
    // The seats are drawn again only when one is added or removed: an edit goes to its seat's
    // fields alone, so a field shown on a choice (the backup's model) keeps the focus as one types.
    let count = Memo::new(move |_| seats.with(Vec::len));
    view! {
        <fieldset class="panel-builder">
            <legend>"Council"</legend>
            <ol class="seats">
                {move || {
                    (0..count.get())
                        .map(|index| {
                            let label = panelist_label(index);
                            view! {
                                <li class="seat">
                                    <SeatEditor
                                        label=label.clone()
                                        read=Signal::derive(move || seats.with(|s| s.get(index).cloned()).unwrap_or_default())
                                        write=Callback::new(move |seat: Seat| seats.update(|s| if let Some(slot) = s.get_mut(index) { *slot = seat }))
                                        with_persona=true
                                    />
                                    <button
                                        class="icon-button"
                                        aria-label=format!("Remove {label}")
                                        disabled=move || seats.with(Vec::len) <= MIN_PANELISTS
                                        on:click=move |_| seats.update(|s| { if s.len() > MIN_PANELISTS { s.remove(index); } })
                                    >
                                        "Remove"
                                    </button>
                                </li>
                            }
                        })
                        .collect_view()
                }}
            </ol>
            <button class="secondary" on:click=add_seat disabled=move || { seats.with(Vec::len) >= MAX_PANELISTS }>
                "Add panelist"
            </button>
            <div class="seat judge-seat">
                <SeatEditor
                    label="Judge".to_string()
                    read=Signal::derive(move || judge.get())
                    write=Callback::new(move |seat| judge.set(seat))
                    with_persona=false
                />
            </div>
            {depth.map(|depth| view! { <DepthChoice depth=depth /> })}
        </fieldset>
    }
}

/// How the council decides, one of three: the choice is the council's, so it is saved as the
/// depth of new consults (a failed save is said, and the choice still holds for this form).
#[component]
fn DepthChoice(depth: RwSignal<Depth>) -> impl IntoView {
    let state = expect_context::<AppState>();
    let status = RwSignal::new(None::<String>);
    let choose = move |chosen: Depth| {
        depth.set(chosen);
        status.set(set_council_depth(state, chosen).err());
    };
    let options = Depth::ALL
        .into_iter()
        .map(|option| {
            let (name, what) = depth_choice(option)
                .split_once(": ")
                .unwrap_or((option.label(), ""));
            view! {
                <label class="depth-option">
                    <input type="radio" name="council-depth" value=option.as_str()
                        prop:checked=move || depth.get() == option
                        on:change=move |_| choose(option) />
                    <strong>{name}</strong>
                    <span class="muted">{what}</span>
                </label>
            }
        })
        .collect_view();
    view! {
        <fieldset class="depth-choice">
            <legend>"How the council decides"</legend>
            {options}
            {move || status.get().map(|problem| view! { <p class="error" role="alert">{problem}</p> })}
        </fieldset>
    }
}
