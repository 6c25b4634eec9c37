# Die Wörter von render: alles, was die Bilder außer den Wörtern der Ansichten zeichnen
# (Legenden, Überschriften, Tableau-Beschriftungen, der Überblick), die Beschreibungen der
# Bilder (Alt-Texte) und die Fehler von render.

## Fehler (RenderError).
render-error-unknown-game = für das Spiel „{ $game }“ gibt es keine Bilder
render-error-bad-view = die Ansicht von { $game } ist nicht lesbar: sie ist kein { $expected }
render-error-no-words = das Bild { $picture } von { $game } hat keine Wörter
render-error-encode = das Bild lässt sich nicht kodieren: { $error }

## Die Wertungskurve.
render-chart-empty = Noch keine gewerteten Partien
render-chart-games = { $n ->
    [one] 1 Partie
   *[other] { $n } Partien
}

## Textbilder (die des Terminals).
render-unreadable = (die Ansicht ist nicht lesbar: { $error })

## Der Überblick (png/summary.rs): das Übersichtsbild jedes Spiels.
render-glance-to-play = { $seat } ist dran
render-glance-seat = { $seat } · { $note }
render-glance-points = { $points } P.
render-glance-entry = { $seat }: { $line }
render-result-line = { $score }: { $parts }

## Satzzeichen zwischen den Teilen einer Aufzählung (Bilder, Beschreibungen).
render-sep-dot = {" · "}
render-sep-comma = {", "}
render-sep-semicolon = {"; "}
render-sep-sentence = {" "}

## Die Beschreibungen der öffentlichen Bilder (Alt-Texte).
render-alt-glance = Überblick: { $title }.
render-alt-seat = { $seat }: { $points ->
    [one] 1 Punkt
   *[other] { $points } Punkte
}; { $stock }.
render-alt-seat-note = { $seat } ({ $note }): { $points ->
    [one] 1 Punkt
   *[other] { $points } Punkte
}; { $stock }.
render-alt-standing-one = { $seat } hat { $points ->
    [one] 1 Punkt
   *[other] { $points } Punkte
}
render-alt-seat-points = { $seat } { $points ->
    [one] 1 Punkt
   *[other] { $points } Punkte
}
render-alt-standing-tie = Punkte: { $all }
render-alt-seat-score = { $seat } { $points }
render-alt-standing-lead = { $seat } führt mit { $points ->
    [one] 1 Punkt
   *[other] { $points } Punkten
}, dann { $rest }
render-alt-game-over = Spielende: { $result }.
render-alt-to-play = { $seat } ist dran.
render-alt-to-play-what = { $seat } ist dran: { $what }.
render-alt-board = { $game }: Spielplan
render-alt-board-after = { $game }: Spielplan nach dem Zug von { $seat }
render-alt-board-detail = { $board } ({ $detail })
render-alt-board-standings = { $board }: { $standings }.
render-alt-board-end = { $board }.
render-alt-block = { $heading }: { $lines }.
render-alt-board-tableaus = Neben dem Spielplan ist die Auslage jedes Spielers gezeichnet.

## Von den Bildern aller Spiele geteilt.
# Gelb und Grün beginnen beide mit G: zwei Buchstaben.
render-mark-letter = { $colour ->
    [red] R
    [blue] B
    [yellow] Ge
    [green] Gr
   *[other] ?
}
render-none = keine
render-nothing = nichts
render-round = Runde { $round }
render-round-of = Runde { $round } von { $last }
render-since = Seit { $seat } zuletzt dran war
render-so-far = bisher { $line }
render-and-more = und { $n } weitere
render-start-player = Startspieler
render-to-play = ist dran
render-points = Punkte

## Roll Through the Ages: der Streifen oben (png/rtta/strip.rs).
render-rtta-title = Roll Through the Ages
render-rtta-round = Runde { $round }
render-rtta-round-of = Runde { $round } von { $last }
render-rtta-round-last = { $round } · letzte Runde
render-rtta-over = Spielende · höchste Punktzahl: { $winners }
render-rtta-place = { $place }. { $seat } { $points }
render-rtta-turn-of = { $seat } ist am Zug
render-rtta-prompt = · { $prompt }
render-rtta-prompt-of = · { $seat }: { $prompt }
render-rtta-rerolls-left = Würfe übrig
render-rtta-workers = Arbeiter
render-rtta-coins = Münzen
render-rtta-offer-to = Handelsangebot: { $from } an { $to }
render-rtta-offer-prepared = Handelsangebot von { $from }, in Vorbereitung
render-rtta-offer-gives = gibt
render-rtta-offer-asks = verlangt
render-rtta-amount = { $n } { $good }
render-rtta-food = Nahrung
render-rtta-die-chosen = { $n } → { $choice }
render-rtta-die-locked = { $n }: gesperrt
render-rtta-die-rolled = { $n }: gewürfelt
render-rtta-die-kept = { $n }: behalten
render-rtta-choice-food = Nahrung
render-rtta-choice-workers = Arbeiter
render-rtta-legend = Würfel: Getreide = Nahrung, Figuren = Arbeiter, Kisten = Waren, eine Münze = Münzen, die geteilte Seite = 2 Nahrung oder 2 Arbeiter; ein Schädel (roter Rahmen, gesperrt) darf nicht neu gewürfelt werden. Monumente: Punkte für den Ersten, der es fertigstellt / für spätere; ★R: Rot hat es als Erster fertiggestellt. Jeder ☠ Katastrophenpunkt kostet einen Punkt.

## Roll Through the Ages: der Wertungsbogen eines Spielers (png/rtta/sheet.rs).
render-rtta-score-parts = Errungenschaften { $developments } · Monumente { $monuments } · Bonus { $bonus } · Katastrophen −{ $disasters }
render-rtta-cities = Städte { $n }
render-rtta-built = gebaut
render-rtta-food-n = Nahrung { $n }
render-rtta-goods-worth = Waren · Wert { $worth }
render-rtta-disasters-n = Katastrophen { $n }
render-rtta-monuments = Monumente
render-rtta-first-later = erste / spätere
render-rtta-developments-n = Errungenschaften { $n }
render-rtta-cost-points = Kosten · Punkte
render-rtta-first-by = ★{ $mark } · { $later }

## Roll Through the Ages: der Überblick (png/rtta/summary.rs).
render-rtta-note = { $cities } Städte · { $developments } Errungenschaften
render-rtta-food-stock = Nahrung { $n }
render-rtta-goods-stock = Waren { $n } (Wert { $worth })
render-rtta-disasters-stock = Katastrophen { $n }
render-rtta-score = { $points } Punkte
render-rtta-part-developments = Errungenschaften { $n }
render-rtta-part-monuments = Monumente { $n }
render-rtta-part-bonus = Bonus { $n }
render-rtta-part-disasters = Katastrophen −{ $n }
render-rtta-game-over = Spielende — höchste Punktzahl: { $winners }

## Roll Through the Ages als Text (png/rtta/text.rs).
render-rtta-text-seat = { $score } Punkte · { $cities } Städte · Nahrung { $food } · Katastrophen { $disasters } · Waren: { $goods } (Wert { $worth }) · Errungenschaften: { $developments }
render-rtta-text-round = Roll Through the Ages · Runde { $round }
render-rtta-text-to-play = { $round } · { $seat } ist dran: { $prompt }
render-rtta-text-die = { $die }:{ $face }
render-rtta-text-die-kept = { $die }:{ $face } (behalten)
render-rtta-text-die-chosen = { $die }:{ $face } → { $choice }
render-rtta-text-die-kept-chosen = { $die }:{ $face } (behalten) → { $choice }
render-rtta-text-dice = Würfel: { $dice } · Würfe übrig { $rerolls } · Arbeiter { $workers } · Münzen { $coins }
render-rtta-text-monument = { $monument } ({ $workers } Arbeiter)
render-rtta-text-monument-first = { $monument } ({ $workers } Arbeiter) zuerst: { $seat }
render-rtta-text-monuments = Monumente: { $monuments }
render-rtta-text-over = Das Spiel ist vorbei.

## Pandoria: die Legende unter dem Spielplan (png/pandoria/legend.rs).
render-legend-forest = Wald: Holz
render-legend-mountain = Gebirge: Kristalle
render-legend-hills = Hügel: Gold
render-legend-city = Stadt: Punkte
render-legend-worker = Arbeiter
render-legend-leader = Anführer (zählt 2)
render-legend-castle = Burg
render-legend-tiles-in-hand = Plättchen auf der Hand
render-legend-last-move = letzter Zug
render-legend-exit-path = Außenpfad belegt
render-legend-printed = aufgedrucktes Feld
render-legend-closed = in diesem Zug abgeschlossen
render-legend-rage = Ziel der Wut
render-legend-changes = Ring, Schein oder Rand in Spielerfarbe: was er im letzten Zug tat
render-legend-fairies = gesperrtes Feld: das Lager der Feen fasst 8
render-legend-goblin = Figur auf einem Gebäude: ein Goblin nutzt es
render-legend-spirit = kleine Figur auf einer Figur: ein Geist sucht sie heim (zählt für seinen Besitzer)
render-legend-golems = Quadrat zwischen zwei Figuren: ein Golem-Paar auf seinem Plättchen
render-legend-river = Fluss: ein eingeschlossenes Schiff schickt seine Figur zum nächsten freien Schiff flussabwärts (oder heim)
render-legend-astral-ship = aufgedrucktes Astralschiff: 8 Kristalle statt einer Karte; −1: Rabatt eines Schiffs
render-legend-artifact = Artefakt: erhält, wer sein Gebiet schließt; Reliquien kosten Artefakte
render-legend-mountain-castle = Bergfestung: sperrt einen Außenpfad, nimmt eine Figur auf wie eine Burg
render-legend-captives = Gefangene: von einem Hanbok gehalten, am Ende je 1 Punkt; Lösegeld je 1 Ressource

## Pandoria: der Kopf und die Tableaus der Spieler (png/pandoria/tableau.rs).
render-pandoria-title = Pandoria
render-pandoria-round-tiles = Runde { $round } · { $tiles ->
    [one] 1 Plättchen
   *[other] { $tiles } Plättchen
} übrig
render-last-round = letzte Runde
render-pandoria-drawn = gezogen: { $tile }
render-pandoria-half = { $terrain } { $n }
render-pandoria-tile = { $a }·{ $b }
render-pandoria-tile-spaced = { $a } · { $b }
render-pandoria-singles = { $n } einzelne
render-pandoria-no-relic = keine Reliquie übrig
render-pandoria-relics = Reliquien { $points }
render-pandoria-over = Spielende: { $winners } { $n ->
    [one] gewinnt
   *[other] gewinnen
}
render-pandoria-prompt = · { $prompt }
render-pandoria-market = Markt
render-pandoria-market-deck = Markt · { $n } Karten im Stapel
render-pandoria-monument = Monument
render-pandoria-left = noch { $n }
render-pandoria-crystal = Kristall
render-pandoria-gold = Gold
render-pandoria-wood = Holz
render-pandoria-top-spell = Oberster Zauber
render-pandoria-top-spell-short = Zauber
render-pandoria-spells-cast = Zauber gewirkt
render-pandoria-cards-in-hand = Karten auf der Hand
render-pandoria-no-slot = kein Platz
render-pandoria-monument-points = Monument { $points }
render-pandoria-slot = Platz { $n }
render-pandoria-team = Team { $points }
render-pandoria-winner = Sieger
render-pandoria-rank = Platz { $rank }
render-pandoria-reserve = Vorrat
render-pandoria-castles = Burgen
render-pandoria-mountain = Bergfestung
render-pandoria-hand = Hand
render-pandoria-relics-taken = Reliquien { $points }
render-pandoria-haunted-by = Heimgesucht von
render-pandoria-captives = Gefangene

## Pandoria: der Überblick (png/pandoria/summary.rs).
render-round-last = Runde { $round } (letzte)
render-pandoria-tiles-left = { $n ->
    [one] 1 Plättchen übrig
   *[other] { $n } Plättchen übrig
}
render-pandoria-crystals = { $n ->
    [one] 1 Kristall
   *[other] { $n } Kristalle
}
render-pandoria-gold-n = { $n } Gold
render-pandoria-wood-n = { $n } Holz
render-pandoria-cards = { $n ->
    [one] 1 Karte
   *[other] { $n } Karten
}
render-pandoria-reserve-workers = Vorrat { $n ->
    [one] 1 Arbeiter
   *[other] { $n } Arbeiter
}
render-pandoria-reserve-leader = Vorrat { $n ->
    [one] 1 Arbeiter
   *[other] { $n } Arbeiter
} + Anführer
render-pandoria-haunted = heimgesucht von { $seat }
render-pandoria-artifacts = { $n ->
    [one] 1 Artefakt
   *[other] { $n } Artefakte
}
render-pandoria-captives-n = { $n ->
    [one] 1 Gefangener
   *[other] { $n } Gefangene
}
render-pandoria-change-tile = Plättchen auf { $at }
render-pandoria-change-castle = Burg auf { $at }
render-pandoria-change-figure = Figur nach { $at }
render-pandoria-change-closed = ein Gebiet aus { $n ->
    [one] 1 Feld
   *[other] { $n } Feldern
} abgeschlossen
render-pandoria-part = { $what } { $n }
render-pandoria-part-regions = Gebiete
render-pandoria-part-buildings = Gebäude
render-pandoria-part-monuments = Monumente
render-pandoria-part-conversions = Umtausch
render-pandoria-part-hand-cards = Handkarten
render-pandoria-part-resources = Ressourcen
render-pandoria-part-captives = Gefangene
render-pandoria-part-relics = Reliquien
render-pandoria-part-earlier = früher
render-pandoria-score = { $points } Punkte (Platz { $place })
render-pandoria-game-over = Spielende — es gewinnt { $winners }

## Pandoria: das Bild der Handkarten (png/pandoria/cards.rs).
render-cards-title = { $seat }: deine Karten
render-cards-none = Du hast keine Karten.
render-cards-card = Karte { $id }
render-cards-spell = Zauber
render-cards-spell-cost = Zauber · { $n ->
    [one] 1 Kristall
   *[other] { $n } Kristalle
}
render-cards-building = Gebäude
render-cards-building-cost = Gebäude · { $n } Holz
render-cards-price = Marktpreis: { $gold } Gold
render-cards-alt = Karten von { $seat }: { $cards }.
render-cards-alt-none = Karten von { $seat }: keine.
render-cards-alt-card = Karte { $id }: { $sides }
render-cards-alt-price = { $card }, Marktpreis { $gold } Gold
render-cards-alt-spell = { $name } (Zauber)
render-cards-alt-spell-cost = { $name } (Zauber, { $n ->
    [one] 1 Kristall
   *[other] { $n } Kristalle
})
render-cards-alt-building = { $name } (Gebäude)
render-cards-alt-building-cost = { $name } (Gebäude, { $n } Holz)
render-cards-alt-effect = { $side }: { $effect }

## Pandoria: die Hand und die Legevorschau (png/pandoria/preview.rs).
render-hand-hint = die 1. Hälfte kommt auf das erste Feld, das du nennst: tile D7 E7
render-hand-title = { $seat }: { $n ->
    [one] dein Plättchen
   *[other] deine Plättchen
}
render-hand-empty = Deine Hand ist leer.
render-hand-first = 1.
render-hand-second = 2.
render-hand-alt = { $n ->
    [one] Handplättchen
   *[other] Handplättchen
} von { $seat }: { $tiles }. Die 1. Hälfte eines Plättchens kommt auf das erste Feld, das du nennst.
render-hand-alt-none = Handplättchen von { $seat }: keine.
render-preview-no-tile = { $seat }: kein Plättchen auf der Hand
render-preview-place = { $seat }: lege { $tiles }
render-preview-tile = Plättchen
render-preview-castle-only = nur Burg
render-preview-single = Einzelplättchen
render-preview-mountain = Bergfestung
render-preview-spaces = { $n ->
    [one] 1 Feld
   *[other] { $n } Felder
}
render-preview-paths = { $n ->
    [one] 1 Außenpfad
   *[other] { $n } Außenpfade
}
render-preview-group = { $what }: { $count }{ $span }
render-preview-span = , { $from } bis { $to }
render-preview-span-one = , { $at }
render-preview-example = z. B. { $notation }
render-preview-alt-where = Wohin { $seat } legen kann
render-preview-alt-where-tile = Wohin das Plättchen von { $seat } ({ $tiles }) kann
render-preview-alt-tile = { $n ->
    [one] 1 Feld
   *[other] { $n } Felder
}{ $span }: { $spaces }
render-preview-alt-other = { $what }: { $n ->
    [one] 1 Feld
   *[other] { $n } Felder
}: { $spaces }
render-preview-alt-nowhere = { $head }: jetzt nirgends.
render-preview-alt = { $head }: { $parts }.

## Pandoria als Text (png/pandoria/text.rs).
render-pandoria-text-legend-land = f m h c: Wald Gebirge Hügel Stadt + Symbole (groß: aufgedrucktes Feld); #x: Burg;
render-pandoria-text-legend-figures = 3. Buchstabe: Figur (r b y g Arbeiter, R B Y G Anführer); < letzter Zug; * Startfeld;
render-pandoria-text-legend-board = =F=: Außenpfad (Wald); ~s~: Schiff; ^^^: Gebirge
render-pandoria-text-seat = { $score } Punkte · { $workers ->
    [one] 1 Arbeiter
   *[other] { $workers } Arbeiter
} · { $castles ->
    [one] 1 Burg
   *[other] { $castles } Burgen
} · { $tiles ->
    [one] 1 Plättchen
   *[other] { $tiles } Plättchen
} auf der Hand
render-pandoria-text-seat-leader = { $score } Punkte · { $workers ->
    [one] 1 Arbeiter
   *[other] { $workers } Arbeiter
} + Anführer · { $castles ->
    [one] 1 Burg
   *[other] { $castles } Burgen
} · { $tiles ->
    [one] 1 Plättchen
   *[other] { $tiles } Plättchen
} auf der Hand
render-pandoria-text-start-player = {" "}(Startspieler)
render-pandoria-text-to-play = {" "}← ist dran
render-pandoria-text-round = Runde { $round } · { $tiles ->
    [one] 1 Plättchen
   *[other] { $tiles } Plättchen
} übrig
render-pandoria-text-last-round = {" "}· letzte Runde
render-pandoria-text-over = Spielende. Sieger: { $winners }
render-pandoria-text-tiles = { $n ->
    [one] Dein Plättchen
   *[other] Deine Plättchen
}: { $tiles } (die erste Hälfte kommt auf das erste Feld, das du nennst)
render-pandoria-text-cards = { $n ->
    [one] Deine Karte:
   *[other] Deine Karten:
}
render-pandoria-text-card = - Karte { $id }: Zauber { $spell } ({ $crystals ->
    [one] 1 Kristall
   *[other] { $crystals } Kristalle
}) | Gebäude { $building } ({ $wood } Holz) | { $gold } Gold im Markt
render-pandoria-text-empty = Deine Hand ist leer: keine Plättchen und keine Karten.

## Die Wertungskurve in Worten (ihr Alt-Text).
render-chart-alt-none = { $title }: noch keine gewerteten Partien.
render-chart-alt = { $title }: Wertung über { $n ->
    [one] 1 Punkt
   *[other] { $n } Punkte
}, von { $first } auf jetzt { $now } (niedrigste { $low }, höchste { $high }).
