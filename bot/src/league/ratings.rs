//! Ratings: Weng-Lin (the Bayesian rating behind OpenSkill) through the `skillratings`
//! crate, free-for-all for 2–4 seats and teams for partnerships. Pure functions over a
//! game's placings; the store keeps the ratings as a cache of the results, applying [`rate`]
//! as the table hands it over ([`RatingRule`]), and can recompute them from scratch
//! (`Store::recompute_ratings`).

use std::collections::HashMap;

use skillratings::MultiTeamOutcome;
use skillratings::weng_lin::{WengLinConfig, WengLinRating, weng_lin_multi_team};

use crate::ids::UserId;

/// A player's rating: the estimate `mu` and its uncertainty `sigma`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// The estimated skill.
    pub mu: f64,
    /// The uncertainty of the estimate.
    pub sigma: f64,
}

impl Default for Rating {
    fn default() -> Self {
        let r = WengLinRating::new();
        Rating {
            mu: r.rating,
            sigma: r.uncertainty,
        }
    }
}

impl Rating {
    /// The rating shown to players and ranked by: the conservative estimate
    /// `mu − 3·sigma`, scaled by 40 so a new player shows 0 and steps read as whole numbers
    /// (a player is at least this good with high confidence; it rises as games are played).
    pub fn shown(&self) -> i64 {
        ((self.mu - 3.0 * self.sigma) * 40.0).round() as i64
    }
}

/// One seat's place in a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placing {
    /// The player.
    pub user: UserId,
    /// The team (seats of one team win or lose together).
    pub team: u8,
    /// 1 = best (resigned and forfeited seats rank last).
    pub rank: u8,
}

/// How ratings change after one game: [`rate`] is the league's rule; the store applies
/// whichever rule it was given ([`crate::store::Store::with_rating_rule`]) without knowing it.
pub type RatingRule = fn(&HashMap<UserId, Rating>, &[Placing]) -> Vec<(UserId, Rating)>;

/// The ratings after one game: `before` holds each placing's player's rating (missing
/// players start fresh), the answer each player's new rating. A team's rank is its worst
/// member's, so a resignation costs the whole team.
pub fn rate(before: &HashMap<UserId, Rating>, placings: &[Placing]) -> Vec<(UserId, Rating)> {
    let mut teams: Vec<(u8, usize, Vec<UserId>)> = Vec::new();
    for p in placings {
        match teams.iter_mut().find(|t| t.0 == p.team) {
            Some(t) => {
                t.1 = t.1.max(usize::from(p.rank));
                t.2.push(p.user);
            }
            None => teams.push((p.team, usize::from(p.rank), vec![p.user])),
        }
    }
    if teams.len() < 2 {
        return Vec::new();
    }
    let ratings: Vec<Vec<WengLinRating>> = teams
        .iter()
        .map(|t| {
            t.2.iter()
                .map(|u| {
                    let r = before.get(u).copied().unwrap_or_default();
                    WengLinRating {
                        rating: r.mu,
                        uncertainty: r.sigma,
                    }
                })
                .collect()
        })
        .collect();
    let input: Vec<(&[WengLinRating], MultiTeamOutcome)> = teams
        .iter()
        .zip(&ratings)
        .map(|(t, r)| (r.as_slice(), MultiTeamOutcome::new(t.1)))
        .collect();
    let after = weng_lin_multi_team(&input, &WengLinConfig::new());
    teams
        .iter()
        .zip(after)
        .flat_map(|(t, rs)| {
            t.2.iter()
                .copied()
                .zip(rs)
                .map(|(u, r)| {
                    (
                        u,
                        Rating {
                            mu: r.rating,
                            sigma: r.uncertainty,
                        },
                    )
                })
                .collect::<Vec<_>>()
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ffa(ranks: &[u8]) -> Vec<Placing> {
        ranks
            .iter()
            .enumerate()
            .map(|(i, &rank)| Placing {
                user: i as u64 + 1,
                team: i as u8,
                rank,
            })
            .collect()
    }

    #[test]
    fn the_winner_gains_and_the_last_loses() {
        let after: HashMap<_, _> = rate(&HashMap::new(), &ffa(&[2, 1, 3]))
            .into_iter()
            .collect();
        let fresh = Rating::default();
        assert!(after[&2].mu > fresh.mu, "winner gains");
        assert!(after[&3].mu < fresh.mu, "last loses");
        assert!(after[&1].mu < after[&2].mu && after[&1].mu > after[&3].mu);
        assert!(
            after.values().all(|r| r.sigma < fresh.sigma),
            "every game teaches"
        );
        assert_eq!(fresh.shown(), 0);
    }

    #[test]
    fn ties_share_and_partners_move_together() {
        let tie: HashMap<_, _> = rate(&HashMap::new(), &ffa(&[1, 1])).into_iter().collect();
        assert!((tie[&1].mu - tie[&2].mu).abs() < 1e-9);
        let teams = [
            Placing {
                user: 1,
                team: 0,
                rank: 1,
            },
            Placing {
                user: 2,
                team: 1,
                rank: 2,
            },
            Placing {
                user: 3,
                team: 0,
                rank: 1,
            },
            Placing {
                user: 4,
                team: 1,
                rank: 2,
            },
        ];
        let after: HashMap<_, _> = rate(&HashMap::new(), &teams).into_iter().collect();
        assert!((after[&1].mu - after[&3].mu).abs() < 1e-9);
        assert!(after[&1].mu > after[&2].mu);
        // A resigned partner ranks its team last.
        let resigned = [
            Placing {
                user: 1,
                team: 0,
                rank: 1,
            },
            Placing {
                user: 2,
                team: 1,
                rank: 2,
            },
            Placing {
                user: 3,
                team: 0,
                rank: 3,
            },
            Placing {
                user: 4,
                team: 1,
                rank: 2,
            },
        ];
        let after: HashMap<_, _> = rate(&HashMap::new(), &resigned).into_iter().collect();
        assert!(after[&1].mu < after[&2].mu);
        assert!(
            rate(&HashMap::new(), &ffa(&[1])).is_empty(),
            "a solo game rates nothing"
        );
    }
}
