//! A thread's next turn and its material, in the follow-up composer (a council turn or one member
//! alone): the thread's material it reads without attaching it again, the files attached for this
//! turn (the same picker, drop, paste and chips as the first question), and, before the start,
//! each seat of the turn that cannot take the material. The rules are the engine's
//! (`consult::view::thread::material_of_thread`, `material::seats::seat_fits`).
use consilium_engine::consult::view::thread::{material_of_thread, next_turn_seats};
use consilium_engine::foundation::ids::ParticipantId;
use consilium_engine::material::attach::thread_material;
use consilium_engine::material::seats::{cut, cut_offer, seat_fits, Cut};
use consilium_engine::record::Session;
use leptos::prelude::*;

use crate::app::material::{material_other_tokens, Material};
use crate::ui::widgets::attach::{AttachArea, SeatNotices};

/// The thread's material line, the attach area and the seats' notices, with the cut offered when
/// a seat cannot take the turn's material, as the question form offers it. `member`: the member
/// asked alone, None for the council; `question`: the follow-up as typed (it counts against each
/// seat's window too); `cuts`: the cuts chosen for this turn (`cut_turn_material` makes them).
#[component]
pub fn TurnMaterial(
    material: Material,
    turns: Memo<Vec<Session>>,
    member: Signal<Option<ParticipantId>>,
    question: RwSignal<String>,
    cuts: RwSignal<Vec<Cut>>,
) -> impl IntoView {
    let earlier = Memo::new(move |_| turns.with(|t| material_of_thread(t)));
    Effect::new(move |_| material.earlier.set(earlier.get()));
    let carried = move || {
        earlier.with(|sources| {
            (!sources.is_empty()).then(|| {
                let names: Vec<String> = sources
                    .iter()
                    .map(|s| {
                        let part = if s.cited_only {
                            " (its cited passages only: attach it again to read it whole)"
                        } else {
                            ""
                        };
                        format!("{} {}{part}", s.id, s.name)
                    })
                    .collect();
                format!("Already attached in this thread: {}.", names.join(", "))
            })
        })
    };
    // The turn's whole material (the thread's, then its own) with the cuts chosen so far.
    let turn_material = move || {
        let whole = thread_material(&earlier.get(), material.sources.get());
        cuts.with(|chosen| cut(&whole, chosen))
    };
    let notices = move || {
        let (sources, cut_said) = turn_material();
        if sources.is_empty() && cut_said.is_empty() {
            return None;
        }
        let (seats, max_tokens) =
            turns.with(|t| next_turn_seats(t, member.get().as_ref().map(ParticipantId::as_str)))?;
        let other = material_other_tokens(&question.get(), max_tokens);
        let fits = seat_fits(&sources, seats.iter(), other);
        let notices: Vec<String> = fits.iter().flat_map(|fit| fit.notices()).collect();
        let offer = cut_offer(&sources, &fits, other);
        let on_cut = move |more: Vec<Cut>| cuts.update(|chosen| chosen.extend(more));
        Some(view! {
            {(!cut_said.is_empty()).then(|| view! {
                <p class="muted material-cut-made" role="status">
                    {format!("Cut for this turn: {}.", cut_said.join("; "))}" "
                    <button type="button" class="link" on:click=move |_| cuts.set(Vec::new())>"Read it whole"</button>
                </p>
            })}
            <SeatNotices notices=notices offer=offer on_cut=on_cut />
        })
    };
    view! {
        {move || carried().map(|line| view! { <p class="muted thread-material">{line}</p> })}
        <AttachArea material=material />
        {notices}
    }
}
