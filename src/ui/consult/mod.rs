//! Consult's views: the new-consult form and its council, and Consult's part of the session page
//! (the decision and stance matrix, the four rounds).
pub mod ask_again;
pub mod council;
pub mod council_area;
pub mod decision;
pub mod edit_question;
pub mod follow_up;
pub mod lazy;
pub mod material;
pub mod member;
pub mod new;
pub mod panel_builder;
pub mod picture;
pub mod rounds;
pub mod session;
pub mod thread;
pub mod turn_material;
pub mod web_sources;
