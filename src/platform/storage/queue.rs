//! Saves of running sessions, one at a time and in order: a run updates its record many times,
//! and only the newest version of each session waiting to be written is kept.
use std::cell::RefCell;

use consilium_engine::record::Session;
use futures::channel::oneshot;
use leptos::task::spawn_local;

type Report = Box<dyn FnOnce(Result<(), String>)>;

thread_local! {
    static WAITING: RefCell<Vec<(Session, Report)>> = const { RefCell::new(Vec::new()) };
    static WRITING: RefCell<bool> = const { RefCell::new(false) };
    static UNTIL_WRITTEN: RefCell<Vec<oneshot::Sender<()>>> = const { RefCell::new(Vec::new()) };
}

/// Resolves once every save asked for so far is written (at once when none is waiting). A long
/// run awaits it between steps, so a reload can only lose the step under way, never a finished one.
pub async fn written() {
    if !WRITING.with(|w| *w.borrow()) {
        return;
    }
    let (done, wait) = oneshot::channel();
    UNTIL_WRITTEN.with(|u| u.borrow_mut().push(done));
    let _ = wait.await;
}

/// Saves `session` after the writes already asked for; `report` hears how it went (a save that a
/// newer version of the same session replaced before it started is not reported).
pub fn save_soon(session: Session, report: impl FnOnce(Result<(), String>) + 'static) {
    WAITING.with(|waiting| {
        let mut waiting = waiting.borrow_mut();
        waiting.retain(|(s, _)| s.id != session.id);
        waiting.push((session, Box::new(report)));
    });
    if WRITING.with(|w| std::mem::replace(&mut *w.borrow_mut(), true)) {
        return;
    }
    spawn_local(async {
        while let Some((session, report)) = WAITING.with(|w| {
            let mut w = w.borrow_mut();
            (!w.is_empty()).then(|| w.remove(0))
        }) {
            report(super::save_session(&session).await);
        }
        WRITING.with(|w| *w.borrow_mut() = false);
        for done in UNTIL_WRITTEN.with(|u| std::mem::take(&mut *u.borrow_mut())) {
            let _ = done.send(());
        }
    });
}
