//! View models: what the app's views and the exports show, computed here so the rules behind them
//! (what a participant cost, how dissent is ordered, which defence answers which challenge,
//! whether a session can resume, when to ask before a run, how a seat becomes a participant,
//! how Review's findings and committee are laid out) are tested natively and shared by every
//! place that shows them. The app's components only render these.
pub mod consent;
pub mod costs;
pub mod draft;
pub mod failure;
pub mod health;
pub mod html;
pub mod live;
pub mod material;
pub mod numbers;
pub mod run_time;
pub mod seats;
pub mod session;
pub mod shortcuts;
