# Secret Nim's words in English (the test-only game).

nim-took = { $stones ->
    [one] took 1 stone
   *[other] took { $stones } stones
}
nim-played = played a { $card } and took { $card } stones
nim-drew = drew a card
nim-won = took the last stone and wins
nim-log = { $seat } { $did }
nim-take-one = Take a stone
nim-take = Take { $stones ->
    [2] two
    [3] three
   *[other] { $stones }
} stones
nim-play = Play your { $card } — take { $card } stones, then draw
nim-turn = take 1 to 3 stones or play a card
nim-refuse-stones = take 1 to { $most } stones
nim-refuse-no-card = you hold no { $card }
nim-refuse-too-few = only { $left } stones are left, fewer than your { $card }
nim-setup-players = Secret Nim is for 2 players, not { $players }
nim-setup-stones = the pile holds 3 to 40 stones
nim-fix-late = fixtures go before the first action
nim-fix-number = not a number: { $text }
nim-fix-hand = hand: a seat (1 or 2), then its cards
nim-fix-unknown = no fixture "{ $key }"; fixtures: hand, deck
nim-parse-number = expected a number after the verb
nim-parse = expected `take N` or `play N`

# Secret Nim's pictures (render/tests/support/nim_pictures.rs).
nim-pictures-title = Secret Nim
nim-pictures-stones-left = { $stones } stones left
nim-pictures-cards-in-hand = { $n } cards in hand
nim-pictures-latest = The latest move
nim-pictures-none = none
nim-pictures-hand-alt = Your secret hand in Secret Nim: { $cards }
nim-pictures-text-title = Secret Nim · { $stones } stones left
nim-pictures-text-to-play = {" "}· { $seat } to play
nim-pictures-text-seat = { $seat }: { $cards } cards
nim-pictures-text-played = Played: { $cards }
nim-pictures-text-hand = Your cards: { $cards }
nim-option-stones = Stones in the pile
nim-option-stones-count = { $stones } stones

## /help (issue 30, helper REF).
nim-help = Take 1 to 3 stones from the pile (`take 2`), or play a card from your secret hand and take that many (`play 5`), then draw. Whoever takes the last stone wins.
