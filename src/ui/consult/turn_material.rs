//! A thread's next turn and its material, in the follow-up composer (a council turn or one member
//! alone): the thread's material it reads without attaching it again, the files attached for this
//! turn (the same picker, drop, paste and chips as the first question), and, before the start,
//! each seat of the turn that cannot take the material. The rules are the engine's
//! (`consult::view::thread::material_of_thread`, `material::seats::seat_fits`).
use consilium_engine::consult::view::thread::{material_of_thread, next_turn_seats};
use consilium_engine::material::seats::seat_fits;
use consilium_engine::record::Session;
use leptos::prelude::*;

use crate::app::material::{material_other_tokens, Material};
use crate::ui::widgets::attach::AttachArea;

/// The thread's material line, the attach area and the seats' notices. `member`: the member
/// asked alone, None for the council; `question`: the follow-up as typed (it counts against each
/// seat's window too).
#[component]
pub fn TurnMaterial(
    material: Material,
    turns: Memo<Vec<Session>>,
    member: Signal<Option<String>>,
    question: RwSignal<String>,
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
    let notices = move || {
        let mut sources = earlier.get();
        sources.extend(material.sources.get());
        if sources.is_empty() {
            return None;
        }
        let (seats, max_tokens) = turns.with(|t| next_turn_seats(t, member.get().as_deref()))?;
        let other = material_other_tokens(&question.get(), max_tokens);
        let notices: Vec<String> = seat_fits(&sources, seats.iter(), other)
            .iter()
            .flat_map(|fit| fit.notices())
            .collect();
        (!notices.is_empty()).then(|| {
            view! {
                <ul class="notice material-seats" role="status">
                    {notices.into_iter().map(|n| view! { <li>{n}</li> }).collect_view()}
                </ul>
            }
        })
    };
    view! {
        {move || carried().map(|line| view! { <p class="muted thread-material">{line}</p> })}
        <AttachArea material=material />
        {notices}
    }
}
