//! Refusing an action: the error's "now …" part (who must do what, with examples), the
//! wrong-step and no-such-die checks, and `Rtta::require`, the one guard for actions that
//! need a development.

use super::{Action, Development, DiceSet, Effect, Rtta, RulesError, data};
use crate::game::{Game, PlayError};
use crate::t;
use crate::words::{Arg, Text, ToText};

impl Rtta {
    /// What the player to act may do now, for error messages.
    pub(super) fn now(&self) -> Text {
        let Some(decision) = self.decision() else {
            return t!("refusal-game-over");
        };
        let legal: Vec<String> = self
            .legal_actions(decision.seat)
            .iter()
            .map(ToString::to_string)
            .collect();
        let examples = if legal.len() <= 8 {
            legal.join(", ")
        } else {
            format!("{}, …, {}", legal[..5].join(", "), legal[legal.len() - 1])
        };
        // The examples are notation, shown as written in every language.
        t!(
            "rtta-now",
            seat = self.seat_name(decision.seat),
            kind = decision.kind.to_text(),
            examples = Arg::raw(examples)
        )
    }

    pub(super) fn refuse<T>(
        &self,
        make: impl FnOnce(Text) -> RulesError,
    ) -> Result<T, PlayError<RulesError>> {
        Err(PlayError::Rules(make(self.now())))
    }

    pub(super) fn wrong_step<T>(&self, action: &Action) -> Result<T, PlayError<RulesError>> {
        self.refuse(|now| RulesError::WrongStep {
            action: action.to_string(),
            now,
        })
    }

    pub(super) fn check_dice(&self, set: DiceSet) -> Result<(), PlayError<RulesError>> {
        let count = self.turn.dice.count();
        match set.indices().find(|&i| i >= usize::from(count)) {
            Some(i) => self.refuse(|now| RulesError::NoSuchDie {
                die: i as u8 + 1,
                dice: count,
                now,
            }),
            None => Ok(()),
        }
    }

    /// Refuses the action unless the player to act owns the development with `effect`: the
    /// one guard for actions a development allows (Engineering, Granaries).
    pub(super) fn require(&self, effect: Effect) -> Result<(), PlayError<RulesError>> {
        if self.has(self.cur(), effect) {
            return Ok(());
        }
        self.refuse(|now| RulesError::MissingDevelopment {
            development: Development(data().development_with(effect) as u8).text(),
            now,
        })
    }
}
