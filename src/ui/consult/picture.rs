//! The first screen's picture of a finished decision: the answer, its confidence and the council
//! behind it, drawn as a small inline SVG (no image file, no request).
use leptos::prelude::*;

#[component]
pub fn DecisionPicture() -> impl IntoView {
    view! {
        <svg class="decision-picture" viewBox="0 0 240 120" role="img"
            aria-label="A finished decision: the answer, 78% confidence with medium dissent, three panelists for and one dissent on record">
            <rect x="1" y="1" width="238" height="118" rx="10" class="pic-card" />
            <rect x="14" y="14" width="150" height="10" rx="5" class="pic-strong" />
            <rect x="14" y="30" width="200" height="6" rx="3" class="pic-faint" />
            <rect x="14" y="41" width="180" height="6" rx="3" class="pic-faint" />
            <rect x="14" y="58" width="110" height="16" rx="8" class="pic-chip" />
            <rect x="22" y="64" width="64" height="4" rx="2" class="pic-chip-text" />
            <circle cx="26" cy="96" r="9" class="pic-for" />
            <circle cx="50" cy="96" r="9" class="pic-for" />
            <circle cx="74" cy="96" r="9" class="pic-for" />
            <circle cx="98" cy="96" r="9" class="pic-against" />
            <path d="M21 96l3 3 6-6M45 96l3 3 6-6M69 96l3 3 6-6" class="pic-tick" />
            <path d="M94 92l8 8M102 92l-8 8" class="pic-tick" />
            <rect x="118" y="92" width="96" height="8" rx="4" class="pic-faint" />
        </svg>
    }
}
