//! Moving the eyes and the keyboard to a part of the page: the decision when a run ends, the main
//! content for "Skip to content". Browser I/O only; when to do it is the app's rule
//! (`app::runs::arrival`).
use leptos::prelude::{document, request_animation_frame};
use wasm_bindgen::JsCast;
use web_sys::{HtmlElement, ScrollIntoViewOptions, ScrollLogicalPosition};

/// The page's decision card carries this attribute (and `tabindex="-1"`, so it takes focus).
pub const DECISION: &str = "[data-decision]";

/// Frames to wait for the decision to render after the run's last update (about a second).
const FRAMES_TO_WAIT: u32 = 60;

/// Brings the decision to the top of the viewport and focuses it (so Tab goes on from there),
/// once it is on the page: the run's last update may still be rendering.
pub fn focus_decision() {
    focus_when_shown(DECISION, FRAMES_TO_WAIT);
}

/// Scrolls the element `selector` names to the top of the viewport once it is drawn (a thread's
/// page opening on its own turn), leaving the focus where it is.
pub fn bring_into_view(selector: &'static str) {
    scroll_when_shown(selector, FRAMES_TO_WAIT);
}

fn scroll_when_shown(selector: &'static str, frames_left: u32) {
    if let Ok(Some(element)) = document().query_selector(selector) {
        scroll_to_top_of_view(&element);
    } else if frames_left > 0 {
        request_animation_frame(move || scroll_when_shown(selector, frames_left - 1));
    }
}

/// Focuses the element with id `id` and brings it into view (the skip link's target).
pub fn focus_id(id: &str) {
    if let Some(element) = document().get_element_by_id(id) {
        bring_to(&element);
    }
}

/// Focuses the element `selector` names once a view that loads on demand has drawn it (History's
/// search box after Ctrl/Cmd+K), waiting up to about a second.
pub fn focus_once_shown(selector: &'static str) {
    focus_when_shown(selector, FRAMES_TO_WAIT);
}

fn focus_when_shown(selector: &'static str, frames_left: u32) {
    if let Ok(Some(element)) = document().query_selector(selector) {
        bring_to(&element);
    } else if frames_left > 0 {
        request_animation_frame(move || focus_when_shown(selector, frames_left - 1));
    }
}

fn scroll_to_top_of_view(element: &web_sys::Element) {
    let options = ScrollIntoViewOptions::new();
    options.set_block(ScrollLogicalPosition::Start);
    element.scroll_into_view_with_scroll_into_view_options(&options);
}

fn bring_to(element: &web_sys::Element) {
    scroll_to_top_of_view(element);
    // Already in view: focusing scrolls no further.
    if let Some(element) = element.dyn_ref::<HtmlElement>() {
        let _ = element.focus();
    }
}
