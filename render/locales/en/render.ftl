# Render's own words: everything the pictures draw besides the views' words (legends,
# headers, tableau labels, the glance), the pictures' descriptions (alt texts) and render's
# errors. Variables are named like the Rust arguments (`t!("id", name = value)`).

## Errors (RenderError).
render-error-unknown-game = there are no pictures for the game "{ $game }"
render-error-bad-view = cannot read the { $game } view: it is not a { $expected }
render-error-no-words = the { $game } picture { $picture } has no words
render-error-encode = cannot encode the picture: { $error }

## The rating chart.
render-chart-empty = No rated games yet
render-chart-games = { $n ->
    [one] 1 game
   *[other] { $n } games
}

## Text pictures (the terminal's).
render-unreadable = (cannot read the view: { $error })

## The glance (png/summary.rs): every game's summary picture.
render-glance-to-play = { $seat } to play
render-glance-seat = { $seat } · { $note }
render-glance-points = { $points } pt
render-glance-entry = { $seat }: { $line }
# A seat's score and what it is made of: "34 points (place 1): regions 5 · buildings 9".
render-result-line = { $score }: { $parts }

## Punctuation between the items of a list that goes on (pictures, descriptions).
render-sep-dot = {" · "}
render-sep-comma = {", "}
render-sep-semicolon = {"; "}
render-sep-sentence = {" "}

## The public pictures' descriptions (alt texts).
render-alt-glance = Glance: { $title }.
render-alt-seat = { $seat }: { $points ->
    [one] 1 point
   *[other] { $points } points
}; { $stock }.
render-alt-seat-note = { $seat } ({ $note }): { $points ->
    [one] 1 point
   *[other] { $points } points
}; { $stock }.
render-alt-standing-one = { $seat } has { $points ->
    [one] 1 point
   *[other] { $points } points
}
render-alt-seat-points = { $seat } { $points ->
    [one] 1 point
   *[other] { $points } points
}
render-alt-standing-tie = points: { $all }
render-alt-seat-score = { $seat } { $points }
render-alt-standing-lead = { $seat } leads with { $points ->
    [one] 1 point
   *[other] { $points } points
}, then { $rest }
render-alt-game-over = Game over: { $result }.
render-alt-to-play = { $seat } to play.
render-alt-to-play-what = { $seat } to play: { $what }.
render-alt-board = { $game } board
render-alt-board-after = { $game } board after { $seat }'s turn
render-alt-board-detail = { $board } ({ $detail })
render-alt-board-standings = { $board }: { $standings }.
render-alt-board-end = { $board }.
# The glance's result or "since": "Since Red last played: Blue: tile on D7–E7; Green: …".
render-alt-block = { $heading }: { $lines }.
render-alt-board-tableaus = Every player's tableau is drawn beside the board.

## Shared by the games' pictures.
# The letter on a player's figures and badge, by colour: each differs from the others.
render-mark-letter = { $colour ->
    [red] R
    [blue] B
    [yellow] Y
    [green] G
   *[other] ?
}
render-none = none
render-nothing = nothing
render-round = round { $round }
render-round-of = round { $round } of { $last }
render-since = Since { $seat } last played
render-so-far = so far { $line }
render-and-more = and { $n } more
render-start-player = start player
render-to-play = to play
render-points = points

## Roll Through the Ages: the strip on top (png/rtta/strip.rs).
render-rtta-title = Roll Through the Ages
render-rtta-round = Round { $round }
render-rtta-round-of = Round { $round } of { $last }
render-rtta-round-last = { $round } · last round
render-rtta-over = Game over · highest score: { $winners }
render-rtta-place = { $place }. { $seat } { $points }
render-rtta-turn-of = { $seat }'s turn
render-rtta-prompt = · { $prompt }
render-rtta-prompt-of = · { $seat } to { $prompt }
render-rtta-rerolls-left = rerolls left
render-rtta-workers = workers
render-rtta-coins = coins
render-rtta-offer-to = Trade offer: { $from } to { $to }
render-rtta-offer-prepared = Trade offer from { $from }, being prepared
render-rtta-offer-gives = gives
render-rtta-offer-asks = asks for
render-rtta-amount = { $n } { $good }
render-rtta-food = food
render-rtta-die-chosen = die { $n } → { $choice }
render-rtta-die-locked = die { $n } · locked
render-rtta-die-rolled = die { $n } · rolled
render-rtta-die-kept = die { $n } · kept
render-rtta-choice-food = food
render-rtta-choice-workers = workers
render-rtta-legend = Dice: grain = food, figures = workers, crates = goods, a coin = coins, the split face = 2 food or 2 workers; a skull (red frame, locked) cannot be rerolled. Monuments: points for the first to complete / for later ones; ★R: Red completed it first. Each ☠ disaster point costs a point.

## Roll Through the Ages: a player's sheet (png/rtta/sheet.rs).
render-rtta-score-parts = developments { $developments } · monuments { $monuments } · bonus { $bonus } · disasters −{ $disasters }
render-rtta-cities = Cities { $n }
render-rtta-built = built
render-rtta-food-n = Food { $n }
render-rtta-goods-worth = Goods · worth { $worth }
render-rtta-disasters-n = Disasters { $n }
render-rtta-monuments = Monuments
render-rtta-first-later = first / later
render-rtta-developments-n = Developments { $n }
render-rtta-cost-points = cost · points
render-rtta-first-by = ★{ $mark } · { $later }

## Roll Through the Ages: the glance (png/rtta/summary.rs).
render-rtta-note = { $cities } cities · { $developments } developments
render-rtta-food-stock = food { $n }
render-rtta-goods-stock = goods { $n } (worth { $worth })
render-rtta-disasters-stock = disasters { $n }
render-rtta-score = { $points } points
render-rtta-part-developments = developments { $n }
render-rtta-part-monuments = monuments { $n }
render-rtta-part-bonus = bonus { $n }
render-rtta-part-disasters = disasters −{ $n }
render-rtta-game-over = Game over — highest score: { $winners }

## Roll Through the Ages as text (png/rtta/text.rs).
render-rtta-text-seat = { $score } points · { $cities } cities · food { $food } · disasters { $disasters } · goods: { $goods } (worth { $worth }) · developments: { $developments }
render-rtta-text-round = Roll Through the Ages · round { $round }
render-rtta-text-to-play = { $round } · { $seat } to play: { $prompt }
render-rtta-text-die = { $die }:{ $face }
render-rtta-text-die-kept = { $die }:{ $face } (kept)
render-rtta-text-die-chosen = { $die }:{ $face } → { $choice }
render-rtta-text-die-kept-chosen = { $die }:{ $face } (kept) → { $choice }
render-rtta-text-dice = Dice: { $dice } · rerolls left { $rerolls } · workers { $workers } · coins { $coins }
render-rtta-text-monument = { $monument } ({ $workers } workers)
render-rtta-text-monument-first = { $monument } ({ $workers } workers) first: { $seat }
render-rtta-text-monuments = Monuments: { $monuments }
render-rtta-text-over = The game is over.

## Pandoria: the legend under the board (png/pandoria/legend.rs).
render-legend-forest = forest: wood
render-legend-mountain = mountain: crystals
render-legend-hills = hills: gold
render-legend-city = city: points
render-legend-worker = worker
render-legend-leader = leader (counts 2)
render-legend-castle = castle
render-legend-tiles-in-hand = tiles in hand
render-legend-last-move = last move
render-legend-exit-path = exit path in use
render-legend-printed = printed space
render-legend-closed = closed this turn
render-legend-rage = Rage target
render-legend-changes = ring, halo or edge in a player's colour: what they did in their latest turn
render-legend-fairies = shut box: the Fairies' camp holds 8
render-legend-goblin = figure on a building: a goblin using it
render-legend-spirit = small figure on a figure: a Spirit haunting it (counts for its owner)
render-legend-golems = square between two figures: a Golem pair on its tile
render-legend-river = river: an enclosed ship sends its figure to the next free ship downstream (or home)
render-legend-astral-ship = Astral Ship printed on the board: 8 crystals instead of a card; −1: a ship's discount
render-legend-artifact = artifact: goes to whoever closes its region; relics cost artifacts
render-legend-mountain-castle = mountain castle: blocks an exit path, takes a figure like a castle
render-legend-captives = captives: held by a Hanbok, 1 point each at the end; ransom 1 resource each

## Pandoria: the header and the seats' panels (png/pandoria/tableau.rs).
render-pandoria-title = Pandoria
render-pandoria-round-tiles = Round { $round } · { $tiles ->
    [one] 1 tile
   *[other] { $tiles } tiles
} left
render-last-round = last round
render-pandoria-drawn = drawn: { $tile }
render-pandoria-half = { $terrain } { $n }
render-pandoria-tile = { $a }·{ $b }
render-pandoria-tile-spaced = { $a } · { $b }
render-pandoria-singles = { $n } single
render-pandoria-no-relic = no relic left
render-pandoria-relics = relics { $points }
render-pandoria-over = Game over: { $winners } { $n ->
    [one] wins
   *[other] win
}
render-pandoria-prompt = · { $prompt }
render-pandoria-market = Market
render-pandoria-market-deck = Market · { $n } cards in the deck
render-pandoria-monument = Monument
render-pandoria-left = { $n } left
render-pandoria-crystal = Crystal
render-pandoria-gold = Gold
render-pandoria-wood = Wood
render-pandoria-top-spell = Top spell
render-pandoria-top-spell-short = Spell
render-pandoria-spells-cast = Spells cast
render-pandoria-cards-in-hand = Cards in hand
render-pandoria-no-slot = no slot
render-pandoria-monument-points = Monument { $points }
render-pandoria-slot = slot { $n }
render-pandoria-team = team { $points }
render-pandoria-winner = winner
render-pandoria-rank = rank { $rank }
render-pandoria-reserve = Reserve
render-pandoria-castles = Castles
render-pandoria-mountain = mountain
render-pandoria-hand = Hand
render-pandoria-relics-taken = Relics { $points }
render-pandoria-haunted-by = Haunted by
render-pandoria-captives = Captives

## Pandoria: the glance (png/pandoria/summary.rs).
render-round-last = round { $round } (last)
render-pandoria-tiles-left = { $n ->
    [one] 1 tile left
   *[other] { $n } tiles left
}
render-pandoria-crystals = { $n ->
    [one] 1 crystal
   *[other] { $n } crystals
}
render-pandoria-gold-n = { $n } gold
render-pandoria-wood-n = { $n } wood
render-pandoria-cards = { $n ->
    [one] 1 card
   *[other] { $n } cards
}
render-pandoria-reserve-workers = reserve { $n ->
    [one] 1 worker
   *[other] { $n } workers
}
render-pandoria-reserve-leader = reserve { $n ->
    [one] 1 worker
   *[other] { $n } workers
} + leader
render-pandoria-haunted = haunted by { $seat }
render-pandoria-artifacts = { $n ->
    [one] 1 artifact
   *[other] { $n } artifacts
}
render-pandoria-captives-n = { $n ->
    [one] 1 captive
   *[other] { $n } captives
}
render-pandoria-change-tile = tile on { $at }
render-pandoria-change-castle = castle on { $at }
render-pandoria-change-figure = figure to { $at }
render-pandoria-change-closed = closed a region of { $n ->
    [one] 1 space
   *[other] { $n } spaces
}
render-pandoria-part = { $what } { $n }
render-pandoria-part-regions = regions
render-pandoria-part-buildings = buildings
render-pandoria-part-monuments = monuments
render-pandoria-part-conversions = conversions
render-pandoria-part-hand-cards = hand cards
render-pandoria-part-resources = resources
render-pandoria-part-captives = captives
render-pandoria-part-relics = relics
render-pandoria-part-earlier = earlier
render-pandoria-score = { $points } points (place { $place })
render-pandoria-game-over = Game over — { $winners } wins

## Pandoria: the hand cards picture (png/pandoria/cards.rs).
render-cards-title = { $seat }: your cards
render-cards-none = You hold no cards.
render-cards-card = card { $id }
render-cards-spell = Spell
render-cards-spell-cost = Spell · { $n ->
    [one] 1 crystal
   *[other] { $n } crystals
}
render-cards-building = Building
render-cards-building-cost = Building · { $n } wood
render-cards-price = market price: { $gold } gold
render-cards-alt = { $seat }'s cards: { $cards }.
render-cards-alt-none = { $seat }'s cards: none.
render-cards-alt-card = card { $id }: { $sides }
render-cards-alt-price = { $card }, market price { $gold } gold
render-cards-alt-spell = { $name } (spell)
render-cards-alt-spell-cost = { $name } (spell, { $n ->
    [one] 1 crystal
   *[other] { $n } crystals
})
render-cards-alt-building = { $name } (building)
render-cards-alt-building-cost = { $name } (building, { $n } wood)
render-cards-alt-effect = { $side }: { $effect }

## Pandoria: the hand and the tile preview (png/pandoria/preview.rs).
render-hand-hint = the 1st half goes on the first space you name: tile D7 E7
render-hand-title = { $seat }: { $n ->
    [one] your tile
   *[other] your tiles
}
render-hand-empty = Your hand is empty.
render-hand-first = 1st
render-hand-second = 2nd
render-hand-alt = { $seat }'s { $n ->
    [one] hand tile
   *[other] hand tiles
}: { $tiles }. The 1st half of a tile goes on the first space you name.
render-hand-alt-none = { $seat }'s hand tiles: none.
render-preview-no-tile = { $seat }: no tile in hand
render-preview-place = { $seat }: place { $tiles }
render-preview-tile = tile
render-preview-castle-only = castle only
render-preview-single = single tile
render-preview-mountain = mountain castle
render-preview-spaces = { $n ->
    [one] 1 space
   *[other] { $n } spaces
}
render-preview-paths = { $n ->
    [one] 1 path
   *[other] { $n } paths
}
render-preview-group = { $what }: { $count }{ $span }
render-preview-span = , { $from } to { $to }
render-preview-span-one = , { $at }
render-preview-example = e.g. { $notation }
render-preview-alt-where = Where { $seat } can place
render-preview-alt-where-tile = Where { $seat }'s tile ({ $tiles }) can go
render-preview-alt-tile = { $n ->
    [one] 1 space
   *[other] { $n } spaces
}{ $span }: { $spaces }
render-preview-alt-other = { $what }: { $n ->
    [one] 1 space
   *[other] { $n } spaces
}: { $spaces }
render-preview-alt-nowhere = { $head }: nowhere now.
render-preview-alt = { $head }: { $parts }.

## Pandoria as text (png/pandoria/text.rs).
render-pandoria-text-legend-land = f m h c: forest mountain hills city + symbols (capital: printed space); #x: castle;
render-pandoria-text-legend-figures = 3rd letter: figure (r b y g worker, R B Y G leader); < last move; * start space;
render-pandoria-text-legend-board = =F=: exit path (forest); ~s~: ship; ^^^: mountains
render-pandoria-text-seat = { $score } points · { $workers ->
    [one] 1 worker
   *[other] { $workers } workers
} · { $castles ->
    [one] 1 castle
   *[other] { $castles } castles
} · { $tiles ->
    [one] 1 tile
   *[other] { $tiles } tiles
} in hand
render-pandoria-text-seat-leader = { $score } points · { $workers ->
    [one] 1 worker
   *[other] { $workers } workers
} + leader · { $castles ->
    [one] 1 castle
   *[other] { $castles } castles
} · { $tiles ->
    [one] 1 tile
   *[other] { $tiles } tiles
} in hand
render-pandoria-text-start-player = {" "}(start player)
render-pandoria-text-to-play = {" "}← to play
render-pandoria-text-round = Round { $round } · { $tiles ->
    [one] 1 tile
   *[other] { $tiles } tiles
} left
render-pandoria-text-last-round = {" "}· last round
render-pandoria-text-over = Game over. Winner: { $winners }
render-pandoria-text-tiles = { $n ->
    [one] Your tile
   *[other] Your tiles
}: { $tiles } (the first half goes on the first space you name)
render-pandoria-text-cards = { $n ->
    [one] Your card:
   *[other] Your cards:
}
render-pandoria-text-card = - card { $id }: spell { $spell } ({ $crystals ->
    [one] 1 crystal
   *[other] { $crystals } crystals
}) | building { $building } ({ $wood } wood) | { $gold } gold in the market
render-pandoria-text-empty = Your hand is empty: no tiles and no cards.

## The rating chart in words (its alt text).
render-chart-alt-none = { $title }: no rated games yet.
render-chart-alt = { $title }: rating over { $n ->
    [one] 1 point
   *[other] { $n } points
}, from { $first } to { $now } now (lowest { $low }, highest { $high }).
