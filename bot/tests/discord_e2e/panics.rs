//! A panic in one interaction's work: the apology, and everyone else still served.

use super::*;

/// A painter that draws nothing and panics once when armed: a bug in the middle of one
/// interaction's work.
#[derive(Debug, Default)]
struct PanicOnce {
    armed: std::sync::atomic::AtomicBool,
}

impl turnpost_bot::table::Painter for PanicOnce {
    fn public(
        &self,
        _: &str,
        _: &dyn turnpost_core::dynamic::AnyView,
        _: turnpost_core::words::Lang,
    ) -> Result<Vec<turnpost_bot::table::Image>, turnpost_render::RenderError> {
        Ok(Vec::new())
    }
    fn private(
        &self,
        _: &str,
        _: &dyn turnpost_core::dynamic::AnyView,
        _: turnpost_core::words::Lang,
    ) -> Result<Vec<turnpost_bot::table::Image>, turnpost_render::RenderError> {
        Ok(Vec::new())
    }
    fn draws(&self) -> bool {
        if self.armed.swap(false, std::sync::atomic::Ordering::SeqCst) {
            panic!("injected failure in the middle of a command");
        }
        false
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_panic_in_one_interaction_gets_the_apology_and_the_bot_serves_everyone_else() {
    let fake = FakeDiscord::start().await;
    let dir = tempfile::tempdir().unwrap();
    let painter = Arc::new(PanicOnce::default());
    let (bot, _) = start_bot_painting(
        &fake,
        &dir.path().join("panic.db"),
        seeded(5),
        painter.clone(),
    )
    .await;
    open_table(&fake, "rtta", &[ANNA, BERT]).await;

    painter
        .armed
        .store(true, std::sync::atomic::Ordering::SeqCst);
    let answer = slash(&fake, ANNA, "board", json!([])).await;
    assert!(
        answer.starts_with("Sorry — something went wrong on our side"),
        "the caller of the failed command gets the apology: {answer}"
    );
    assert!(!painter.armed.load(std::sync::atomic::Ordering::SeqCst));
    // Everyone else, and the same player again, is served as before.
    let answer = slash(&fake, BERT, "board", json!([])).await;
    assert!(answer.contains(" to play: "), "{answer}");
    let answer = slash(&fake, ANNA, "hand", json!([])).await;
    assert!(!answer.starts_with("Sorry"), "{answer}");
    let first = slash(&fake, ANNA, "board", json!([])).await;
    assert!(first.contains(" to play: "), "{first}");
    bot.stop().await;
    fake.assert_clean();
}
