//! What the council reads (docs/design.md, "Material: what the council reads"), protocol-neutral:
//! files become sources (`extract`, `html`), sources join a question's material (`attach`), the
//! material is rendered the same for every call (`render`), fitted to each seat (`seats`), and
//! every quote a model cites is checked against it (`quotes`). The stored types are the record's
//! (`record::sources`); web results are sources of the same model, and every link an answer cites
//! is checked against what its search returned (`web`).
pub mod attach;
mod bytes;
pub mod error;
pub mod extract;
pub mod folder;
mod html;
pub mod quotes;
pub mod render;
pub mod seats;
pub mod web;

pub use bytes::{base64, content_hash};
pub use html::{visible_text, HtmlMode};
