# Core's own words in German: the game contract's refusals and the pieces every game's words use.
# Same ids and variables as core/locales/en/core.ftl; du-form, short.

## Lists (Text::and_list, Text::or_list): "A, B und C", "A, B oder C".
words-comma = ,{" "}
words-and = {" "}und{" "}
words-or = {" "}oder{" "}

## Counts with their noun.
words-count-workers = { $n ->
    [one] 1 Arbeiter
   *[other] { $n } Arbeiter
}

## The contract's refusals (any game).
refusal-no-such-seat = { $seat } sitzt nicht an diesem Tisch
refusal-game-over = das Spiel ist vorbei
refusal-not-your-turn = { $seat } ist am Zug
refusal-cannot-read = „{ $input }“ ist nicht lesbar: { $reason }

## Unused things a front end asks about before the turn ends (Game::unused).
unused-workers = { $n ->
    [one] Du hast noch 1 Arbeiter übrig
   *[other] Du hast noch { $n } Arbeiter übrig
}
unused-purchase = Du könntest noch { $item } kaufen ({ $cost })

## Setting a game up.
setup-unknown-option = unbekannte Option „{ $key }“; Optionen: { $options }
setup-bad-option = ungültige Option: { $error }
setup-cannot-load = ein gespeichertes Spiel { $game } lässt sich nicht laden: { $error }
setup-no-such-game = es gibt kein Spiel „{ $name }“; Spiele: { $games }

## Menus: a group too large for one select is split into parts.
menu-group-part = { $group } (Teil { $part } von { $parts })

## Seats: the colour a seat plays (the key is the colour's id).
seat-colour = { $colour ->
    [red] Rot
    [blue] Blau
    [yellow] Gelb
    [green] Grün
   *[other] { $colour }
}

## Optionen eines Tischs in Worten (describe_options der Registry)
options-set = { $option }: { $value }
options-separator = {" "}·{" "}

## Nachschlagen (issue 30, helper REF): die Antwort von /card, /realm, /development und
## der eigene Teil eines Platzes am Spiel (reference.rs).
reference-answer = **{ $name }** — { $kind }
reference-answer-named = **{ $name }** ({ $other }) — { $kind }
reference-answer-facts = {" "}· { $facts }
reference-answer-short = *{ $text }*
reference-intro-public = spielt { $role }: { $text }
reference-intro-private = Du spielst { $role }. { $text }
