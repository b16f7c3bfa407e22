//! One seat of a council, a committee or a debate: provider, model (picked from the provider's
//! list with its price, or typed), optional persona, optional backup. How a seat becomes a participant is the engine's (`views::seats`); the settings are
//! what it is resolved against.
use consilium_engine::foundation::ids::ProviderId;
use consilium_engine::views::seats::{all_personas, KeptCouncil};
use consilium_engine::{foundation::participants::Persona, foundation::participants::Price};
use consilium_engine::{views::seats::Seat, views::seats::SeatCatalog, views::seats::SeatProvider};
use leptos::prelude::*;

use crate::app::AppState;
use crate::settings::{ProviderSettings, Settings};
use crate::ui::widgets::model_picker::ModelPicker;
use crate::ui::widgets::provider_gate::HealthChip;

fn seat_provider(p: &ProviderSettings) -> SeatProvider {
    SeatProvider {
        id: p.id.clone(),
        name: p.name.clone(),
        default_model: p.default_model.clone(),
        models: p.models.clone(),
        free: p.free,
        kind: Some(p.kind),
    }
}

impl SeatCatalog for Settings {
    fn providers(&self) -> Vec<SeatProvider> {
        self.providers.iter().map(seat_provider).collect()
    }

    fn provider(&self, id: &ProviderId) -> Option<SeatProvider> {
        Settings::provider(self, id).map(seat_provider)
    }

    fn price_for(&self, model: &str) -> Option<Price> {
        self.prices.price_for(model)
    }

    fn custom_personas(&self) -> Vec<Persona> {
        self.custom_personas.clone()
    }

    fn kept_council(&self) -> Option<KeptCouncil> {
        self.kept()
    }
}

#[component]
pub fn SeatEditor(
    label: String,
    read: Signal<Seat>,
    write: Callback<Seat>,
    with_persona: bool,
) -> impl IntoView {
    let state = expect_context::<AppState>();
    let slug = label.to_lowercase().replace(' ', "-");
    let list_id = format!("models-{slug}");
    let providers = move || state.settings.with(|s| s.providers.clone());
    let on_provider = move |ev| {
        let provider_id = ProviderId::from(event_target_value(&ev));
        let seat = state
            .settings
            .with_untracked(|s| read.get_untracked().on_provider(s, provider_id));
        write.run(seat);
    };
    let on_model = Callback::new(move |model: String| {
        write.run(Seat {
            model,
            ..read.get_untracked()
        })
    });
    let on_persona = move |ev| {
        write.run(Seat {
            persona: event_target_value(&ev),
            ..read.get_untracked()
        })
    };
    let backup_list_id = format!("backup-models-{slug}");
    let on_backup_provider = move |ev| {
        let provider_id = ProviderId::from(event_target_value(&ev));
        let seat = state
            .settings
            .with_untracked(|s| read.get_untracked().with_backup_provider(s, provider_id));
        write.run(seat);
    };
    let on_backup_model = Callback::new(move |backup_model: String| {
        write.run(Seat {
            backup_model,
            ..read.get_untracked()
        })
    });
    let health = Signal::derive(move || {
        let provider_id = read.get().provider_id;
        state.settings.with(|s| state.health.of_id(s, &provider_id))
    });
    // The providers as options, the one `chosen` names selected (the seat's own, or its backup's).
    let provider_options = move |chosen: fn(Seat) -> ProviderId| {
        move || {
            providers()
                .into_iter()
                .map(|p| {
                    let id = p.id.clone();
                    view! { <option value=id.to_string() selected=move || chosen(read.get()) == id>{p.name.clone()}</option> }
                })
                .collect_view()
        }
    };
    let persona_picker = with_persona.then(|| {
        let personas = move || state.settings.with(all_personas);
        view! {
            <label>
                "Persona"
                <select on:change=on_persona prop:value=move || read.get().persona>
                    <option value="">"None"</option>
                    {move || personas().into_iter().map(|p| {
                        let name = p.name.clone();
                        view! { <option value=name.clone() selected=move || read.get().persona == name>{p.name.clone()}</option> }
                    }).collect_view()}
                </select>
            </label>
        }
    });
    view! {
        <div class="seat-editor" role="group" aria-label=label.clone()>
            <span class="seat-label">{label.clone()}</span>
            <label>
                "Provider"
                <select on:change=on_provider prop:value=move || read.get().provider_id.to_string()>
                    {provider_options(|seat| seat.provider_id)}
                </select>
            </label>
            <ModelPicker
                label="Model"
                list_id=list_id.clone()
                provider_id=Signal::derive(move || read.get().provider_id)
                value=Signal::derive(move || read.get().model)
                on_pick=on_model
                live=true
            />
            <HealthChip health=health />
            {persona_picker}
            <label>
                "Backup (asked when this seat is slow)"
                <select on:change=on_backup_provider prop:value=move || read.get().backup_provider_id.to_string()>
                    <option value="">"None"</option>
                    {provider_options(|seat| seat.backup_provider_id)}
                </select>
            </label>
            // The same picker as the seat's model: the backup provider's list with its prices.
            // Drawn again only when a backup is chosen or dropped, so typing keeps the focus.
            <Show when=move || read.with(|seat| !seat.backup_provider_id.is_empty())>
                <ModelPicker
                    label="Backup model"
                    list_id=backup_list_id.clone()
                    provider_id=Signal::derive(move || read.get().backup_provider_id)
                    value=Signal::derive(move || read.get().backup_model)
                    on_pick=on_backup_model
                    live=true
                />
            </Show>
        </div>
    }
}
