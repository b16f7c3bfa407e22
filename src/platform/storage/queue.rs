//! Saves of running sessions, one at a time and in order: a run updates its record many times,
//! and only the newest version of each session waiting to be written is kept. A running
//! benchmark hands over one question at a time (`save_question_soon`): the questions waiting are
//! gathered by index and written with the run's record as it is when the write starts. A whole
//! save can also read its session when its write starts (`save_latest_soon`): the caller keeps
//! no copy, and the browser paints before the session is gone over.
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;

use consilium_engine::foundation::ids::SessionId;
use consilium_engine::library::summary::SessionSummary;
use consilium_engine::record::benchmark::outcomes_apart::StoredQuestion;
use consilium_engine::record::Session;
use futures::channel::oneshot;
// The browser's own task queue, not a view framework's: the run driver saves through this queue,
// on the page or in a worker.
use wasm_bindgen_futures::spawn_local;

/// Hears whether a whole save was written, and the sentence when it was written with only the
/// material's cited passages (storage full).
type Report = Box<dyn FnOnce(Result<Option<String>, String>)>;
/// Hears the summary written with the questions, or why nothing was.
type QuestionsReport = Box<dyn FnOnce(Result<SessionSummary, String>)>;

/// A benchmark's stored record (split: no result in it) as the run now has it, as JSON, with the
/// count of questions it keeps apart and its summary; None once the run is no longer there.
pub type RecordNow = Rc<dyn Fn() -> Option<(String, u32, SessionSummary)>>;

/// Hands the session it reads (as it is now) to the visitor; does not call it once the session
/// is no longer there.
pub type SessionNow = Rc<dyn Fn(&mut dyn FnMut(&Session))>;

enum Save {
    Whole(Session, Report),
    Latest {
        id: SessionId,
        read: SessionNow,
        report: QuestionsReport,
    },
    Questions {
        id: SessionId,
        record: RecordNow,
        changed: BTreeMap<u32, StoredQuestion>,
        report: QuestionsReport,
    },
}

impl Save {
    fn id(&self) -> &SessionId {
        match self {
            Save::Whole(session, _) => &session.id,
            Save::Latest { id, .. } => id,
            Save::Questions { id, .. } => id,
        }
    }
}

thread_local! {
    static WAITING: RefCell<Vec<Save>> = const { RefCell::new(Vec::new()) };
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
pub fn save_soon(session: Session, report: impl FnOnce(Result<Option<String>, String>) + 'static) {
    WAITING.with(|waiting| {
        let mut waiting = waiting.borrow_mut();
        // The whole session holds every question waiting: its save writes each that changed.
        waiting.retain(|s| *s.id() != session.id);
        waiting.push(Save::Whole(session, Box::new(report)));
    });
    write_waiting();
}

/// Saves the session `id` as `read` gives it when its write starts, after the writes already asked
/// for and after the browser has painted (reading a long benchmark over is a task of its own);
/// `report` hears the summary written, or why nothing was. It replaces the saves of `id` still
/// waiting, as `save_soon` does: it writes every change they held.
pub fn save_latest_soon(
    id: &SessionId,
    read: SessionNow,
    report: impl FnOnce(Result<SessionSummary, String>) + 'static,
) {
    WAITING.with(|waiting| {
        let mut waiting = waiting.borrow_mut();
        waiting.retain(|s| s.id() != id);
        waiting.push(Save::Latest {
            id: id.clone(),
            read,
            report: Box::new(report),
        });
    });
    write_waiting();
}

/// Saves one question of the running benchmark `id` after the writes already asked for, with the
/// run's record as `record` gives it when the write starts. Questions waiting for the same run are
/// written together, each as last handed over.
pub fn save_question_soon(
    id: &SessionId,
    index: u32,
    question: StoredQuestion,
    record: RecordNow,
    report: impl FnOnce(Result<SessionSummary, String>) + 'static,
) {
    WAITING.with(|waiting| {
        let mut waiting = waiting.borrow_mut();
        let last = waiting.iter_mut().rev().find(|s| s.id() == id);
        match last {
            // Only the newest report is kept, as for whole saves.
            Some(Save::Questions {
                changed,
                report: waiting_report,
                ..
            }) => {
                changed.insert(index, question);
                *waiting_report = Box::new(report);
            }
            // A whole save still waiting was taken before this change: the question follows it.
            _ => waiting.push(Save::Questions {
                id: id.clone(),
                record,
                changed: BTreeMap::from([(index, question)]),
                report: Box::new(report),
            }),
        }
    });
    write_waiting();
}

fn write_waiting() {
    if WRITING.with(|w| std::mem::replace(&mut *w.borrow_mut(), true)) {
        return;
    }
    spawn_local(async {
        while let Some(save) = WAITING.with(|w| {
            let mut w = w.borrow_mut();
            (!w.is_empty()).then(|| w.remove(0))
        }) {
            match save {
                Save::Whole(session, report) => report(super::save_session_fitting(&session).await),
                Save::Latest { read, report, .. } => {
                    crate::platform::frame::after_paint().await;
                    let mut prepared = None;
                    read(&mut |session| prepared = Some(super::prepare(session)));
                    match prepared {
                        Some(Ok(prepared)) => report(super::save_prepared(prepared).await),
                        Some(Err(message)) => report(Err(message)),
                        None => {}
                    }
                }
                Save::Questions {
                    id,
                    record,
                    changed,
                    report,
                } => {
                    if let Some((record, count, summary)) = record() {
                        report(
                            super::save_questions(id.as_str(), &record, count, summary, changed)
                                .await,
                        )
                    }
                }
            }
        }
        WRITING.with(|w| *w.borrow_mut() = false);
        for done in UNTIL_WRITTEN.with(|u| std::mem::take(&mut *u.borrow_mut())) {
            let _ = done.send(());
        }
    });
}
