//! A gate a panel's held calls wait at until the call ahead of them on their model has begun
//! answering (its first streamed text) or has ended: by then the provider holds the prompt prefix
//! that call wrote, and the held calls read it from the cache.
use std::cell::{Cell, RefCell};
use std::future::Future;
use std::task::{Poll, Waker};

#[derive(Default)]
pub(super) struct Gate {
    open: Cell<bool>,
    waiting: RefCell<Vec<Waker>>,
}

impl Gate {
    /// Lets every call waiting here go; opening twice changes nothing.
    pub(super) fn open(&self) {
        if self.open.replace(true) {
            return;
        }
        for waker in self.waiting.take() {
            waker.wake();
        }
    }

    /// Ready once the gate is open.
    pub(super) fn opened(&self) -> impl Future<Output = ()> + '_ {
        std::future::poll_fn(|context| {
            if self.open.get() {
                Poll::Ready(())
            } else {
                self.waiting.borrow_mut().push(context.waker().clone());
                Poll::Pending
            }
        })
    }
}
