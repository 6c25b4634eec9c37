# Core's own words: the game contract's refusals and the pieces every game's words use.
# One message per id; variables are named like the Rust arguments (`t!("id", name = value)`).

## Lists (Text::and_list, Text::or_list): "A, B and C", "A, B or C".
words-comma = ,{" "}
words-and = {" "}and{" "}
words-or = {" "}or{" "}

## Counts with their noun.
words-count-workers = { $n ->
    [one] 1 worker
   *[other] { $n } workers
}

## The contract's refusals (any game).
refusal-no-such-seat = { $seat } is not at this table
refusal-game-over = the game is over
refusal-not-your-turn = it is { $seat }'s turn
refusal-cannot-read = cannot read "{ $input }": { $reason }

## Unused things a front end asks about before the turn ends (Game::unused).
unused-workers = { $n ->
    [one] You still have 1 worker unused
   *[other] You still have { $n } workers unused
}
unused-purchase = You could still buy { $item } ({ $cost })

## Setting a game up.
setup-unknown-option = unknown option "{ $key }"; options are: { $options }
setup-bad-option = bad option: { $error }
setup-cannot-load = cannot load a saved { $game } game: { $error }
setup-no-such-game = there is no game called "{ $name }"; games: { $games }

## Menus: a group too large for one select is split into parts.
menu-group-part = { $group } (part { $part } of { $parts })

## Seats: the colour a seat plays (the key is the colour's id).
seat-colour = { $colour ->
    [red] Red
    [blue] Blue
    [yellow] Yellow
    [green] Green
   *[other] { $colour }
}

## Options of a table, in words (the registry's describe_options)
# An option set to a value: "Realms: each player chooses".
options-set = { $option }: { $value }
options-separator = {" "}·{" "}

## References (issue 30, helper REF): a component's answer for /card, /realm, /development
## and a seat's part of the game (reference.rs). Names, kinds, facts and texts are arguments.
# The answer's first line: "**Vault 1:2** (Gewölbe) — building".
reference-answer = **{ $name }** — { $kind }
reference-answer-named = **{ $name }** ({ $other }) — { $kind }
# Costs and numbers after the kind: " · 2 or 3 crystals on its cards".
reference-answer-facts = {" "}· { $facts }
# The short text on its own line, in italics.
reference-answer-short = *{ $text }*
# A seat's part for everyone (after its name): "plays the Elves: …".
reference-intro-public = plays { $role }: { $text }
# A seat's part for the seat itself.
reference-intro-private = You play { $role }. { $text }
