//! One active run per session across tabs, with the Web Locks API: the tab that runs a session
//! holds the lock `consilium-run-<id>` until the run ends, and the browser releases it by itself
//! if that tab closes. Another tab sees the session as running (not interrupted), is refused a
//! resume while the lock is held, and is told the moment it is released. `hold` takes any other
//! named lock for a critical section across tabs (the vault's writes). Called through
//! `js_sys::Reflect` because web-sys gates its LockManager bindings behind unstable APIs.
use consilium_engine::foundation::ids::SessionId;
use futures::channel::oneshot;
use js_sys::{Array, Function, Object, Promise, Reflect};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

fn lock_name(session_id: &SessionId) -> String {
    format!("consilium-run-{session_id}")
}

/// `navigator.locks`, where the browser has it (every current browser, on secure origins and
/// localhost), on the page or in the run's worker (the same locks: they are the origin's).
fn lock_manager() -> Option<JsValue> {
    let navigator = Reflect::get(&js_sys::global(), &"navigator".into()).ok()?;
    let locks = Reflect::get(&navigator, &"locks".into()).ok()?;
    (!locks.is_undefined() && !locks.is_null()).then_some(locks)
}

fn request(
    locks: &JsValue,
    name: &str,
    if_available: bool,
    callback: &Function,
) -> Result<Promise, JsValue> {
    let options = Object::new();
    if if_available {
        Reflect::set(&options, &"ifAvailable".into(), &true.into())?;
    }
    let request: Function = Reflect::get(locks, &"request".into())?.dyn_into()?;
    request
        .call3(locks, &name.into(), &options, callback)?
        .dyn_into()
}

/// The lock of a running session, released when dropped (the run ended).
pub struct RunLock {
    release: Option<Function>,
}

impl Drop for RunLock {
    fn drop(&mut self) {
        if let Some(release) = self.release.take() {
            let _ = release.call0(&JsValue::NULL);
        }
    }
}

/// Takes the session's lock if no other tab holds it. `None`: another tab runs it. Without the
/// API (an old browser) the run goes ahead unguarded.
pub async fn try_lock(session_id: &SessionId) -> Option<RunLock> {
    acquire(&lock_name(session_id), true).await
}

/// Waits for the lock `name` and holds it until the returned guard drops: a critical section
/// across tabs, such as the vault's read-modify-write. Without the API it is granted at once.
pub async fn hold(name: &str) -> RunLock {
    acquire(name, false)
        .await
        .unwrap_or(RunLock { release: None })
}

/// The lock `name`: `None` only when `if_available` and another tab holds it.
async fn acquire(name: &str, if_available: bool) -> Option<RunLock> {
    let Some(locks) = lock_manager() else {
        return Some(RunLock { release: None });
    };
    let (granted_tx, granted_rx) = oneshot::channel::<Option<Function>>();
    // Freed after its one call.
    let callback: Function = Closure::once_into_js(move |lock: JsValue| -> Promise {
        if lock.is_null() {
            let _ = granted_tx.send(None);
            return Promise::resolve(&JsValue::UNDEFINED);
        }
        // Held until `release` (this promise's resolve) is called.
        let mut release = None;
        let held = Promise::new(&mut |resolve, _reject| release = Some(resolve));
        let _ = granted_tx.send(release);
        held
    })
    .unchecked_into();
    if request(&locks, name, if_available, &callback).is_err() {
        return Some(RunLock { release: None });
    }
    match granted_rx.await {
        Ok(Some(release)) => Some(RunLock {
            release: Some(release),
        }),
        Ok(None) => None,
        Err(_) => Some(RunLock { release: None }),
    }
}

/// True when some tab (this one included) holds the session's lock.
pub async fn is_locked(session_id: &SessionId) -> bool {
    let Some(locks) = lock_manager() else {
        return false;
    };
    let Ok(query) = Reflect::get(&locks, &"query".into()).and_then(|q| q.dyn_into::<Function>())
    else {
        return false;
    };
    let Ok(promise) = query.call0(&locks).and_then(|p| p.dyn_into::<Promise>()) else {
        return false;
    };
    let Ok(snapshot) = JsFuture::from(promise).await else {
        return false;
    };
    let held = Reflect::get(&snapshot, &"held".into()).unwrap_or(JsValue::UNDEFINED);
    let name = lock_name(session_id);
    Array::from(&held).iter().any(|lock| {
        Reflect::get(&lock, &"name".into())
            .ok()
            .and_then(|n| n.as_string())
            .is_some_and(|n| n == name)
    })
}

/// Waits until no tab holds the session's lock (its run ended, or its tab closed).
pub async fn released(session_id: &SessionId) {
    let Some(locks) = lock_manager() else {
        return;
    };
    let (tx, rx) = oneshot::channel::<()>();
    let callback: Function = Closure::once_into_js(move |_lock: JsValue| {
        // Granted means released by the other tab; returning at once gives it back.
        let _ = tx.send(());
    })
    .unchecked_into();
    if request(&locks, &lock_name(session_id), false, &callback).is_err() {
        return;
    }
    let _ = rx.await;
}
