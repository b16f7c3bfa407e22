//! A gate a panel's held calls wait at until the call ahead of them on their model has begun
//! answering (its first streamed text) or has ended: by then the provider holds the prompt prefix
//! that call wrote, and the held calls read it from the cache.
use std::cell::{Cell, RefCell};
use std::future::Future;
use std::task::{Poll, Waker};

#[derive(Default)]
pub(super) struct Gate {
    /// None while closed; Some(true) to go, Some(false) when the call ahead was cancelled.
    outcome: Cell<Option<bool>>,
    waiting: RefCell<Vec<Waker>>,
}

impl Gate {
    /// Lets every call waiting here go; the first word (open or cancel) stands.
    pub(super) fn open(&self) {
        self.settle(true);
    }

    /// The call ahead was cancelled by the user: the calls waiting here are not sent.
    pub(super) fn cancel(&self) {
        self.settle(false);
    }

    fn settle(&self, go: bool) {
        if self.outcome.get().is_some() {
            return;
        }
        self.outcome.set(Some(go));
        for waker in self.waiting.take() {
            waker.wake();
        }
    }

    /// Ready once the gate is settled: true to go, false when the call ahead was cancelled.
    pub(super) fn opened(&self) -> impl Future<Output = bool> + '_ {
        std::future::poll_fn(|context| match self.outcome.get() {
            Some(go) => Poll::Ready(go),
            None => {
                self.waiting.borrow_mut().push(context.waker().clone());
                Poll::Pending
            }
        })
    }
}
