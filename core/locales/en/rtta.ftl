# Roll Through the Ages' words in English: prompts, refusals, log lines, choice labels.
# Ids start with `rtta-`; variables are named like the Rust arguments.
# Names of goods, monuments, developments and disasters come from the data
# (assets/rtta/components.json, English and German), not from here.

## Pieces several messages use.
rtta-coins = { $n ->
    [one] 1 coin
   *[other] { $n } coins
}
rtta-workers = { $n ->
    [one] 1 worker
   *[other] { $n } workers
}
rtta-food = food
rtta-cities = cities
rtta-you = you
rtta-yourself = yourself
rtta-seat = seat { $n }
rtta-nothing = nothing
rtta-the-monument = the { $monument }
# A die's number in a list of dice ("2, 3 and 5").
rtta-die-number = { $n }
# "die 3", "dice 2 and 5".
rtta-dice = { $n ->
    [one] die
   *[other] dice
} { $dice }
# "3 wood", "1 food": a count of a good or of food.
rtta-count = { $n } { $what }
# Separators of lists that are not sentences: "2 goods + skull, 3 food"; "7 coins + cloth 4".
rtta-plus = {" "}+{" "}

## The faces of the die: what each gives (rtta-face-<face>), and in one word for lists of
## dice (rtta-short-face-<face>).
rtta-face-good = 1 good
rtta-face-food = 3 food
rtta-face-skull = 2 goods + skull
rtta-face-choice = 2 food or 2 workers
rtta-face-coins = 7 coins
rtta-face-workers = 3 workers
rtta-short-face-good = good
rtta-short-face-food = food
rtta-short-face-skull = skull
rtta-short-face-choice = food/workers
rtta-short-face-coins = coins
rtta-short-face-workers = workers
# "2× 3 workers": how many dice show a face.
rtta-faces-times = { $n }× { $face }
rtta-no-dice = no dice

## A resource's track with a capital, for group labels (rtta-track-<good id or food>).
rtta-track-wood = Wood
rtta-track-stone = Stone
rtta-track-pottery = Pottery
rtta-track-cloth = Cloth
rtta-track-metal = Metal
rtta-track-food = Food

## Prompts: what the player to act must do.
rtta-prompt-roll = reroll dice or keep them ({ $rerolls ->
    [one] 1 reroll
   *[other] { $rerolls } rerolls
} left)
rtta-prompt-leadership = reroll one die with Leadership or keep the dice
rtta-prompt-choose = choose food or workers for { $dice }
rtta-prompt-trade = trade (give, get, offer) or say done
rtta-prompt-answer = accept or decline the offer made to you
rtta-prompt-build = place { $workers } on cities and monuments or say done
rtta-prompt-buy = buy a development ({ $coins } coins from dice) or say done
rtta-prompt-discard = discard { $excess } goods

## Refusals: what was wrong, then what is allowed now.
rtta-now = now { $seat } must { $kind }: { $examples }
rtta-refuse-wrong-step = "{ $action }" is not possible now; { $now }
rtta-refuse-no-such-component = there is no { $what }; { $now }
rtta-refuse-no-such-die = there is no die { $die }: { $dice } dice were rolled; { $now }
rtta-refuse-skull-locked = die { $die } shows a skull, and skulls may not be rerolled; { $now }
rtta-refuse-nothing-to-reroll = no die to reroll was named; { $now }
rtta-refuse-leadership-one-die = Leadership rerolls exactly one die, not { $asked }; { $now }
rtta-refuse-not-a-choice-die = die { $die } does not show "{ rtta-face-choice }"; { $now }
rtta-refuse-zero = { $what } needs at least 1; { $now }
rtta-refuse-not-enough-workers = you have { $available ->
    [one] 1 worker
   *[other] { $available } workers
} left, not { $asked }; { $now }
rtta-refuse-too-many-workers = the { $target } needs only { $needs } more workers, not { $asked }; { $now }
rtta-refuse-all-cities-built = all your cities are built; { $now }
rtta-refuse-monument-completed = you have already completed the { $monument }; { $now }
rtta-refuse-monument-not-in-play = the { $monument } is not used with { $players } players; { $now }
rtta-refuse-missing-development = you do not have { $development }; { $now }
rtta-refuse-not-enough = you have { $have } { $what }, not { $asked }; { $now }
rtta-refuse-already-owned = you already have { $development }; { $now }
rtta-refuse-cannot-afford = { $development } costs { $cost } coins, and that would give you only { $available }; { $now }
rtta-refuse-nothing-to-sell = you have no { $good } to sell; { $now }
rtta-refuse-discard-too-many = you need to discard only { $excess } more goods, not { $asked }; { $now }
rtta-refuse-bad-partner = you cannot trade with { $seat }; { $now }
rtta-refuse-empty-offer = the offer gives and asks for nothing yet; { $now }
rtta-refuse-both-sides = { $what } is already on the other side of the offer; { $now }
rtta-refuse-unchanged = the offer already says { $count } { $what }; { $now }
rtta-refuse-nobody-has = no other player has { $count } { $what }; { $now }
rtta-refuse-partner-lacks = { $partner } has only { $have } { $what }; { $now }
rtta-refuse-no-room = { $who } can take only { $room } more { $what }; { $now }
# What needs at least 1 (rtta-refuse-zero).
rtta-zero-building = building
rtta-zero-selling-food = selling food
rtta-zero-discarding = discarding
# A component an action built by hand names that does not exist (rtta-refuse-no-such-component).
rtta-unknown-good = good number { $n }
rtta-unknown-monument = monument number { $n }
rtta-unknown-development = development number { $n }
rtta-unknown-goods-set = goods set { $n }

## Reading an action: what was not understood, and how to write it.
rtta-parse-forms = actions are: reroll 1 3, keep 2, reroll, done, workers 2 5, food, build city 3, build obelisk 2, engineering 1, granaries 2, buy agriculture sell metal cloth, discard cloth 1, give wood 3, get stone 2, offer 2, accept, decline
rtta-parse-empty = nothing to read; { rtta-parse-forms }
rtta-parse-not-an-action = "{ $verb }" is not an action; { rtta-parse-forms }
rtta-parse-no-more = "{ $verb }" takes nothing after it; write "{ $form }"
rtta-parse-keep = say which dice to keep ("keep 1 3" rerolls the others), or "done" to keep them all
rtta-parse-build-what = say what to build: "build city 3" or "build obelisk 2"
rtta-parse-no-target = there is nothing called "{ $name }" to build; build city or one of: { $monuments }
rtta-form-engineering = engineering 2 (stone to spend)
rtta-form-granaries = granaries 2 (food to sell)
rtta-parse-write = write "{ $form }"
rtta-parse-number-write = { $error }; write "{ $form }"
rtta-parse-buy-which = say which development: buy agriculture; developments: { $developments }
rtta-parse-no-development = there is no development "{ $name }"; developments: { $developments }
rtta-parse-not-a-good = "{ $word }" is not a good; goods: { $goods }
rtta-parse-sold-twice = { $good } is sold twice
rtta-parse-sell-form = after the development comes "sell" and whole goods tracks, e.g. "buy { $development } sell wood stone"
rtta-parse-discard-form = write "discard cloth 1" (a good and how many)
rtta-parse-trade-form = write "{ $verb } wood 3" (a good or food, and how many; 0 takes it out of the offer)
rtta-parse-not-a-resource = "{ $word }" is neither a good nor food; goods: { $goods }
rtta-parse-offer-form = write "offer 2" (the seat number or colour to offer to)
rtta-parse-seats-from-1 = seats count from 1
rtta-parse-not-a-seat = "{ $word }" is not a seat; name it by number (1–{ $seats }) or colour
rtta-parse-not-a-number = "{ $word }" is not a number from 0 to 255
rtta-parse-not-a-die = "{ $word }" is not a die number (dice are numbered 1 to { $max })
rtta-parse-no-die = there is no die { $n }; dice are numbered 1 to { $max }
rtta-parse-die-twice = die { $n } is named twice

## Setting a game up, and the fixtures of scenarios.
rtta-setup-broken-data = the Roll Through the Ages data is broken: { $error }
rtta-setup-players = Roll Through the Ages is for 1 to 4 players (1 is the solo game), not { $players }
rtta-setup-trade-solo = the trade variant needs at least 2 players
rtta-fix-late = fixtures come before the first action
rtta-fix-usage = fixtures: start-player N, dice F F … (faces 1–6 or good food skull choice coins workers), food S N, goods S wood N stone N …, developments S name …, cities S N, monument S name N, disasters S N, round N; not "{ $key }"
rtta-fix-not-a-seat = "{ $word }" is not a seat; seats are 1 to { $seats }
rtta-fix-missing = { $what } is missing
rtta-fix-number = { $what } must be a number from 0 to { $max }, not "{ $word }"
rtta-fix-the-round = the round
rtta-fix-disasters = disasters
rtta-fix-workers = workers
rtta-fix-not-a-face = "{ $word }" is not a die face: 1 good, 2 food, 3 skull, 4 choice, 5 coins, 6 workers
rtta-fix-round-from-1 = rounds count from 1
rtta-fix-few-cities = a player has at least { $low } cities
rtta-fix-not-a-good = "{ $word }" is not a good
rtta-fix-not-a-development = "{ $word }" is not a development
rtta-fix-not-a-monument = "{ $word }" is not a monument
rtta-fix-monument-not-in-play = the { $monument } is not used with { $players } players

## Log lines: what happened.
rtta-log-turn = Round { $round }: { $seat }'s turn
rtta-log-rolled = { $seat } rolled { $dice }
rtta-log-die-face = die { $die }: { $face }
rtta-log-rerolled = { $seat } rerolled { $which } — { $faces }; the dice now show { $dice }
rtta-log-rerolled-leadership = { $seat } rerolled { $which } with Leadership — { $faces }; the dice now show { $dice }
rtta-log-dice-final = { $seat }'s dice: { $dice }
rtta-log-chose-workers = { $seat } takes workers from { $workers ->
    [one] 1 die
   *[other] { $workers } dice
} showing "{ rtta-face-choice }"
rtta-log-chose-food = { $seat } takes food from { $food ->
    [one] 1 die
   *[other] { $food } dice
} showing "{ rtta-face-choice }"
rtta-log-chose-both = { $seat } takes food from { $food ->
    [one] 1 die
   *[other] { $food } dice
} and workers from { $workers ->
    [one] 1 die
   *[other] { $workers } dice
} showing "{ rtta-face-choice }"
rtta-log-goods = { $seat } collects { $goods }
rtta-log-no-goods = { $seat } collects no goods
rtta-log-quarrying = {" "}(Quarrying: +1 stone)
rtta-log-goods-lost = ; { $lost } lost on full tracks
rtta-log-food = { $seat } collects { $gained } food
rtta-log-food-lost = ; { $lost } lost above { $most }
rtta-log-fed = { $seat } feeds { $cities ->
    [one] 1 city
   *[other] { $cities } cities
}; { $food } food left
rtta-log-famine = { $seat } feeds only { $fed } of { $cities } cities: famine, { $unfed ->
    [one] 1 disaster point
   *[other] { $unfed } disaster points
}
rtta-log-disaster = { $seat } rolled { $skulls } skulls: { $disaster }
rtta-log-turned = , turned by Religion on { $seats }
rtta-log-struck = ; { $seats } { $n ->
    [one] loses
   *[other] lose
} { $what }
rtta-log-all-goods = all their goods
rtta-log-points = { $n } points
rtta-log-protected = ; { $seats } protected by { $protection }
rtta-log-nobody = ; it strikes nobody
rtta-log-harvest = { $seat } has { $workers } and { $coins }
rtta-log-built-cities = { $seat } puts { $workers } on cities
rtta-log-built-monument = { $seat } puts { $workers } on the { $monument }
rtta-log-city = { $seat } completes city { $cities } and rolls { $cities } dice from the next turn
rtta-log-monument-first = { $seat } completes the { $monument } first: { $points ->
    [one] 1 point
   *[other] { $points } points
}
rtta-log-monument = { $seat } completes the { $monument }: { $points ->
    [one] 1 point
   *[other] { $points } points
}
rtta-log-engineered = { $seat } uses Engineering: { $stone } stone for { $workers }
rtta-log-sold-food = { $seat } sells { $food } food with Granaries for { $coins } coins
rtta-log-bought = { $seat } buys { $development } for { $cost } coins with { $coins }
rtta-log-bought-goods = {" "}and all their { $goods } (worth { $value })
rtta-log-discarded = { $seat } discards { $goods }
rtta-log-offer-gives = { $seat }'s offer now gives { $what }
rtta-log-offer-asks = { $seat }'s offer now asks for { $what }
rtta-log-offered = { $from } offers { $to } { $give } for { $get }
rtta-log-traded = { $to } accepts: { $from } gives { $give } and gets { $get }
rtta-log-declined = { $to } declines { $from }'s offer
rtta-log-end-developments = { $seat } has { $developments } developments: the game ends after this round
rtta-log-end-monuments = { $seat } completed the last open monument: the game ends after this round
rtta-log-score = { $seat } { $score }
rtta-log-game-over = Game over: { $scores }. { $winners } { $n ->
    [one] wins
   *[other] win
}

## A player's notes on their latest turn (the score sheet's "last turn").
rtta-note-kept = kept { $dice }
rtta-note-put-cities = put { $workers } on cities
rtta-note-put-monument = put { $workers } on the { $monument }
rtta-note-city = built city { $cities }
rtta-note-monument = completed the { $monument } ({ $points ->
    [one] 1 point
   *[other] { $points } points
})
rtta-note-bought = bought { $development }
rtta-note-famine = famine: { $unfed } disaster points
rtta-note-no-harm = { $disaster } (no harm)
rtta-note-struck = { $disaster }, struck { $seats }
rtta-note-traded = traded with { $seat }

## Labels of the actions a player chooses from (buttons and select options).
rtta-label-reroll = Reroll { $dice } ({ $faces })
rtta-label-reroll-short = Reroll { $dice }
rtta-label-reroll-leadership = Reroll { $dice } with Leadership ({ $faces })
rtta-label-reroll-leadership-short = Reroll { $dice } with Leadership
rtta-label-keep = Keep the dice
rtta-label-stop-trading = Stop trading
rtta-label-stop-building-unused = Stop building ({ $workers } unused)
rtta-label-stop-building = Stop building
rtta-label-buy-nothing = Buy nothing
rtta-label-done = Done
rtta-label-food = Food from { $dice } (+{ $food } food)
rtta-label-workers = Workers from { $dice } (+{ $workers })
rtta-label-workers-and-food = Workers from { $dice } (+{ $workers }), food from { $food_dice } (+{ $food })
rtta-label-engineering = Engineering: { $stone } stone for { $workers }
rtta-label-granaries = Sell { $food } food for { $coins } coins
rtta-label-discard = Discard { $goods }
rtta-label-give-none = Offer: give no { $what }
rtta-label-give = Offer: give { $what } (you have { $have })
rtta-label-get-none = Offer: ask for no { $what }
rtta-label-get = Offer: ask for { $what }
rtta-label-offer-gift = Offer { $seat } { $give } as a gift
rtta-label-ask-gift = Ask { $seat } for { $get } as a gift
rtta-label-offer = Offer { $seat } { $give } for { $get }
rtta-label-offer-short = Make the offer to { $seat }
rtta-label-decline = Decline { $seat }'s offer
rtta-label-accept-gift = Accept { $seat }'s gift of { $get }
rtta-label-accept-give = Accept: give { $seat } { $give } for nothing
rtta-label-accept = Accept { $seat }'s offer: get { $get } for { $give }
rtta-label-accept-short = Accept { $seat }'s offer
rtta-label-city = { $workers } on city { $city } — { $progress } of { $next }
rtta-label-cities-completed = { $n ->
    [one] city
   *[other] cities
} { $cities }
rtta-label-cities-completes = { $workers } on cities — completes { $completed }
rtta-label-cities-completes-partial = { $workers } on cities — completes { $completed }; city { $city }: { $progress } of { $next }
rtta-label-a-monument = { $workers } on a monument
rtta-label-monument-first = { $workers } on the { $monument } — completes it first: { $points ->
    [one] 1 point
   *[other] { $points } points
}
rtta-label-monument-later = { $workers } on the { $monument } — completes it later: { $points ->
    [one] 1 point
   *[other] { $points } points
}
rtta-label-monument = { $workers } on the { $monument } — { $after } of { $needs }
rtta-label-buy = Buy { $development } — { $cost } coins
rtta-label-buy-selling = Buy { $development } { $cost } · { $payment }
rtta-label-pay-coins = { $coins } coins
rtta-label-pay-good = { $good } { $worth }

## How the choices are laid out: what to pick, and the groups behind a first pick.
rtta-pick-reroll = Choose the dice to reroll
rtta-pick-leadership = Choose one die to reroll with Leadership
rtta-pick-workers = Choose the dice that give workers (the others give food)
rtta-pick-fewer-workers = Fewer workers, or Engineering…
rtta-pick-payment = Another payment…
rtta-pick-resource = Choose a resource for the offer
rtta-group-cities = Cities: fewer workers
rtta-group-monument = { $monument }: fewer workers
rtta-group-engineering = Engineering: stone for workers
rtta-group-workers = from 1 to { $most } of your { $workers } workers
rtta-group-choices = { $n ->
    [one] 1 choice
   *[other] { $n } choices
}
rtta-group-payment = { $development } ({ $cost }): another payment
rtta-group-granaries = Sell food for coins (Granaries)
rtta-group-amounts = { $n ->
    [one] 1 amount
   *[other] { $n } amounts
}
rtta-group-payments = { $n ->
    [one] 1 payment
   *[other] { $n } payments
} that sell more goods
rtta-group-resource = { $resource } (you have { $have })

## Loading a saved game: why it could not have arisen in play.
rtta-load-seats = { $n } seats
rtta-load-no-player = the current or start player is not at the table
rtta-load-round = round 0
rtta-load-cities = seat { $seat } has { $cities } cities
rtta-load-unbuilt = seat { $seat } has a finished city unbuilt
rtta-load-eighth = seat { $seat } builds an eighth city
rtta-load-monument = seat { $seat } has { $workers } workers on { $monument }
rtta-load-developments = seat { $seat } has unknown developments
rtta-load-goods = seat { $seat } has { $goods }
rtta-load-first = { $monument } has a first completer who did not complete it
rtta-load-dice = the dice do not match the current player's cities
rtta-load-no-partner = an offer without a valid partner
rtta-load-partner = a partner outside the answer step
rtta-load-range = the turn's dice, workers or coins are out of range
rtta-load-trade = the trade variant with one player

## Options of a table (/new, the lobby, the terminal)
rtta-option-trade = Trade variant (2 to 4 players)
rtta-option-trade-off = no trade variant

## /help and /rules (issue 30, helper REF): the rules in brief with the notation, and
## the help topics (reference.rs topics(): rtta-topic-<key>-title and rtta-topic-<key>).
rtta-help =
    Roll Through the Ages: roll dice to feed cities, build monuments and buy developments.
    A turn: roll (the first roll is automatic, up to two rerolls: `reroll 1 3` rerolls dice 1 and 3, `done` keeps them), choose food or workers for each such die, feed the cities, suffer disasters, place workers (`build city 3`, `build obelisk 2`), buy one development (`buy agriculture`), discard goods beyond the limit. `pass` skips a step where allowed. The game ends after a round in which someone has five developments or every monument is built; the most points win.
rtta-topic-dice-title = Dice
rtta-topic-dice =
    You roll one die per city (3 at the start, up to 7). After the first roll you may reroll any dice twice more, except skulls, which stay. Faces: 3 food; 3 workers; 7 coins; 1 good; 2 goods and a skull; and one that gives 2 food *or* 2 workers, as you choose after the last roll.
rtta-topic-feeding-title = Goods and feeding
rtta-topic-feeding =
    Goods fill up in order — wood, stone, pottery, cloth, metal, then wood again — and a full track takes no more. Food is added next (at most 15); then each city eats 1 food. Each city you cannot feed costs 1 point. At the end of your turn you may keep at most 6 goods (Caravans lift the limit); you choose what to discard.
rtta-topic-disasters-title = Disasters
rtta-topic-disasters =
    Skulls bring a disaster: 2 Drought (you lose 2 points; Irrigation protects), 3 Pestilence (your opponents lose 3; Medicine protects), 4 Invasion (you lose 4; the Great Wall protects), 5 or more Revolt (you lose every good; Religion turns it on your opponents). `/development` explains each.
rtta-topic-developments-title = Building and buying
rtta-topic-developments =
    Workers fill the boxes of your next city (one more die from the next turn) or of monuments. Then you may buy one development: pay its cost with the turn's coins plus whole goods tracks (a track is sold whole, no change given). Each development scores points and gives a lasting effect; `/development` explains each.
rtta-topic-monuments-title = Monuments
rtta-topic-monuments =
    Monuments need 3 to 15 workers. The first player to complete one scores the higher value, everyone after the lower. With 2 players the Temple and the Great Pyramid are left out, with 3 the Hanging Gardens. The Great Wall also keeps Invasion away.
rtta-topic-end-title = The end
rtta-topic-end =
    The game ends at the end of the round in which someone buys their fifth development or every monument has been completed at least once. Score developments and monuments, add Architecture and Empire bonuses, subtract 1 per disaster point. Ties go to the most valuable goods left.
rtta-topic-variants-title = Solo and trade variants
rtta-topic-variants =
    {"*"}*Solo** (1 player): ten rounds for the best score; every monument is in play, Pestilence strikes you, Religion prevents Revolt, and skulls may be rerolled.
    {"*"}*Trade** (option trade): after feeding and disasters the player to act may swap goods and food with the others, each trade agreed by both.

## The reference's words for /development (issue 30, helper REF; reference.rs entries()).
rtta-ref-kind-development = development
rtta-ref-kind-monument = monument
rtta-ref-kind-disaster = disaster
rtta-ref-development-facts = { $cost } coins · { $points ->
    [one] 1 point
   *[other] { $points } points
}
rtta-ref-monument-facts = { $workers } workers · { $first ->
    [one] 1 point
   *[other] { $first } points
} first, { $later } later
# After a monument's facts: " · left out with 2 players".
rtta-ref-monument-omitted = {" "}· left out with { $players } players
