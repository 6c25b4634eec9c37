//! The figures: placing and retrieving workers and the leader, the reserve, Golems, the
//! spirits that haunt (text 004) and the Hanbok's ransom.

use super::cards::{Realm, Resource};
use super::error::{RulesError, joined};
use super::regions::in_closed;
use super::{Action, Event, Figure, Land, Pandoria, SpiritBack, Step};
use crate::game::{Game, Seat};
use crate::hex::Hex;
use crate::t;
use crate::words::Text;

impl Pandoria {
    /// The spaces of the tile just placed in step 1 — a double tile from the hand or, with
    /// Artifacts, a single tile in a one-space gap ("the single or double tile you placed") —
    /// where a Golems seat may put a second Golem (text 004 "Golems"): free, not in a region
    /// closed this turn, not a city, and the seat holds 3 of the terrain's resource. None for
    /// a castle, a mountain castle, a tile placed by a spell or any other realm. A single
    /// tile's one space is free only after a figure was taken back instead of placed.
    pub(super) fn golem_spaces(&self, seat: Seat) -> Vec<Hex> {
        if self.ability(seat) != Some(Realm::Golems) || !(self.turn.from_hand || self.turn.single) {
            return Vec::new();
        }
        let s = &self.seats[seat.index()];
        self.turn
            .placed
            .iter()
            .copied()
            .filter(|&h| self.figures[h.index()].is_none() && !in_closed(&self.turn.closed, h))
            .filter(|&h| match self.land[h.index()] {
                Land::Terrain { terrain, .. } => {
                    Self::yield_of(terrain).is_some_and(|r| s.resource(r) >= GOLEM_COST)
                }
                _ => false,
            })
            .collect()
    }

    /// Whether `seat`'s next Golem is its second this turn (a figure of its own stands on the
    /// tile just placed).
    pub(super) fn golem_second(&self, seat: Seat) -> bool {
        self.turn.placed.iter().any(|h| {
            self.figures[h.index()]
                .as_ref()
                .is_some_and(|f| f.seat == seat)
        })
    }

    /// The Golem placements open to `seat` (without `pass`): a worker, or the leader when it
    /// is the only figure left.
    pub(super) fn golem_options(&self, seat: Seat) -> Vec<Action> {
        let mut out = Vec::new();
        let s = &self.seats[seat.index()];
        for h in self.golem_spaces(seat) {
            if s.workers > 0 {
                out.push(Action::Worker(h));
            }
            if self.leader_allowed(seat).is_ok() {
                out.push(Action::Leader(h));
            }
        }
        out
    }

    /// Figure placements and retrievals open to `seat` in the figure step (without `pass`).
    pub(super) fn figure_options(&self, seat: Seat) -> Vec<Action> {
        let mut out = Vec::new();
        if self.step != Step::Figure {
            return out;
        }
        let s = &self.seats[seat.index()];
        for &hex in &self.turn.placed {
            if self.figures[hex.index()].is_some() || in_closed(&self.turn.closed, hex) {
                continue;
            }
            if s.workers > 0 {
                out.push(Action::Worker(hex));
            }
            if self.leader_allowed(seat).is_ok() {
                out.push(Action::Leader(hex));
            }
        }
        if self.spirits.is_empty() {
            // The common case, without the sorted merge.
            out.extend(self.figures_of(seat).map(|(h, _)| Action::Retrieve(h)));
        } else {
            out.extend(self.retrievable(seat).into_iter().map(Action::Retrieve));
        }
        out.extend(self.goblin_recalls(seat));
        out.extend(self.ransom_options(seat));
        out
    }

    /// Hanbok: the ransoms open to `seat` in step 3 — from each Hanbok holding its figures,
    /// any number of workers and the leader, one resource each (text 004 "Hanbok").
    pub(super) fn ransom_options(&self, seat: Seat) -> Vec<Action> {
        let mut out = Vec::new();
        if self.seats.iter().all(|s| s.captives.is_empty()) {
            return out;
        }
        let purse: u32 = self.seats[seat.index()]
            .resources
            .iter()
            .map(|&r| u32::from(r))
            .sum();
        for (i, s) in self.seats.iter().enumerate() {
            let (workers, leader) = captive_counts(&s.captives, seat);
            for l in [false, true] {
                if l && !leader {
                    continue;
                }
                for w in 0..=workers {
                    let n = u32::from(w) + u32::from(l);
                    if n >= 1 && n <= purse {
                        out.push(Action::Ransom(Seat(i as u8), w, l));
                    }
                }
            }
        }
        out
    }

    /// Whether the player to act has the figure an action places: a worker in the reserve,
    /// or a leader they may place now.
    pub(super) fn check_figure_kind(&self, action: &Action) -> Result<(), RulesError> {
        if matches!(action, Action::Worker(_)) {
            if self.seats[self.current.index()].workers == 0 {
                return Err(RulesError::NoWorker);
            }
            Ok(())
        } else {
            self.leader_allowed(self.current)
        }
    }

    pub(super) fn put_figure(&mut self, seat: Seat, h: Hex, leader: bool) -> Figure {
        let figure = self.take_from_reserve(seat, leader);
        self.figures[h.index()] = Some(figure);
        figure
    }

    /// Spirits of the Ancients: a ready haunting figure goes onto the board with the figure
    /// its victim just placed on `h` (call after the `FigurePlaced` event).
    pub(super) fn place_haunt(&mut self, seat: Seat, h: Hex, events: &mut Vec<Event>) {
        if let Some(haunt) = self.seats[seat.index()].haunted_by.filter(|x| x.ready) {
            self.seats[seat.index()].haunted_by = None;
            self.spirits.push((h, haunt.figure));
            events.push(Event::HauntPlaced {
                at: h,
                figure: haunt.figure,
                victim: seat,
            });
        }
    }

    /// Spirits of the Ancients: the haunting figure on `h` (if any) goes back to its owner's
    /// reserve — its host moved or was removed.
    pub(super) fn release_spirit(&mut self, h: Hex, why: SpiritBack, events: &mut Vec<Event>) {
        if let Some(i) = self.spirits.iter().position(|(at, _)| *at == h) {
            let (_, figure) = self.spirits.remove(i);
            self.return_figure(figure);
            events.push(Event::SpiritReturned { at: h, figure, why });
        }
    }

    /// Takes back `seat`'s figure on `h` (its haunting figure there, for the Spirits); a
    /// haunting figure on a figure taken back goes home too.
    pub(super) fn retrieve(&mut self, seat: Seat, h: Hex, events: &mut Vec<Event>) {
        match self.figures[h.index()] {
            Some(f) if f.seat == seat => {
                self.figures[h.index()] = None;
                self.break_golem_pair(h);
                self.return_figure(f);
                events.push(Event::FigureRetrieved { at: h, figure: f });
                self.release_spirit(h, SpiritBack::HostTakenBack, events);
            }
            _ => self.release_spirit(h, SpiritBack::TakenBack, events),
        }
    }

    /// Spirits of the Ancients: the haunt decision (`haunt worker`, `haunt leader`, `pass`).
    pub(super) fn perform_haunt(&mut self, action: Action, events: &mut Vec<Event>) {
        let h = self.haunts.remove(0);
        let Action::Haunt(leader) = action else {
            return;
        };
        let figure = Figure {
            seat: h.spirit,
            leader,
        };
        // Out of the Hanbok's captives when the closer took them ("captures all of your
        // figures except one, which will haunt"), else from the reserve it went back to.
        match self.seats[h.closer.index()]
            .captives
            .iter()
            .position(|f| *f == figure)
        {
            Some(i) => {
                self.seats[h.closer.index()].captives.remove(i);
            }
            None => {
                self.take_from_reserve(h.spirit, leader);
            }
        }
        self.seats[h.closer.index()].haunted_by = Some(super::Haunt {
            figure,
            // After the closer's current turn; at once if that turn is already over.
            ready: self.current != h.closer,
        });
        self.haunts.retain(|p| p.closer != h.closer);
        events.push(Event::Haunted {
            figure,
            victim: h.closer,
        });
    }

    /// Takes a worker (or the leader) out of a seat's reserve.
    pub(super) fn take_from_reserve(&mut self, seat: Seat, leader: bool) -> Figure {
        let s = &mut self.seats[seat.index()];
        if leader {
            s.leader = false;
        } else {
            s.workers -= 1;
        }
        Figure { seat, leader }
    }

    pub(super) fn return_figure(&mut self, figure: Figure) {
        let s = &mut self.seats[figure.seat.index()];
        if figure.leader {
            s.leader = true;
        } else {
            s.workers += 1;
        }
    }

    /// Spirits of the Ancients: each Spirits opponent of the closer whose figures were just
    /// removed may haunt the closer with one of them — unless the closer is haunted already.
    pub(super) fn offer_haunts(&mut self, closer: Seat, removed: impl Iterator<Item = Figure>) {
        let removed: Vec<Figure> = removed.collect();
        let n = self.seats.len();
        for k in 1..n {
            let spirit = Seat(((closer.index() + k) % n) as u8);
            if self.ability(spirit) != Some(Realm::Spirits) || self.partner(closer) == Some(spirit)
            {
                continue;
            }
            let worker = removed.iter().any(|f| f.seat == spirit && !f.leader);
            let leader = removed.iter().any(|f| f.seat == spirit && f.leader);
            let offered = self
                .haunts
                .iter()
                .any(|p| p.closer == closer && p.spirit == spirit);
            if (worker || leader) && !offered && !self.is_haunted(closer) {
                self.haunts.push(super::PendingHaunt {
                    spirit,
                    closer,
                    worker,
                    leader,
                });
            }
        }
    }

    /// Whether `seat` has a goblin on `owner`'s building in `slot` to take back.
    pub(super) fn check_recall(&self, seat: Seat, owner: Seat, slot: u8) -> Result<(), RulesError> {
        let here = self
            .seats
            .get(owner.index())
            .and_then(|s| s.slots.get(usize::from(slot).wrapping_sub(1)))
            .and_then(|s| s.goblin);
        match here {
            Some(g) if g.seat == seat => Ok(()),
            _ => Err(RulesError::Goblin(t!(
                "pandoria-goblin-none-on",
                seat = self.seat_name(owner),
                slot = slot
            ))),
        }
    }

    /// Why a ransom from `from` asks for captives it does not hold (`held`: the player's
    /// workers and leader it does hold): what is not captive, what is, and the ransoms from
    /// `from` the player can make now (the largest first, at most three).
    pub(super) fn ransom_held_words(
        &self,
        from: Seat,
        held: (u8, bool),
        workers: u8,
        leader: bool,
    ) -> Text {
        let mut options: Vec<(u8, Action)> = self
            .ransom_options(self.current)
            .into_iter()
            .filter_map(|a| match a {
                Action::Ransom(s, w, l) if s == from => Some((w + u8::from(l), a)),
                _ => None,
            })
            .collect();
        options.sort_by_key(|&(n, _)| std::cmp::Reverse(n));
        let options: Vec<Text> = options
            .iter()
            .take(3)
            // Each ransom as it is typed ("ransom red 2").
            .map(|(_, a)| Text::raw(a.to_string()))
            .collect();
        t!(
            "pandoria-ransom-held",
            leader_free = u8::from(leader && !held.1),
            seat = self.seat_name(from),
            workers = held.0,
            leader = u8::from(held.1),
            asked = if workers > held.0 { workers } else { 0 },
            options = if options.is_empty() {
                Text::concat([])
            } else {
                t!("pandoria-ransom-you-can", options = Text::or_list(options))
            }
        )
    }

    /// The resources a ransoming player still has, which the Hanbok may take.
    pub(super) fn ransom_choices(&self, payer: Seat) -> Vec<Resource> {
        Resource::ALL
            .into_iter()
            .filter(|&r| self.seats[payer.index()].resource(r) > 0)
            .collect()
    }

    /// The resources a ransoming player still has, in words: "crystal or wood".
    pub(super) fn ransom_choice_text(&self, payer: Seat, sep: Text) -> Text {
        joined(self.ransom_choices(payer).iter().map(|r| r.text()), sep)
    }

    /// After a figure was placed or retrieved in step 3: the Golems may place a second Golem
    /// when they can; everybody else goes on to step 4.
    pub(super) fn golem_or_after_figure(&mut self, events: &mut Vec<Event>) {
        if self.golem_options(self.current).is_empty() {
            self.after_figure(events);
        } else {
            self.step = Step::Golem;
        }
    }

    /// Goes on to step 4 once the figure step is done.
    pub(super) fn after_figure(&mut self, events: &mut Vec<Event>) {
        self.begin_card_step(events);
    }
}

/// How many of `seat`'s workers, and whether its leader, a Hanbok holds among `captives`.
pub(super) fn captive_counts(captives: &[Figure], seat: Seat) -> (u8, bool) {
    let mine = captives.iter().filter(|f| f.seat == seat);
    (
        mine.clone().filter(|f| !f.leader).count() as u8,
        mine.clone().any(|f| f.leader),
    )
}

/// What a second Golem costs, in resources of its terrain (text 004).
pub(super) const GOLEM_COST: u8 = 3;
