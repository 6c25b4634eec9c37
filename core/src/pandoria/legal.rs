//! Every legal action of the player to act, step by step, in the order
//! [`Game::legal_actions`](crate::game::Game::legal_actions) lists them.

use super::{Action, Pandoria, Step};

impl Pandoria {
    /// Appends every legal action of the current decision to `out`.
    pub fn legal_actions_into(&self, out: &mut Vec<Action>) {
        if let Some(h) = self.haunts.first() {
            if h.worker {
                out.push(Action::Haunt(false));
            }
            if h.leader {
                out.push(Action::Haunt(true));
            }
            out.push(Action::Pass);
            return;
        }
        match &self.step {
            Step::Over => {}
            Step::Realm { .. } => {
                for realm in self.options.realm_sets.realms() {
                    if self.validate(&Action::Realm(realm)).is_ok() {
                        out.push(Action::Realm(realm));
                    }
                }
            }
            Step::StartTile { .. } => {
                let placed = self.placed_start_tiles();
                out.extend(
                    self.start_placements(&placed)
                        .into_iter()
                        .map(|[a, b]| Action::Start(a, b)),
                );
            }
            Step::Place => {
                let seat = &self.seats[self.current.index()];
                let (free, frontier) = self.free_and_frontier();
                if !seat.hand.is_empty() {
                    self.each_pair(&free, &frontier, |a, b| out.push(Action::Tile(a, b)));
                    if seat.hand.len() > 1 {
                        self.each_pair(&free, &frontier, |a, b| out.push(Action::SecondTile(a, b)));
                    }
                }
                if seat.castles > 0 {
                    out.extend(frontier.iter().map(Action::Castle));
                }
                self.artifact_place_actions(out, &free, &frontier);
            }
            Step::Single { .. } => {
                out.extend(self.gap_spaces().into_iter().map(Action::Single));
            }
            Step::Figure => {
                out.extend(self.figure_options(self.current));
                out.push(Action::Pass);
            }
            Step::Golem => {
                out.extend(self.golem_options(self.current));
                out.push(Action::Pass);
            }
            Step::Ransom { payer, .. } => {
                out.extend(self.ransom_choices(*payer).into_iter().map(Action::Choose));
            }
            _ => self.later_actions_into(out),
        }
    }
}
