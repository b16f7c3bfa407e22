//! What the council reads (DESIGN.md, "Material: what the council reads"), protocol-neutral: files
//! become sources (`extract`, `html`), sources join a question's material (`attach`), the material
//! is rendered the same for every call (`render`), fitted to each seat (`seats`), and every quote a
//! model cites is checked against it (`quotes`). The stored types are the record's
//! (`record::sources`); web results will be sources of the same model.
pub mod attach;
mod bytes;
pub mod error;
pub mod extract;
mod html;
pub mod quotes;
pub mod render;
pub mod seats;

pub use bytes::{base64, content_hash};
pub use html::{visible_text, HtmlMode};
