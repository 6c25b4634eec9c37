# Pandoria's words in English: prompts, refusals, log lines, choice labels.
# Ids start with `pandoria-`; variables are named like the Rust arguments.

pandoria-gold = { $n } gold
pandoria-crystals = { $n ->
    [one] 1 crystal
   *[other] { $n } crystals
}
pandoria-wood = { $n } wood

## Names that are not in the data (pandoria-resource-<id>, pandoria-terrain-<id>).
pandoria-resource-crystal = crystal
pandoria-resource-gold = gold
pandoria-resource-wood = wood
pandoria-terrain-forest = forest
pandoria-terrain-mountain = mountain
pandoria-terrain-hills = hills
pandoria-terrain-city = city

## Separators of lists that are not "A, B or C": "D7 or E7 or F8", "D7, E7".
pandoria-sep-or = {" "}or{" "}
pandoria-sep-comma = ,{" "}

## Refusals: what was wrong, and what is allowed now.
pandoria-refuse-wrong-step = you cannot { $tried } now: { $now }
pandoria-refuse-not-plain = { $at } is not on the fertile plain (mountains and exit paths stay free)
pandoria-refuse-lake = { $at } is a lake: tiles never go on lakes
pandoria-refuse-river = { $at } is the river: tiles never go on water
pandoria-refuse-printed = { $at } is a printed terrain space: build next to it, not on it
pandoria-refuse-covered = { $at } is already covered
pandoria-refuse-not-neighbours = { $a } and { $b } are not next to each other: a double tile covers two neighbouring spaces
pandoria-refuse-detached = { $at } touches no tile: place next to the land already on the board
pandoria-refuse-start-tiles-touch = the start tiles must not touch each other
pandoria-refuse-no-castle = you have no castle left: place your tile
pandoria-refuse-no-tile = you have no tile in hand: place a castle
pandoria-refuse-not-just-placed = a figure can go only on what you just placed ({ $allowed })
pandoria-refuse-closed = the { $terrain } at { $at } is closed: no figure can go there
pandoria-refuse-occupied = { $at } already has a figure
pandoria-refuse-no-worker = you have no worker in your reserve
pandoria-refuse-no-leader = your leader is already on the board
pandoria-refuse-leader-too-early = your leader comes last: place your workers first
pandoria-refuse-not-your-figure = you have no figure on { $at }
pandoria-refuse-must-place = you must place your tile or a castle; you cannot pass
pandoria-refuse-no-second-tile = you hold no second tile: place your tile with "tile D7 E7"
pandoria-refuse-no-such-card = card { $card } is not in your hand (you hold { $hand })
pandoria-refuse-no-such-slot = there is no slot { $slot }: building slots are 1–5
pandoria-refuse-monument-never-overbuilt = slot { $slot } holds a monument, and a monument is never overbuilt: choose another slot
pandoria-refuse-identical-occupied = { $owner }'s { $name } in slot { $slot }, which your goblin occupies, is identical: never two identical buildings at once
pandoria-refuse-identical-instead = your { $name } in slot { $slot } is identical: never two identical buildings at once ({ $instead } instead)
pandoria-refuse-identical = your { $name } in slot { $slot } is identical: never two identical buildings at once
pandoria-refuse-nothing-to-cover = slot { $slot } has no building: a monument must cover one of your buildings
pandoria-refuse-no-monument-left = no monument is left
pandoria-refuse-cannot-afford = { $what } costs { $cost }; you have { $have }
pandoria-refuse-cannot-afford-market = { $what } costs { $cost }; you have { $have }{ $hint }
pandoria-refuse-payment-needed = { $what } costs { $cost } and you have { $have }: say which resource your Market uses for the rest ({ $options })
pandoria-refuse-bad-payment = you cannot pay with { $with }: { $why }
pandoria-refuse-no-market-card = there is no market card { $pos }: the market shows { $shown } card(s), numbered from 1
pandoria-refuse-no-purchase = you may buy a card only after closing a region this turn
pandoria-refuse-no-top-spell = { $seat } has cast no spell yet: there is nothing to adopt
pandoria-refuse-adopt-adopt = { $seat }'s top spell is Adopt, which Adopt cannot copy
pandoria-refuse-adopt-self = Adopt copies an opponent's spell, not your own
pandoria-refuse-nothing-to-recast = you have cast no spell yet: there is nothing to recast
pandoria-refuse-bad-target = a figure cannot go on { $at } with { $spell }: { $why }
pandoria-refuse-not-your-worker = you have no worker on { $at }: Rage makes a worker (not the leader) count more
pandoria-refuse-not-next-to-region = { $region } is in no region closed this turn next to { $worker }{ $hint }
pandoria-refuse-not-zero = your { $resource } is not at 0: the Poorhouse raises a resource at 0
pandoria-refuse-bad-move = you cannot move from { $from } to { $to }: { $why }
pandoria-refuse-realm-taken = { $realm } are taken: in the beginner game every player has a different realm
pandoria-refuse-no-golem = a Golem can go only on the tile you just placed, on a free space that is not a city and not closed, for 3 resources of its terrain; now: { $allowed }
pandoria-refuse-goblin-slots = the Goblins have only 4 spaces for their own buildings and monuments, not slot { $slot }
pandoria-refuse-realm-not-offered = this table plays { $offered }, not the { $realm }
pandoria-refuse-not-the-cast-card = build the card whose spell you just cast (card { $card }), or erect a monument
pandoria-refuse-spells-only = in the family game with spells cards are only cast as spells (spell { $card })

## Spells and buildings with their numbers (the names come from the data).
pandoria-spell-numbered = { $name } { $n }
pandoria-spell-rage = { $name } ×{ $n }
pandoria-spell-single = { $name } (single)
pandoria-spell-double = { $name } (double)
pandoria-building-minus = { $name } −{ $n }
pandoria-building-rate = { $name } { $points }:{ $per }
pandoria-building-plus = { $name } +{ $n }

## What the player to act may do now (the end of a refusal).
pandoria-now-haunt = { $spirit } decides whether to haunt { $closer } (haunt worker, haunt leader or pass)
pandoria-now-realm = choose a realm (realm elves)
pandoria-now-start-tile = place the next start tile (start D7 E7)
pandoria-now-place = place { $what }
pandoria-now-place-tile = place your tile
pandoria-now-place-your-tile = your tile ({ $example })
pandoria-now-place-castle = a castle ({ $example })
pandoria-now-place-mountain = your mountain castle ({ $example })
pandoria-now-place-single = draw a single tile for a one-space gap (single)
pandoria-now-single = place the single tile into a gap of one space ({ $gaps })
pandoria-now-ransom = , ransom captives ({ $example })
pandoria-now-retrieve = retrieve a figure (retrieve D7){ $ransom } or pass
pandoria-now-figure = place a figure on { $free } (worker { $first }), retrieve one{ $ransom }, or pass
pandoria-now-ransom-resource = choose the resource you take from { $payer } for a ransomed captive ({ $choices }), { $left } to take
pandoria-now-golem = place a { $second ->
    [1] second Golem
   *[other] Golem
} on { $spaces } for 3 resources of its terrain (worker { $first }), or pass
pandoria-now-pass = pass
pandoria-now-play-card = play a card (spell 17, build 17 3)
pandoria-now-erect-monument = erect a monument (monument 3)
pandoria-now-cast-spell = cast a spell (spell 17)
pandoria-now-relic = take a relic ({ $relics })
pandoria-now-printed-ship = cast the printed Astral Ship ({ $example })
pandoria-now-either = { $first } or { $last }
pandoria-now-any = { $rest }, or { $last }
pandoria-now-halfling-spell = cast a spell after building (spell 17) or pass
pandoria-now-combo-build = build card { $card } (build { $card } 3) or erect a monument (monument 3)
pandoria-now-choices = take the points (points) or a card (card)
pandoria-now-buy = buy a market card (buy 2) or pass
pandoria-now-elf-move = move a worker up to 2 spaces (move D7 E8) or pass
pandoria-now-poorhouse = choose the resource at 0 that becomes 2 (crystal, gold or wood)
pandoria-now-over = nothing: the game is over
pandoria-now-take = { $spell }: take a market card (take 2), { $left } left, or pass
pandoria-now-adopt = { $spell }: choose whose top spell to copy (adopt blue) or pass
pandoria-now-spell-place = { $spell }: place a figure (worker D7), { $left } left, or pass
pandoria-now-conjure = { $spell }: choose the resource that becomes { $value } (crystal, gold or wood)
pandoria-now-free-build = { $spell }: build a card for free (build 17 3), a monument (monument 3), or pass
pandoria-now-castle = { $spell }: place your castle (castle D7) or pass
pandoria-now-flee = { $spell }: take back a figure (retrieve D7) or pass to stop
pandoria-now-construct-build = { $spell }: build a card (build 17 3) or pass
pandoria-now-construct-monument = { $spell }: erect a monument (monument 3) or pass
pandoria-now-rage = { $spell }: choose a worker and the region it scores (rage D7 E8)
pandoria-now-teleport = { $spell }: move a figure (move D7 E8), { $left } left, or pass
pandoria-now-drawn-tile = { $spell }: place the drawn tile ({ $double ->
    [1] tile D7 E7
   *[other] single D7
}) or pass

## A ransom that asks for captives not held: what is, and the ransoms possible now.
pandoria-ransom-held = { $leader_free ->
        [1] your leader is not captive:{" "}
       *[other] {""}
    }{ $seat } holds { $workers } of your workers{ $leader ->
        [1] {" "}and your leader
       *[other] {""}
    } captive{ $asked ->
        [0] {""}
       *[other] , not { $asked }
    }{ $options }
pandoria-ransom-you-can = ; you can: { $options }

## Why a spell or the Elves cannot put or move a figure there.
pandoria-why-occupied = the space is occupied
pandoria-why-ship-in-lake = Astral Ship places a figure on a ship in a lake
pandoria-why-ship-enclosed = the ship is enclosed
pandoria-why-castle-just-placed = the figure goes on the castle just placed
pandoria-why-no-castles = spells never put figures on castles
pandoria-why-only-astral-ship = only Astral Ship puts figures on ships
pandoria-why-no-land = there is no land there
pandoria-why-region-closed = the region there is closed
pandoria-why-muster = Muster places figures next to your figures
pandoria-why-elf-land = a worker moves over land, not onto lakes or empty plain
pandoria-why-elf-foreign-castle = a worker never moves onto a foreign castle
pandoria-why-elf-closed = the space is in a closed region
pandoria-why-elf-blocked = no space between them can be crossed (foreign castles, lakes and empty plain block the way)
pandoria-why-elf-distance = a worker moves 1 or 2 spaces
pandoria-why-teleport-moved = that figure has moved already: Teleport moves two different figures
pandoria-why-elf-leader = the Elves move a worker, never the leader

## Refusals made of a sentence of their own (RulesError::NotPossible, MustChoose, Goblin,
## BadRansom) and their parts.
pandoria-tried-do-that = do that
pandoria-must-conjure = Conjure must set one of your resources to { $value }: choose crystal, gold or wood
pandoria-must-rage = Rage cannot be forgone while one of your workers touches a region closed this turn: choose it (rage D7 E8)
pandoria-no-such-seat = there is no seat { $seat }
pandoria-rage-no-region = : it touches no region closed this turn
pandoria-rage-name-region = ; name the region by { $regions } (rage { $worker } { $first })
pandoria-drawn-single = the drawn tile is a single tile: place it with "single D7"
pandoria-drawn-double = the drawn tile is a double tile: place it with "tile D7 E7"
pandoria-master-builder-no-wood = Master Builder builds for no wood

## What a payment is for ("Market 2:1 (card 12) in slot 3 costs 4 wood").
pandoria-pay-building = { $building } (card { $card }) in slot { $slot }
pandoria-pay-monument = a monument over slot { $slot }
pandoria-mountain-needs-artifacts = mountain castles come with the Artifacts expansion (option artifacts)
pandoria-mountain-placed = you have placed your mountain castle already
pandoria-mountain-not-exit = { $at } is not an exit path: a mountain castle covers an exit path on the rim
pandoria-mountain-blocked = the exit path { $at } is blocked already
pandoria-mountain-detached = the exit path { $at } touches no tile: place it next to the land
pandoria-mountain-closed = the region next to the exit path { $at } is closed or would be closed without the path
pandoria-mountain-nowhere = { $why }; no exit path takes it now
pandoria-mountain-allowed = { $why }; it may go on { $allowed }
pandoria-single-needs-artifacts = single tiles are drawn in step 1 only with the Artifacts expansion (option artifacts)
pandoria-no-single-left = no single tile is left
pandoria-no-gap = there is no gap of exactly one space next to the land
pandoria-not-a-gap = { $at } is not a gap of exactly one space: the single tile goes on { $gaps }
pandoria-relics-need-artifacts = relics come with the Artifacts expansion (option artifacts)
pandoria-relic-for = { $points } for { $cost }
pandoria-no-relic-left = no relic is left
pandoria-no-such-relic = there is no { $points }-point relic left: relics left (points for artifacts): { $left }
pandoria-relic-cost = the { $points }-point relic costs { $cost } artifacts; you have { $have }
pandoria-goblins-only = only the Goblins cast opponents' spells and occupy their buildings
pandoria-goblin-opponent = choose an opponent
pandoria-goblin-none-on = you have no goblin on { $seat }'s slot { $slot }
pandoria-goblin-no-spell = { $seat } has cast no spell
pandoria-goblin-no-building = { $seat }'s slot { $slot } shows no building
pandoria-goblin-occupied = a goblin already occupies { $seat }'s slot { $slot }
pandoria-goblin-no-figure = you have no figure in your reserve
pandoria-goblin-identical = you already control a { $building }: never two identical buildings
pandoria-pay-enough = you have { $have } to pay { $cost }; leave out "with { $with }"
pandoria-pay-market-short = , and your Market ({ $rate }:1) would need { $need } of another resource for the missing { $short }
pandoria-pay-with = "… with { $with }"
pandoria-pay-market-other = the Market pays the missing { $resource } with another resource
pandoria-pay-market-lacks = the missing { $short } cost { $need } at { $rate }:1 and you have { $have }
pandoria-tried-build-twice = build twice in one turn
pandoria-tried-before-realms = do that before everybody has a realm
pandoria-tried-family-monument = erect a monument in the family game
pandoria-tried-place-figure = place a figure
pandoria-tried-start-tile = place a start tile
pandoria-tried-another-tile = place another tile
pandoria-tried-play = play
pandoria-tried-retrieve = retrieve a figure
pandoria-haunt-not-removed = your { $leader ->
    [1] leader
   *[other] worker
} was not removed from the region
pandoria-start-touches-artifacts = nothing may touch the Artifacts start tile at the start: place the start tile elsewhere
pandoria-nothing-placed = nothing was placed this turn
pandoria-ransom-none = ransom at least one figure
pandoria-ransom-purse = each figure costs one resource and you have { $purse }
pandoria-ransom-none-left = { $seat } has no { $resource } left: take { $choices }
pandoria-no-cards = no cards
pandoria-card-number = { $card }
pandoria-halflings-only = only second-edition Halflings use a card's spell and building together
pandoria-mages-only = only second-edition Mages recast their last spell
pandoria-must-combo = you cast card { $card } to build it too: build it (build { $card } 3) or erect a monument (monument 3)
pandoria-deck-empty = the deck is empty: take the points
pandoria-must-poorhouse = the Poorhouse raises one of your resources at 0 to 2: choose which
pandoria-pay-spell = { $spell } (card { $card })
pandoria-pay-recast = recasting { $spell }
pandoria-pay-goblin-spell = { $spell } from { $seat }'s spells
pandoria-pay-occupy = { $building } in { $seat }'s slot { $slot }
pandoria-pay-market-card = market card { $pos } ({ $spell })
pandoria-pay-printed-ship = the printed Astral Ship onto { $ship }
pandoria-printed-ship-river = the printed Astral Ship is on the River side of the board, in games with crystals (board=river)
pandoria-ship-none = { $at } is no ship on the river
pandoria-ship-taken = the ship at { $at } is taken
pandoria-ship-enclosed = the ship at { $at } is enclosed
pandoria-ship-none-free = { $why }; no ship is free
pandoria-ship-free = { $why }; free ships: { $free }

## Prompts: what the decision waiting is about.
pandoria-prompt-realm = choose your realm
pandoria-prompt-start-tile = place a start tile
pandoria-prompt-place = place your tile or a castle
pandoria-prompt-single = place the single tile in a one-space gap
pandoria-prompt-figure = place a figure on it, retrieve one, or pass
pandoria-prompt-card = play a card as a spell or building, erect a monument, or pass
pandoria-prompt-relic = take a relic for your artifacts, or pass
pandoria-prompt-halfling-spell = cast a spell after building, or pass
# The public view's prompt where an expansion adds choices (view.rs).
pandoria-prompt-place-artifacts = place your tile, a castle or your mountain castle, or draw a single tile for a gap
pandoria-prompt-card-relic = play a card, erect a monument, take a relic, or pass
pandoria-prompt-spell-relic = cast a spell, take a relic, or pass
pandoria-prompt-card-river = play a card (or the printed Astral Ship), erect a monument, or pass
pandoria-prompt-effect = { $spell }: { $what }
pandoria-prompt-acquire = { $n ->
    [1] take a market card for free
   *[other] take up to { $n } market cards for free, one at a time
}
pandoria-prompt-adopt = choose the opponent whose top spell you cast
pandoria-prompt-astral-ship = choose a free ship for a figure
pandoria-prompt-muster = place a figure on a free space next to your figures
pandoria-prompt-conjure = choose the resource to set to { $n }
pandoria-prompt-master-builder = choose a building or monument to build without wood
pandoria-prompt-enchanted-castle = choose the space for a castle with your figure on it
pandoria-prompt-flee = take back a figure, or stop
pandoria-prompt-construct = choose a building and a monument to build
pandoria-prompt-clone = place a figure on any free space
pandoria-prompt-rage = choose the worker that counts more and its region
pandoria-prompt-teleport = choose a figure to move and where to
pandoria-prompt-terrain = choose where the extra tile goes
pandoria-prompt-combo-build = build the card you cast, or erect a monument
pandoria-prompt-choice = take the points or a card
pandoria-prompt-buy = buy a card or pass
pandoria-prompt-elf-move = move a worker up to 2 spaces, or pass
pandoria-prompt-haunt = haunt the player who removed your figures, or pass
pandoria-prompt-ransom = choose the resource you take for a ransomed captive
pandoria-prompt-golem = place a Golem on the tile just placed for 3 resources of its terrain, or pass
pandoria-prompt-poorhouse = choose which resource at 0 becomes 2
pandoria-prompt-round-buy = buy a card at the end of the round, or pass

## Setting a game up.
pandoria-setup-players = Pandoria is for 2 to 4 players, not { $players }
pandoria-setup-partnership = the partnership game is for 4 players (partners sit opposite), not { $players }
pandoria-setup-artifacts-river = the Artifacts expansion's start tile has its printed place on the Pandoria side only: play it with board=pandoria
pandoria-setup-same-chosen = realms=same_chosen needs the realm everybody plays, e.g. realm=elves
pandoria-setup-beginner-base = the beginner game plays the base realms' side A: leave realm_sets at base
pandoria-setup-too-few-realms = { $realms } realms for { $players } players: realms=random_unique needs one each
pandoria-setup-beginner-unique = the beginner game deals each realm's two cards, so every player needs a different realm: use realms=random_unique or realms=each_chooses
pandoria-setup-no-room = no room for the start tiles
pandoria-setup-side-b-only = the { $realm } have no side A and no realm cards: they play the standard game (mode=standard)

## Reading an action: what was not understood, and how to write it.
pandoria-sep-and = {" "}and{" "}
pandoria-parse-not-resource = "{ $word }" is not a resource: pay "with crystal", "with gold" or "with wood"
pandoria-parse-with-last = "with" comes last, followed by a resource: "… with gold"
pandoria-parse-not-number = "{ $word }" is not { $what } ({ $min }–{ $max })
pandoria-parse-what-relic = a relic's points
pandoria-parse-what-slot = a building slot
pandoria-parse-what-workers = a number of workers
pandoria-parse-what-market = a market card
pandoria-parse-not-card = "{ $word }" is not a card number (1–54) from your hand
pandoria-parse-empty = say what to play: { $verbs }
pandoria-parse-spaces = "{ $verb }" takes { $n ->
    [one] 1 space
   *[other] { $n } spaces
}, like "{ $example }"
pandoria-parse-nothing-after = "{ $verb }" takes nothing after it
pandoria-parse-hand-tile = "{ $mark }" is not a hand tile: "#1" (the default) or "#2"
pandoria-parse-tile = "{ $verb }" takes 2 spaces, like "tile D7 E7" (Dwarves: "tile2 D7 E7" for the second tile)
pandoria-parse-relic = "relic" names the relic by its points, like "relic 4"
pandoria-parse-haunt = "haunt" takes the figure that haunts: "haunt worker" or "haunt leader"
pandoria-parse-goblin = "goblin" names the opponent whose top spell you cast, like "goblin blue"
pandoria-parse-occupy = "occupy" names the opponent and the building's slot, like "occupy blue 3"
pandoria-parse-recall = "recall" names the opponent and the building's slot, like "recall blue 3"
pandoria-parse-ransom = "ransom" names the Hanbok player and what you take back, like "ransom red 2", "ransom red 1 leader" or "ransom red leader"
pandoria-parse-not-realm = "{ $name }" is not a realm: humans, dwarves, elves, mages, halflings, centaurs, fairies, goblins, golems, spirits, nymphs or hanbok
pandoria-parse-realm = say which realm, like "realm elves"
pandoria-parse-recast = "recast" casts your top spell again: nothing but "with …" after it
pandoria-parse-card = "{ $verb }" takes a card number, like "{ $lower } 17"
pandoria-parse-build = "build" takes a card number and a slot (1–5), like "build 17 3"
pandoria-parse-monument = "monument" takes the slot of the building it covers, like "monument 3"
pandoria-parse-buy = "buy" takes a market position (1–4), like "buy 2"
pandoria-parse-take = "take" takes a market position (1–4), like "take 2"
pandoria-parse-not-player = "{ $who }" is not a player: red, blue, yellow or green
pandoria-parse-adopt = "adopt" takes whose spell to copy, like "adopt blue"
pandoria-parse-unknown = unknown action "{ $verb }"; actions: { $verbs }
pandoria-parse-say-what = say what to play
pandoria-parse-unknown-verb = unknown action "{ $verb }"
pandoria-parse-nothing-now = { $what }; there is nothing to play now
pandoria-parse-now-forms = { $what }; now you can play: { $forms }
pandoria-parse-no-card-named = no card in your hand is called "{ $name }"; name it by its number
pandoria-parse-several-cards = "{ $name }" fits cards { $cards }: name one by its number
pandoria-parse-build-usage = "build" takes a card from your hand (its number or name) and a building slot 1–5, like "build 17 3" or "build shrine 3"{ $now }
pandoria-parse-build-nothing = ; nothing can be built now
pandoria-parse-buildable = { $building } (card { $card }) in slot { $slots }
pandoria-parse-build-now = ; you can build now: { $builds }
pandoria-number = { $n }

## Log lines: one per event (pandoria-log-*), and their parts.
pandoria-figure = { $seat }'s { $leader ->
        [1] leader
       *[other] worker
    }
pandoria-the-leader = the leader
pandoria-workers = { $n ->
        [one] 1 worker
       *[other] { $n } workers
    }
pandoria-points = { $n ->
        [one] 1 point
       *[other] { $n } points
    }
pandoria-nothing = nothing
pandoria-sep-plus = {" "}+{" "}
pandoria-sep-dot = ·
pandoria-card-named = card { $card } ({ $spell } / { $building })
pandoria-half = { $terrain } { $n }
pandoria-over = {" "}over { $building }
pandoria-log-start-tile = Start tile { $tile } placed at { $a }–{ $b }
pandoria-log-tile = { $seat } placed { $tile } at { $a }–{ $b }
pandoria-log-castle = { $seat } placed a castle at { $at }
pandoria-log-mountain-castle = { $seat } placed the mountain castle on the exit path { $at }
pandoria-log-single-drawn = { $seat } drew the single tile { $tile }
pandoria-log-single-placed = { $seat } placed the single tile { $tile } into the gap at { $at }
pandoria-log-artifacts = { $seat } took { $count ->
        [one] 1 artifact
       *[other] { $count } artifacts
    } from the region at { $region }
pandoria-log-relic = { $seat } exchanged { $cost ->
        [one] 1 artifact
       *[other] { $cost } artifacts
    } for the { $points }-point relic: { $scored ->
        [one] 1 point
       *[other] { $scored } points
    }
pandoria-log-sailed = The ship at { $from } is enclosed: { $figure } sails downstream to { $to }
pandoria-log-sailed-home = The ship at { $from } is enclosed and no ship downstream is free: { $figure } goes back to the reserve
pandoria-log-printed-ship = { $seat } cast the printed Astral Ship onto the ship at { $at } for { $paid }
pandoria-log-ship-discount = The ship at { $at } gives { $seat } { $crystals } back (its discount)
pandoria-log-could-not-place = { $seat } could place neither tile nor castle
pandoria-log-figure-from = { $figure } from { $at }
pandoria-log-back-to-reserve = ; back to reserve: { $who }
pandoria-log-captured = ; captured by { $seat } (Hanbok): { $who }
pandoria-log-closed = The { $terrain } at { $at } is closed ({ $spaces ->
        [one] 1 space
       *[other] { $spaces } spaces
    }, { $symbols ->
        [one] 1 symbol
       *[other] { $symbols } symbols
    }){ $back }{ $taken }
pandoria-log-haunted = { $seat }'s { $leader ->
        [1] leader
       *[other] worker
    } (Spirits of the Ancients) haunts { $victim }: it goes out with { $victim }'s next figure
pandoria-log-haunt-placed = { $seat }'s haunting { $leader ->
        [1] leader
       *[other] worker
    } went onto { $at } with { $victim }'s figure
pandoria-log-spirit-returned = { $seat }'s haunting { $leader ->
        [1] leader
       *[other] worker
    } on { $at } went back to the reserve ({ $why })
pandoria-spirit-host-taken-back = its host was taken back
pandoria-spirit-taken-back = taken back
pandoria-spirit-host-sailed = its host sailed
pandoria-spirit-host-moved = its host moved
pandoria-log-ransomed = { $payer } ransomed { $what } from { $hanbok } (Hanbok)
pandoria-log-ransom-paid = { $hanbok } took { $what } from { $payer }
pandoria-log-figure-placed = { $seat } placed a { $leader ->
        [1] leader
       *[other] worker
    } on { $at }
pandoria-log-figure-retrieved = { $seat } took back a { $leader ->
        [1] leader
       *[other] worker
    } from { $at }
pandoria-log-passed = { $seat } placed no figure
pandoria-log-nobody-scores = Nobody scores the { $terrain } at { $at }: no figure next to it
pandoria-log-scored = Scored the { $terrain } at { $at }: { $parts }
pandoria-log-score-part = { $seat } { $amount } ({ $symbols } × { $figures }{ $bonus })
pandoria-log-bonus = {" "}+ { $n }
pandoria-log-realm-bonus = {" "}+ { $n } { $realm }
pandoria-log-points = { $n } points
pandoria-log-golem = { $seat } placed a Golem ({ $leader ->
        [1] leader
       *[other] worker
    }) on { $at } for { $paid }
pandoria-log-forced-out = { $seat } ({ $realm }) gains { $what }: { $n ->
        [one] 1 figure
       *[other] { $n } figures
    } forced out of the { $terrain } at { $at }
pandoria-log-realm = { $seat } plays the { $realm }
pandoria-log-goblin-spell = { $seat } (Goblins) cast { $spell } from { $owner }'s spells (card { $card }) for { $paid }
pandoria-log-occupied = { $seat } (Goblins) put a { $leader ->
        [1] leader
       *[other] worker
    } on { $owner }'s { $building } (slot { $slot }) for { $paid }
pandoria-log-goblin-returned = { $seat }'s { $leader ->
        [1] leader
       *[other] worker
    } came back from { $owner }'s slot { $slot } ({ $why })
pandoria-goblin-recalled = recalled
pandoria-goblin-overbuilt = overbuilt
pandoria-goblin-covered = covered by a monument
pandoria-log-for = {" "}for { $paid }
pandoria-log-recast = { $seat } cast { $spell } again{ $cost }
pandoria-log-spell = { $seat } cast { $spell } (card { $card }){ $cost }
pandoria-log-adopted = { $seat } adopted { $from }'s { $spell }
pandoria-log-forgone = { $seat } used no more of { $spell }
pandoria-log-built = { $seat } built { $building } (card { $card }) in slot { $slot }{ $over } for { $paid }
pandoria-log-monument = { $seat } erected a { $value }-point monument over { $covered } in slot { $slot } for { $paid }
pandoria-log-bought = { $seat } bought { $card } for { $paid }
pandoria-log-taken = { $seat } took { $card } for free
pandoria-log-market-refilled = New in the market: { $card } ({ $left } cards left)
pandoria-log-card-drawn = { $seat } drew a card ({ $left } left)
pandoria-log-resource-set = { $by } set { $seat }'s { $resource } to { $value }
pandoria-log-points-scored = { $seat } scored { $points ->
        [one] 1 point
       *[other] { $points } points
    } ({ $why })
pandoria-log-converted = { $seat } went { $surplus } over { $camp }: { $points ->
        [one] 1 point
       *[other] { $points } points
    }, { $lost } lost
pandoria-log-raged = The worker on { $worker } counts { $times } times for the region at { $region }
pandoria-log-moved = { $figure } moved from { $from } to { $to }
pandoria-log-spell-tile-drawn = { $seat } drew the tile { $tile }
pandoria-log-spell-tile-placed = { $seat } placed { $tile } at { $at }
pandoria-log-spell-tile-boxed = The tile { $tile } goes back to the box
pandoria-log-chose-card = { $seat } drew a card instead of { $points ->
        [one] 1 point
       *[other] { $points } points
    } for the region at { $region }
pandoria-log-chose-points = { $seat } took { $points ->
        [one] 1 point
       *[other] { $points } points
    } for the region at { $region }
pandoria-log-tile-drawn = { $seat } drew a tile ({ $left } left)
pandoria-log-last-round = { $seat } could not draw a tile: this round is the last
pandoria-log-rank = { $rank }. { $seat } { $score }
pandoria-log-game-over = Game over: { $ranking }. { $winners } { $n ->
        [one] wins
       *[other] share the win
    }
pandoria-log-final = Final scoring: { $seat } { $cards } for hand cards{ $captives }{ $resources }
pandoria-log-final-captives = , { $n } for captives
pandoria-log-final-resources = , { $crystals } for crystals, { $gold } for gold, { $wood } for wood ({ $left ->
        [one] 1 resource
       *[other] { $left } resources
    } left)

## Action labels (buttons and select options): what an action does, then " — " and what it
## costs. Shorter wordings (…-short) are used when the full one is over 80 characters.
pandoria-free = free
pandoria-sep-middot = {" "}·{" "}
pandoria-both-sides = { $spell } / { $building }
pandoria-title-crystal = Crystals
pandoria-title-gold = Gold
pandoria-title-wood = Wood
pandoria-label-cost = {" "}— { $cost }
pandoria-label-figure = { $leader ->
        [1] Leader
       *[other] Worker
    }
pandoria-your-leader = your leader
pandoria-the-top-spell = the top spell
pandoria-the-building = the building
pandoria-region = region
pandoria-label-card = {" "}(card { $card })
pandoria-label-twin = {" "}({ $name } card)
pandoria-label-start = Start tile on { $a }–{ $b }: { $halves }
pandoria-label-drawn-tile = Drawn tile on { $a }–{ $b }: { $halves }
pandoria-label-which-tile = { $n ->
        [0] Tile
       *[other] Tile { $n }
    }
pandoria-label-tile = { $which } on { $a }–{ $b }: { $halves }
pandoria-label-tile-bare = { $which } on { $a }–{ $b }
pandoria-label-single = Single tile on { $at }: { $halves }
pandoria-label-single-bare = Single tile on { $at }
pandoria-label-path = {" "}({ $terrain } path)
pandoria-label-mountain-castle = Mountain castle
pandoria-label-enchanted-mountain-castle = Enchanted mountain castle
pandoria-label-mountain = { $how } on the exit path { $at }{ $path }
pandoria-label-mountain-short = { $how } on { $at }{ $path }
pandoria-label-ship-discount = {" "}(ship −{ $n })
pandoria-label-ship = Astral Ship printed on the board: a worker onto the ship at { $at }{ $cost }{ $discount }
pandoria-label-ship-short = Printed Astral Ship to { $at }{ $cost }
pandoria-label-draw-single = Draw a single tile for a one-space gap (no tile drawn after)
pandoria-label-draw-single-short = Draw a single tile for a gap
pandoria-relic-worth = { $scored } points
pandoria-relic-worth-doubled = { $scored } points ({ $points } doubled)
pandoria-label-relic = Relic worth { $worth } — { $cost } artifacts
pandoria-label-relic-short = Relic { $points } — { $cost } artifacts
pandoria-label-castle = Castle on { $at }
pandoria-label-enchanted-castle = Enchanted Castle on { $at }
pandoria-label-golem = { $second ->
        [1] Second Golem
       *[other] Golem
    } ({ $leader ->
        [1] leader
       *[other] worker
    }) on { $at }{ $land }{ $cost }
pandoria-label-goblin-spell = Cast { $spell } from { $owner }'s spells{ $cost }
pandoria-label-occupy = Occupy { $owner }'s { $building } (slot { $slot }) with a goblin{ $cost }
pandoria-label-occupy-short = Occupy { $owner }'s { $building }{ $cost }
pandoria-label-haunt = Haunt { $victim } with your removed { $leader ->
        [1] leader
       *[other] worker
    }
pandoria-label-haunt-short = Haunt with your { $leader ->
        [1] leader
       *[other] worker
    }
pandoria-label-recall = Take back your goblin from { $owner }'s slot { $slot }
pandoria-label-ransom = Ransom { $what } from { $from } — { $n ->
        [one] 1 resource
       *[other] { $n } resources
    } of their choice
pandoria-label-ransom-short = Ransom { $what }
pandoria-label-ransom-take = Take { $what } from { $payer }
pandoria-label-retrieve = Take back your { $leader ->
        [1] leader
       *[other] worker
    } from { $at }
pandoria-label-move = Move { $leader ->
        [1] leader
       *[other] worker
    } { $from } → { $to }{ $land }
pandoria-label-to-own-castle = { $kind } to your castle at { $at }
pandoria-label-to-castle = { $kind } to { $owner }'s castle at { $at }
pandoria-label-to-ship = { $kind } to the ship at { $at }
pandoria-label-to = { $kind } to { $at }{ $land }
pandoria-land-terrain = {" "}({ $terrain }, { $gives })
pandoria-land-own-castle = {" "}(your castle)
pandoria-land-castle = {" "}({ $owner }'s castle)
pandoria-land-ship = {" "}(ship)
pandoria-label-realm = Play the { $realm } — start with { $start }
pandoria-label-realm-short = Play the { $realm }
pandoria-label-cast = Cast { $spell }{ $twin }{ $cost }
pandoria-label-both = Cast { $spell }, then build its { $building } or a monument — { $cost }
pandoria-label-both-short = Cast { $spell }, then build its { $building } — { $cost }
pandoria-label-recast-top = Recast your top spell
pandoria-label-recast = Recast { $spell } — { $cost }
pandoria-label-build = Build { $building } in slot { $slot }{ $over }{ $twin } — { $cost }
pandoria-label-monument = Erect { $value ->
        [0] monument
       *[other] { $value }-point monument
    }{ $over } in slot { $slot } — { $cost }
pandoria-label-buy-bare = Buy market card { $pos }
pandoria-label-buy = Buy market card { $pos }: { $card } — { $cost }
pandoria-label-take = Take market card { $pos }: { $card } (free)
pandoria-label-take-bare = Take market card { $pos } (free)
pandoria-label-adopt = Adopt { $seat }'s { $spell }
pandoria-label-adopt-top = Adopt { $seat }'s top spell
pandoria-label-conjure = { $resource } to { $value } (now { $have })
pandoria-label-poorhouse = { $resource } from { $have } to 2 (Poorhouse)
pandoria-label-rage = Worker on { $worker } counts ×{ $times } for the { $terrain } at { $region } ({ $symbols ->
        [one] 1 symbol
       *[other] { $symbols } symbols
    })
pandoria-label-rage-short = Worker on { $worker } counts ×{ $times } for the { $terrain } at { $region }
pandoria-label-rage-region = Worker on { $worker } counts ×{ $times } for the region at { $region }
pandoria-label-keep-points = Keep the points
pandoria-label-draw-card = Draw a card instead of the points
pandoria-label-keep = Keep { $points } for the { $terrain } at { $at }
pandoria-label-draw-instead = Draw a card instead of { $points } for the { $terrain } at { $at }
pandoria-pass = Pass
pandoria-pass-haunt = Pass (haunt nobody)
pandoria-pass-figure = Pass (no figure)
pandoria-pass-card = Pass (no card, no monument)
pandoria-pass-relic = Pass (no relic)
pandoria-pass-spell = Pass (no spell)
pandoria-pass-take-more = Pass (take no more cards)
pandoria-pass-take = Pass (take no card)
pandoria-pass-adopt = Pass (adopt no spell)
pandoria-pass-castle-figure = Pass (no figure on the castle)
pandoria-pass-place-more = Pass (place no more figures)
pandoria-pass-place = Pass (place no figure)
pandoria-pass-build = Pass (build nothing)
pandoria-pass-castle = Pass (no castle)
pandoria-pass-flee = Pass (take back no more figures)
pandoria-pass-monument = Pass (no monument)
pandoria-pass-move-more = Pass (move no more figures)
pandoria-pass-move = Pass (move no figure)
pandoria-pass-tile = Pass (the tile goes back to the box)
pandoria-pass-buy = Pass (buy nothing)
pandoria-pass-elf = Pass (no move)
pandoria-pass-golem = Pass (no Golem)

## Layouts: the first pick of a decision with many choices, its groups and their descriptions.
pandoria-pick-castle-space = Choose a space for the castle
pandoria-pick-tile-space = Choose a space for your tile
pandoria-pick-figure = Choose the figure to move
pandoria-pick-card = Choose a card to play
pandoria-layout-placements = { $n ->
        [one] 1 tile placement
       *[other] { $n } tile placements
    }
pandoria-layout-a-castle = a castle
pandoria-layout-near-figure = {" "}· next to your { $leader ->
        [1] leader
       *[other] worker
    } on { $at }
pandoria-layout-near-figures = {" "}· next to your figures
pandoria-layout-move-own = Move your { $leader ->
        [1] leader
       *[other] worker
    } on { $at }
pandoria-layout-move-other = Move { $seat }'s { $leader ->
        [1] leader
       *[other] worker
    } on { $at }
pandoria-layout-move-the = Move the worker on { $at }
pandoria-layout-destinations = { $n ->
        [one] 1 destination
       *[other] { $n } destinations
    }
pandoria-layout-cast = cast { $spell }
pandoria-layout-build = build { $building } in slot { $slots }
pandoria-layout-card = Card { $card }: { $spell } / { $building }
pandoria-layout-card-short = Card { $card }: { $spell }
pandoria-layout-monument = Erect a monument
pandoria-layout-ways = { $n ->
        [one] 1 way
       *[other] { $n } ways
    }

## Scenario fixtures (the `fix` keys that set up a position before the first action).
pandoria-bad-hex = "{ $word }" is not a space on the board: use a column A–P and a row 0–13, like D7
pandoria-fix-late = fixtures must come before the first action
pandoria-fix-needs-seat = "{ $key }" needs a seat number
pandoria-fix-needs-hex = "{ $key }" needs a hex
pandoria-fix-needs = "{ $key }" needs { $what }
pandoria-fix-what-amounts = a seat and three amounts (crystal gold wood)
pandoria-fix-what-slot-card = a seat, a slot (1–5) and a card
pandoria-fix-what-slot = a seat and a slot (1–5)
pandoria-fix-what-artifacts = a number of artifacts
pandoria-fix-needs-number = "{ $key }" needs a number
pandoria-fix-not-tile-id = "{ $word }" is not a tile id
pandoria-fix-not-double = { $word } is not a double tile id (1–48; 59–70 with Artifacts)
pandoria-fix-not-single = { $word } is not a single tile id (51–58; 71–76 with Artifacts)
pandoria-fix-not-card-id = "{ $word }" is not a card id
pandoria-fix-not-card = { $word } is not a card id (1–54)
pandoria-fix-economy = "{ $key }" needs the standard or beginner game (option mode=standard)
pandoria-fix-needs-cards = "{ $key }" needs a game with cards
pandoria-fix-hands = "hands" needs one tile id per seat ({ $players })
pandoria-fix-tiles = "tiles N A [B]" names one or two tiles
pandoria-fix-stack-empty = the stack is empty
pandoria-fix-named-twice = tile { $tile } is named twice
pandoria-fix-tile-elsewhere = tile { $tile } is in a hand or on the board
pandoria-fix-tile-on-board = tile { $tile } is already on the board
pandoria-fix-stack-only = the stack has only { $n } tiles
pandoria-fix-no-castle-left = that seat has no castle left
pandoria-fix-cannot-stand = a figure cannot stand on { $at }
pandoria-fix-leader-placed = that leader is already on the board
pandoria-fix-no-worker-left = that seat has no worker left
pandoria-fix-realms = "realms" needs one realm per seat ({ $players })
pandoria-fix-not-realm = "{ $word }" is not a realm (humans, dwarves, elves, mages, halflings)
pandoria-fix-realm-twice = { $realm } twice: the beginner game needs different realms
pandoria-fix-resources-range = resources are 0–10
pandoria-fix-market-size = the market shows at most 4 cards
pandoria-fix-deck-only = the deck has only { $n } cards
pandoria-fix-slots = slots are 1–5
pandoria-fix-slot-monument = slot { $slot } holds a monument
pandoria-fix-slot-empty = slot { $slot } has no building to cover
pandoria-fix-not-monument-value = "{ $word }" is not a monument value
pandoria-fix-no-monument-value = no monument of value { $value } is left
pandoria-fix-monument-range = "{ $word }" is not a monument value (3–6)
pandoria-fix-score = "score" needs a seat and points
pandoria-fix-single-missing = single tile { $tile } is not in the stack
pandoria-fix-artifacts = "artifacts" needs the Artifacts expansion (option artifacts=true)
pandoria-fix-artifacts-pool = only { $n } artifacts are off the board
pandoria-fix-unknown = unknown fixture "{ $key }"; fixtures: { $fixtures }
pandoria-fix-card-placed = card { $card } is on a tableau or a spell pile already

## Options of a table (/new, the lobby, the terminal)
pandoria-option-mode = Game
pandoria-option-mode-family = Family game
pandoria-option-mode-family-spells = Family game with spells
pandoria-option-mode-beginner = Beginner game
pandoria-option-mode-standard = Standard game
pandoria-option-realms = Realms
pandoria-option-realms-random-unique = a different one each, at random
pandoria-option-realms-random-not-unique = each at random, repeats allowed
pandoria-option-realms-same-random = one random realm for everybody
pandoria-option-realms-same-chosen = the chosen realm for everybody
pandoria-option-realms-each-chooses = each player chooses
pandoria-option-realm-sets = Realm sets
pandoria-option-realm-sets-base = the five base realms
pandoria-option-realm-sets-base-promo = base and promo realms
pandoria-option-realm-sets-expansion = the Realms expansion
pandoria-option-realm-sets-base-expansion = base and Realms expansion
pandoria-option-realm-sets-expansion-promo = Realms expansion and promo
pandoria-option-realm-sets-all = all twelve realms
pandoria-option-realm = Realm for everybody
pandoria-option-realm-humans = Humans
pandoria-option-realm-dwarves = Dwarves
pandoria-option-realm-elves = Elves
pandoria-option-realm-mages = Mages
pandoria-option-realm-halflings = Halflings
pandoria-option-realm-centaurs = Centaurs (Realms expansion)
pandoria-option-realm-fairies = Fairies (Realms expansion)
pandoria-option-realm-goblins = Goblins (Realms expansion)
pandoria-option-realm-golems = Golems (Realms expansion)
pandoria-option-realm-spirits = Spirits of the Ancients (Realms expansion)
pandoria-option-realm-nymphs = Nymphs (promo)
pandoria-option-realm-hanbok = Hanbok (promo)
pandoria-option-edition = Edition
pandoria-option-edition-yucata = Yucata (first edition)
pandoria-option-edition-second = second printed edition
pandoria-option-start-tiles = Start tiles
pandoria-option-start-tiles-marked = on the marked spaces
pandoria-option-start-tiles-random = anywhere on the plain, at random
pandoria-option-start-tiles-chosen = placed by the start player
pandoria-option-start-apart = Start tiles apart
pandoria-option-start-apart-off = no start tiles apart
pandoria-option-partnership = Partnership (4 players)
pandoria-option-partnership-off = no partnership (4 players)
pandoria-option-artifacts = Artifacts expansion
pandoria-option-artifacts-off = no artifacts expansion
pandoria-option-board = Board
pandoria-option-board-pandoria = Pandoria side (lakes)
pandoria-option-board-river = River side

## /help and /rules (issue 30, helper REF): the rules in brief with the notation, and
## the help topics (reference.rs topics(): pandoria-topic-<key>-title and pandoria-topic-<key>).
pandoria-help =
    Pandoria: lay land tiles, place workers and close regions for points.
    A turn: 1. place your hand tile (or a castle); 2. a worker or your leader on it (or pass); 3. closed regions score for whoever has most figures next to them; 4. standard game: cast a spell or build from your hand; 5. draw a new tile.
    Notation (A–P × 0–13): `tile D7 E7` places the hand tile (first half on D7), `castle D7`, `worker D7`, `leader D7`, `retrieve D7`, `spell 17`, `build 17 3` (slot 3), `monument 3`, `buy 2`, `pass`; Artifacts `mountain A9`, `single`, `relic 4`; River `ship H7`.
pandoria-topic-turn-title = A turn
pandoria-topic-turn =
    1. **Place** your hand tile next to land (or a castle instead). A region whose every side is now blocked — by other terrain, lakes, castles or the rim — is **closed**, unless an exit path of its own terrain touches it; figures in a closed region go home.
    2. **Figure**: put a worker on the tile or castle you just placed (the leader only once your workers are all out), or take one of your figures back, or neither.
    3. **Card**: cast a hand card's spell (pay crystals), build its building in one of your five slots (pay wood), or raise a monument.
    4. **Score** the regions closed this turn, then **buy** one market card if you closed one.
    5. Draw a new tile (not after placing a castle).
pandoria-topic-scoring-title = Scoring
pandoria-topic-scoring =
    Everyone with a figure next to a closed region scores it, whoever closed it: for each figure (the leader counts 2) you get one of the region's resource per symbol — wood from forest, crystals from mountains, gold from hills — or points from a city. Buildings add to this (Saw Mills, Towers, Treasuries, the Statue). Your camp holds 10 of each resource: what goes over turns into 1 point for every 3 (a visible Lumberyard, Repository or Vault gives a better rate) and the rest is lost.
pandoria-topic-market-title = Cards and the market
pandoria-topic-market =
    Every card has two halves: a spell (one-off, paid in crystals, then it lies on your spell pile) and a building (lasting, paid in wood, in one of your five slots). Building over an old building costs the difference, at least 1 wood; you never show two identical buildings. Four cards lie face up in the market: after closing a region you may buy one for its gold price, and the market is refilled. `/card` explains any spell or building.
pandoria-topic-monuments-title = Monuments
pandoria-topic-monuments =
    Instead of a spell or building you may cover one of your buildings with the top monument: it costs 8 wood minus the covered building's cost (at least 1) and scores its points at once. The stack runs from the highest values down; a monument is never covered again.
pandoria-topic-end-title = The end
pandoria-topic-end =
    When a player places a tile from hand and no tile is left to draw, the round is played to its end and the game is over. Each hand card is worth 1 point, and every 3 of a resource 1 point (or the better rate of a visible Lumberyard, Repository or Vault). Ties go to whoever has more resources left.
pandoria-topic-modes-title = Modes
pandoria-topic-modes =
    {"*"}*Family**: no realms, cards, buildings or monuments; every symbol of a closed region is a point, and anyone may place the leader at any time.
    {"*"}*Family with spells**: as family, with a deck of the figure spells; one spell per turn, and at each scoring you may draw a card instead of the points.
    {"*"}*Beginner**: realm side A without abilities; you start with your realm's two cards and the one marked A already built.
    {"*"}*Standard**: realm side B with its ability and four random cards. `/realm` explains each realm.
pandoria-topic-expansions-title = Expansions and editions
pandoria-topic-expansions =
    {"*"}*Realms** (option realm_sets): the Centaurs, Fairies, Goblins, Golems and Spirits of the Ancients, and the promo Nymphs and Hanbok, each with its own ability (`/realm`).
    {"*"}*Artifacts**: tiles that carry artifacts to the player who closes their region, relics bought with artifacts, a mountain castle that blocks an exit path, and single tiles for one-space gaps (`/card relic`).
    {"*"}*River board** (board=river): a river splits the plain; ships sail downstream when enclosed, and an Astral Ship printed on the board can be cast instead of a card.
    {"*"}*Second edition** (edition=second): new start values and new abilities for the Mages and the Halflings.

## The reference's words for /card and /realm (issue 30, helper REF; reference.rs entries()).
pandoria-ref-kind-spell = spell
pandoria-ref-kind-building = building
pandoria-ref-kind-monument = monument
pandoria-ref-kind-artifacts = Artifacts expansion
pandoria-ref-kind-river = River board
# A realm's kind with its set: "realm (base game)".
pandoria-ref-kind-realm = realm ({ $set })
pandoria-ref-set-base = base game
pandoria-ref-set-expansion = Realms expansion
pandoria-ref-set-promo = promo
# The crystal costs of a spell's cards: "2 or 3".
pandoria-ref-spell-facts = { $costs } crystals on its cards
pandoria-ref-building-facts = { $costs } wood on its cards
pandoria-ref-monument-facts = worth { $points } points
pandoria-ref-realm-facts = starts with { $crystals ->
    [one] 1 crystal
   *[other] { $crystals } crystals
}, { $gold } gold, { $wood } wood
# A realm whose ability the second edition changes: both, the second on its own line.
pandoria-ref-second-edition =
    { $first }
    Second edition: { $second }
# A seat's realm as it reads after "plays": "the Elves".
pandoria-ref-role = the { $realm }
