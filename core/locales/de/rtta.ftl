# Roll Through the Ages' words in German: prompts, refusals, log lines, choice labels.
# Same ids and variables as core/locales/en/rtta.ftl. The game's German terms are those of
# the Yucata rules (shared/rules/002): Ware, Nahrung, Arbeiter, Münzen, Schädel, Stadt,
# Monument, Errungenschaft, Katastrophe, Minuspunkt, Handelsspiel, Solospiel.
# Names of goods, monuments, developments and disasters come from the data
# (assets/rtta/components.json, name_de), not from here. German needs an article by the
# name's gender and case, which a message cannot know, so a monument is named in apposition
# ("das Monument Große Mauer", as 002 says "die Errungenschaft Landwirtschaft"), and
# developments, like in 002, without an article.
# The notation a player types (reroll 1 3, build city 3, …) stays as the parser reads it.

## Pieces several messages use.
rtta-coins = { $n ->
    [one] 1 Münze
   *[other] { $n } Münzen
}
rtta-workers = { $n ->
    [one] 1 Arbeiter
   *[other] { $n } Arbeiter
}
rtta-food = Nahrung
rtta-cities = Städte
# "du kannst …": rtta-refuse-no-room selects on this word.
rtta-you = du
# Only after "mit" (rtta-refuse-bad-partner): dative.
rtta-yourself = dir selbst
# made up: Platz for a seat (002 says "Spieler").
rtta-seat = Platz { $n }
rtta-nothing = nichts
# Only the Great Wall, which protects from Invasion ("durch die Große Mauer geschützt").
rtta-the-monument = die { $monument }
# A die's number in a list of dice ("2, 3 und 5").
rtta-die-number = { $n }
# "Würfel 3", "Würfel 2 und 5".
rtta-dice = { $n ->
    [one] Würfel
   *[other] Würfel
} { $dice }
# "3 Holz", "1 Nahrung": a count of a good or of food.
rtta-count = { $n } { $what }
# Separators of lists that are not sentences: "2 Waren + Schädel, 3 Nahrung".
rtta-plus = {" "}+{" "}

## The faces of the die: what each gives (rtta-face-<face>), and in one word for lists of
## dice (rtta-short-face-<face>).
rtta-face-good = 1 Ware
rtta-face-food = 3 Nahrung
rtta-face-skull = 2 Waren + Schädel
rtta-face-choice = 2 Nahrung oder 2 Arbeiter
rtta-face-coins = 7 Münzen
rtta-face-workers = 3 Arbeiter
rtta-short-face-good = Ware
rtta-short-face-food = Nahrung
rtta-short-face-skull = Schädel
rtta-short-face-choice = Nahrung/Arbeiter
rtta-short-face-coins = Münzen
rtta-short-face-workers = Arbeiter
# "2× 3 Arbeiter": how many dice show a face.
rtta-faces-times = { $n }× { $face }
rtta-no-dice = keine Würfel

## A resource's track, for group labels (rtta-track-<good id or food>).
rtta-track-wood = Holz
rtta-track-stone = Stein
rtta-track-pottery = Töpferware
rtta-track-cloth = Stoff
rtta-track-metal = Metall
rtta-track-food = Nahrung

## Prompts: what the player to act must do (infinitive: they also follow "jetzt muss Rot …").
rtta-prompt-roll = Würfel neu werfen oder behalten (noch { $rerolls ->
    [one] 1 Wurf
   *[other] { $rerolls } Würfe
})
rtta-prompt-leadership = mit Führungskraft einen Würfel neu werfen oder die Würfel behalten
rtta-prompt-choose = Nahrung oder Arbeiter für { $dice } wählen
rtta-prompt-trade = handeln (geben, fordern, anbieten) oder fertig sein
rtta-prompt-answer = das Angebot an dich annehmen oder ablehnen
rtta-prompt-build = { $workers } auf Städte und Monumente setzen oder fertig sein
rtta-prompt-buy = eine Errungenschaft kaufen ({ $coins } Münzen aus Würfeln) oder fertig sein
rtta-prompt-discard = { $excess ->
    [one] 1 Ware
   *[other] { $excess } Waren
} abgeben

## Refusals: what was wrong, then what is allowed now.
rtta-now = jetzt muss { $seat } { $kind }: { $examples }
rtta-refuse-wrong-step = „{ $action }“ ist jetzt nicht möglich; { $now }
rtta-refuse-no-such-component = { $what } gibt es nicht; { $now }
rtta-refuse-no-such-die = Würfel { $die } gibt es nicht: { $dice ->
    [one] 1 Würfel wurde
   *[other] { $dice } Würfel wurden
} geworfen; { $now }
rtta-refuse-skull-locked = Würfel { $die } zeigt einen Schädel, und Schädel dürfen nicht neu geworfen werden; { $now }
rtta-refuse-nothing-to-reroll = kein Würfel zum Neuwerfen genannt; { $now }
rtta-refuse-leadership-one-die = Führungskraft wirft genau einen Würfel neu, nicht { $asked }; { $now }
rtta-refuse-not-a-choice-die = Würfel { $die } zeigt nicht „{ rtta-face-choice }“; { $now }
rtta-refuse-zero = { $what }: mindestens 1 nötig; { $now }
rtta-refuse-not-enough-workers = du hast noch { $available ->
    [one] 1 Arbeiter
   *[other] { $available } Arbeiter
}, nicht { $asked }; { $now }
rtta-refuse-too-many-workers = { $target }: nur noch { $needs } Arbeiter nötig, nicht { $asked }; { $now }
rtta-refuse-all-cities-built = alle deine Städte sind gebaut; { $now }
rtta-refuse-monument-completed = du hast das Monument { $monument } schon vollendet; { $now }
rtta-refuse-monument-not-in-play = das Monument { $monument } ist bei { $players } Spielern nicht im Spiel; { $now }
rtta-refuse-missing-development = du besitzt { $development } nicht; { $now }
rtta-refuse-not-enough = du hast { $have } { $what }, nicht { $asked }; { $now }
rtta-refuse-already-owned = du besitzt { $development } schon; { $now }
rtta-refuse-cannot-afford = { $development } kostet { $cost } Münzen, und damit hättest du nur { $available }; { $now }
rtta-refuse-nothing-to-sell = von { $good } hast du nichts zu verkaufen; { $now }
rtta-refuse-discard-too-many = du musst nur noch { $excess ->
    [one] 1 Ware
   *[other] { $excess } Waren
} abgeben, nicht { $asked }; { $now }
rtta-refuse-bad-partner = du kannst nicht mit { $seat } handeln; { $now }
rtta-refuse-empty-offer = das Angebot gibt und fordert noch nichts; { $now }
rtta-refuse-both-sides = { $what } steht schon auf der anderen Seite des Angebots; { $now }
rtta-refuse-unchanged = das Angebot nennt schon { $count } { $what }; { $now }
rtta-refuse-nobody-has = kein anderer Spieler hat { $count } { $what }; { $now }
rtta-refuse-partner-lacks = { $partner } hat nur { $have } { $what }; { $now }
rtta-refuse-no-room = { $who ->
    [du] du kannst
   *[other] { $who } kann
} nur noch { $room } { $what } aufnehmen; { $now }
# What needs at least 1 (rtta-refuse-zero).
rtta-zero-building = Bauen
rtta-zero-selling-food = Nahrung verkaufen
rtta-zero-discarding = Abgeben
# A component an action built by hand names that does not exist (rtta-refuse-no-such-component).
rtta-unknown-good = Ware Nummer { $n }
rtta-unknown-monument = Monument Nummer { $n }
rtta-unknown-development = Errungenschaft Nummer { $n }
# made up: Warensatz (002 has no word for a set of goods tracks).
rtta-unknown-goods-set = Warensatz { $n }

## Reading an action: what was not understood, and how to write it (the notation is not translated).
rtta-parse-forms = Aktionen sind: reroll 1 3, keep 2, reroll, done, workers 2 5, food, build city 3, build obelisk 2, engineering 1, granaries 2, buy agriculture sell metal cloth, discard cloth 1, give wood 3, get stone 2, offer 2, accept, decline
rtta-parse-empty = nichts zu lesen; { rtta-parse-forms }
rtta-parse-not-an-action = „{ $verb }“ ist keine Aktion; { rtta-parse-forms }
rtta-parse-no-more = nach „{ $verb }“ kommt nichts mehr; schreib „{ $form }“
rtta-parse-keep = sag, welche Würfel du behältst („keep 1 3“ wirft die anderen neu), oder „done“, um alle zu behalten
rtta-parse-build-what = sag, was du baust: „build city 3“ oder „build obelisk 2“
rtta-parse-no-target = es gibt nichts namens „{ $name }“ zum Bauen; baue city oder eins von: { $monuments }
rtta-form-engineering = engineering 2 (Stein, den du ausgibst)
rtta-form-granaries = granaries 2 (Nahrung, die du verkaufst)
rtta-parse-write = schreib „{ $form }“
rtta-parse-number-write = { $error }; schreib „{ $form }“
rtta-parse-buy-which = sag, welche Errungenschaft: buy agriculture; Errungenschaften: { $developments }
rtta-parse-no-development = es gibt keine Errungenschaft „{ $name }“; Errungenschaften: { $developments }
rtta-parse-not-a-good = „{ $word }“ ist keine Ware; Waren: { $goods }
rtta-parse-sold-twice = { $good } wird zweimal verkauft
rtta-parse-sell-form = nach der Errungenschaft kommen „sell“ und ganze Warenleisten, z. B. „buy { $development } sell wood stone“
rtta-parse-discard-form = schreib „discard cloth 1“ (eine Ware und wie viele)
rtta-parse-trade-form = schreib „{ $verb } wood 3“ (eine Ware oder food und wie viele; 0 nimmt sie aus dem Angebot)
rtta-parse-not-a-resource = „{ $word }“ ist weder Ware noch Nahrung; Waren: { $goods }
rtta-parse-offer-form = schreib „offer 2“ (Nummer oder Farbe des Platzes, dem du anbietest)
rtta-parse-seats-from-1 = Plätze zählen ab 1
rtta-parse-not-a-seat = „{ $word }“ ist kein Platz; nenne ihn mit Nummer (1–{ $seats }) oder Farbe
rtta-parse-not-a-number = „{ $word }“ ist keine Zahl von 0 bis 255
rtta-parse-not-a-die = „{ $word }“ ist keine Würfelnummer (die Würfel sind von 1 bis { $max } nummeriert)
rtta-parse-no-die = Würfel { $n } gibt es nicht; die Würfel sind von 1 bis { $max } nummeriert
rtta-parse-die-twice = Würfel { $n } ist doppelt genannt

## Setting a game up, and the fixtures of scenarios.
rtta-setup-broken-data = die Daten von Roll Through the Ages sind fehlerhaft: { $error }
rtta-setup-players = Roll Through the Ages ist für 1 bis 4 Spieler (1 ist das Solospiel), nicht { $players }
rtta-setup-trade-solo = das Handelsspiel braucht mindestens 2 Spieler
rtta-fix-late = Fixtures kommen vor der ersten Aktion
rtta-fix-usage = Fixtures: start-player N, dice F F … (Seiten 1–6 oder good food skull choice coins workers), food S N, goods S wood N stone N …, developments S name …, cities S N, monument S name N, disasters S N, round N; nicht „{ $key }“
rtta-fix-not-a-seat = „{ $word }“ ist kein Platz; Plätze sind 1 bis { $seats }
rtta-fix-missing = es fehlt: { $what }
rtta-fix-number = { $what }: eine Zahl von 0 bis { $max } nötig, nicht „{ $word }“
rtta-fix-the-round = die Runde
rtta-fix-disasters = Katastrophen
rtta-fix-workers = Arbeiter
rtta-fix-not-a-face = „{ $word }“ ist keine Würfelseite: 1 good, 2 food, 3 skull, 4 choice, 5 coins, 6 workers
rtta-fix-round-from-1 = Runden zählen ab 1
rtta-fix-few-cities = ein Spieler hat mindestens { $low } Städte
rtta-fix-not-a-good = „{ $word }“ ist keine Ware
rtta-fix-not-a-development = „{ $word }“ ist keine Errungenschaft
rtta-fix-not-a-monument = „{ $word }“ ist kein Monument
rtta-fix-monument-not-in-play = das Monument { $monument } ist bei { $players } Spielern nicht im Spiel

## Log lines: what happened.
rtta-log-turn = Runde { $round }: { $seat } ist am Zug
rtta-log-rolled = { $seat } würfelt { $dice }
rtta-log-die-face = Würfel { $die }: { $face }
rtta-log-rerolled = { $seat } wirft { $which } neu — { $faces }; die Würfel zeigen jetzt { $dice }
rtta-log-rerolled-leadership = { $seat } wirft { $which } mit Führungskraft neu — { $faces }; die Würfel zeigen jetzt { $dice }
rtta-log-dice-final = Würfel von { $seat }: { $dice }
rtta-log-chose-workers = { $seat } nimmt Arbeiter von { $workers ->
    [one] 1 Würfel
   *[other] { $workers } Würfeln
} mit „{ rtta-face-choice }“
rtta-log-chose-food = { $seat } nimmt Nahrung von { $food ->
    [one] 1 Würfel
   *[other] { $food } Würfeln
} mit „{ rtta-face-choice }“
rtta-log-chose-both = { $seat } nimmt Nahrung von { $food ->
    [one] 1 Würfel
   *[other] { $food } Würfeln
} und Arbeiter von { $workers ->
    [one] 1 Würfel
   *[other] { $workers } Würfeln
} mit „{ rtta-face-choice }“
rtta-log-goods = { $seat } sammelt { $goods }
rtta-log-no-goods = { $seat } sammelt keine Waren
rtta-log-quarrying = {" "}(Steinbruch: +1 Stein)
rtta-log-goods-lost = ; { $lost ->
    [one] 1 Ware verfällt
   *[other] { $lost } Waren verfallen
} auf vollen Leisten
rtta-log-food = { $seat } sammelt { $gained } Nahrung
rtta-log-food-lost = ; { $lost } Nahrung über { $most } verfällt
rtta-log-fed = { $seat } versorgt { $cities ->
    [one] 1 Stadt
   *[other] { $cities } Städte
}; { $food } Nahrung übrig
rtta-log-famine = { $seat } versorgt nur { $fed } von { $cities } Städten: Hungersnot, { $unfed ->
    [one] 1 Minuspunkt
   *[other] { $unfed } Minuspunkte
}
rtta-log-disaster = { $seat } würfelt { $skulls } Schädel: { $disaster }
rtta-log-turned = , durch Religion gegen { $seats } gewendet
rtta-log-struck = ; { $seats } { $n ->
    [one] verliert
   *[other] verlieren
} { $what }
rtta-log-all-goods = alle Waren
rtta-log-points = { $n ->
    [one] 1 Punkt
   *[other] { $n } Punkte
}
rtta-log-protected = ; { $seats } durch { $protection } geschützt
rtta-log-nobody = ; niemand ist betroffen
rtta-log-harvest = { $seat } hat { $workers } und { $coins }
rtta-log-built-cities = { $seat } setzt { $workers } auf Städte
rtta-log-built-monument = { $seat } setzt { $workers } auf das Monument { $monument }
rtta-log-city = { $seat } vollendet Stadt { $cities } und würfelt ab dem nächsten Zug mit { $cities } Würfeln
rtta-log-monument-first = { $seat } vollendet das Monument { $monument } als Erstes: { $points ->
    [one] 1 Punkt
   *[other] { $points } Punkte
}
rtta-log-monument = { $seat } vollendet das Monument { $monument }: { $points ->
    [one] 1 Punkt
   *[other] { $points } Punkte
}
rtta-log-engineered = { $seat } nutzt Technik: { $stone } Stein für { $workers }
rtta-log-sold-food = { $seat } verkauft { $food } Nahrung mit Kornkammern für { $coins } Münzen
rtta-log-bought = { $seat } kauft { $development } für { $cost } Münzen mit { $coins }
rtta-log-bought-goods = {" "}und dem ganzen Vorrat an { $goods } (Wert { $value })
rtta-log-discarded = { $seat } gibt { $goods } ab
rtta-log-offer-gives = { $seat } bietet jetzt { $what } an
rtta-log-offer-asks = { $seat } fordert jetzt { $what }
rtta-log-offered = { $from } bietet { $to } { $give } für { $get } an
rtta-log-traded = { $to } nimmt an: { $from } gibt { $give } und bekommt { $get }
rtta-log-declined = { $to } lehnt das Angebot von { $from } ab
rtta-log-end-developments = { $seat } hat { $developments } Errungenschaften: das Spiel endet nach dieser Runde
rtta-log-end-monuments = { $seat } hat das letzte offene Monument vollendet: das Spiel endet nach dieser Runde
rtta-log-score = { $seat } { $score }
rtta-log-game-over = Spielende: { $scores }. { $winners } { $n ->
    [one] gewinnt
   *[other] gewinnen
}

## A player's notes on their latest turn (the score sheet's "letzter Zug").
rtta-note-kept = { $dice } behalten
rtta-note-put-cities = { $workers } auf Städte gesetzt
rtta-note-put-monument = { $workers } auf das Monument { $monument } gesetzt
rtta-note-city = Stadt { $cities } gebaut
rtta-note-monument = Monument { $monument } vollendet ({ $points ->
    [one] 1 Punkt
   *[other] { $points } Punkte
})
rtta-note-bought = { $development } gekauft
rtta-note-famine = Hungersnot: { $unfed ->
    [one] 1 Minuspunkt
   *[other] { $unfed } Minuspunkte
}
rtta-note-no-harm = { $disaster } (kein Schaden)
rtta-note-struck = { $disaster }, trifft { $seats }
rtta-note-traded = mit { $seat } gehandelt

## Labels of the actions a player chooses from (buttons and select options).
rtta-label-reroll = { $dice } neu werfen ({ $faces })
rtta-label-reroll-short = { $dice } neu werfen
rtta-label-reroll-leadership = { $dice } mit Führungskraft neu werfen ({ $faces })
rtta-label-reroll-leadership-short = { $dice } mit Führungskraft neu werfen
rtta-label-keep = Würfel behalten
rtta-label-stop-trading = Handel beenden
rtta-label-stop-building-unused = Bauen beenden ({ $workers } ungenutzt)
rtta-label-stop-building = Bauen beenden
rtta-label-buy-nothing = Nichts kaufen
rtta-label-done = Fertig
rtta-label-food = Nahrung von { $dice } (+{ $food } Nahrung)
rtta-label-workers = Arbeiter von { $dice } (+{ $workers })
rtta-label-workers-and-food = Arbeiter von { $dice } (+{ $workers }), Nahrung von { $food_dice } (+{ $food })
rtta-label-engineering = Technik: { $stone } Stein für { $workers }
rtta-label-granaries = { $food } Nahrung für { $coins } Münzen verkaufen
rtta-label-discard = { $goods } abgeben
rtta-label-give-none = Angebot: { $what } nicht geben
rtta-label-give = Angebot: { $what } geben (du hast { $have })
rtta-label-get-none = Angebot: { $what } nicht fordern
rtta-label-get = Angebot: { $what } fordern
rtta-label-offer-gift = { $seat } { $give } schenken
rtta-label-ask-gift = { $seat } um { $get } als Geschenk bitten
rtta-label-offer = { $seat } { $give } für { $get } anbieten
rtta-label-offer-short = { $seat } das Angebot machen
rtta-label-decline = Angebot von { $seat } ablehnen
rtta-label-accept-gift = Geschenk von { $seat } annehmen: { $get }
rtta-label-accept-give = Annehmen: { $seat } { $give } schenken
rtta-label-accept = Angebot von { $seat } annehmen: { $get } für { $give }
rtta-label-accept-short = Angebot von { $seat } annehmen
rtta-label-city = { $workers } auf Stadt { $city } — { $progress } von { $next }
rtta-label-cities-completed = { $n ->
    [one] Stadt
   *[other] Städte
} { $cities }
rtta-label-cities-completes = { $workers } auf Städte — vollendet { $completed }
rtta-label-cities-completes-partial = { $workers } auf Städte — vollendet { $completed }; Stadt { $city }: { $progress } von { $next }
rtta-label-a-monument = { $workers } auf ein Monument
rtta-label-monument-first = { $workers } auf { $monument } — als Erstes vollendet: { $points ->
    [one] 1 Punkt
   *[other] { $points } Punkte
}
rtta-label-monument-later = { $workers } auf { $monument } — später vollendet: { $points ->
    [one] 1 Punkt
   *[other] { $points } Punkte
}
rtta-label-monument = { $workers } auf { $monument } — { $after } von { $needs }
rtta-label-buy = { $development } kaufen — { $cost } Münzen
# Shorter than "… kaufen": the longest payments still fit 80 characters.
rtta-label-buy-selling = Kauf: { $development } { $cost } · { $payment }
rtta-label-pay-coins = { $coins } Münzen
rtta-label-pay-good = { $good } { $worth }

## How the choices are laid out: what to pick, and the groups behind a first pick.
rtta-pick-reroll = Wähle die Würfel, die du neu wirfst
rtta-pick-leadership = Wähle einen Würfel, den du mit Führungskraft neu wirfst
rtta-pick-workers = Wähle die Würfel, die Arbeiter geben (die anderen geben Nahrung)
rtta-pick-fewer-workers = Weniger Arbeiter oder Technik…
rtta-pick-payment = Andere Bezahlung…
rtta-pick-resource = Wähle Ware oder Nahrung für das Angebot
rtta-group-cities = Städte: weniger Arbeiter
rtta-group-monument = { $monument }: weniger Arbeiter
rtta-group-engineering = Technik: Stein für Arbeiter
rtta-group-workers = 1 bis { $most } von deinen { $workers } Arbeitern
rtta-group-choices = { $n ->
    [one] 1 Möglichkeit
   *[other] { $n } Möglichkeiten
}
rtta-group-payment = { $development } ({ $cost }): andere Bezahlung
rtta-group-granaries = Nahrung für Münzen verkaufen (Kornkammern)
rtta-group-amounts = { $n ->
    [one] 1 Menge
   *[other] { $n } Mengen
}
rtta-group-payments = { $n ->
    [one] 1 Bezahlung, die mehr Waren verkauft
   *[other] { $n } Bezahlungen, die mehr Waren verkaufen
}
rtta-group-resource = { $resource } (du hast { $have })

## Loading a saved game: why it could not have arisen in play.
rtta-load-seats = { $n } Plätze
rtta-load-no-player = der Spieler am Zug oder der Startspieler sitzt nicht am Tisch
rtta-load-round = Runde 0
rtta-load-cities = Platz { $seat } hat { $cities } Städte
rtta-load-unbuilt = Platz { $seat } hat eine fertige Stadt nicht gebaut
rtta-load-eighth = Platz { $seat } baut eine achte Stadt
rtta-load-monument = Platz { $seat } hat { $workers } Arbeiter auf dem Monument { $monument }
rtta-load-developments = Platz { $seat } hat unbekannte Errungenschaften
rtta-load-goods = Platz { $seat } hat { $goods }
rtta-load-first = beim Monument { $monument } ist als Erster jemand eingetragen, der es nicht vollendet hat
rtta-load-dice = die Würfel passen nicht zu den Städten des Spielers am Zug
rtta-load-no-partner = ein Angebot ohne gültigen Partner
rtta-load-partner = ein Partner außerhalb des Antwortschritts
rtta-load-range = Würfel, Arbeiter oder Münzen des Zugs liegen außerhalb des Bereichs
rtta-load-trade = das Handelsspiel mit einem Spieler

## Optionen eines Tischs (/new, die Lobby, das Terminal)
rtta-option-trade = Handelsspiel (2 bis 4 Spieler)
rtta-option-trade-off = ohne Handelsspiel

## /help und /rules (issue 30, helper REF): die Regeln in Kürze mit der Notation und die
## Hilfethemen (reference.rs topics()). Eigene Worte nach Text 002, in dessen Begriffen.
rtta-help =
    Roll Through the Ages: Würfle, um deine Städte zu versorgen, Monumente zu errichten und Errungenschaften zu kaufen.
    Ein Zug: würfeln (der erste Wurf geschieht von selbst, dann bis zu zwei neue Würfe: `reroll 1 3` wirft die Würfel 1 und 3 neu, `done` behält sie), für jeden Würfel mit Nahrung oder Arbeitern wählen, die Städte versorgen, Katastrophen abwickeln, Arbeiter einsetzen (`build city 3`, `build obelisk 2`), eine Errungenschaft kaufen (`buy agriculture`), Waren über dem Limit abgeben. `pass` überspringt einen Schritt, wo es erlaubt ist. Das Spiel endet nach der Runde, in der jemand fünf Errungenschaften hat oder jedes Monument errichtet ist; die meisten Punkte gewinnen.
rtta-topic-dice-title = Würfel
rtta-topic-dice =
    Du würfelst mit einem Würfel je Stadt (zu Beginn 3, höchstens 7). Nach dem ersten Wurf darfst du noch zweimal beliebige Würfel neu werfen, nur Schädel nicht: Die bleiben liegen. Die Seiten: 3 Nahrung; 3 Arbeiter; 7 Münzen; 1 Ware; 2 Waren und ein Schädel; und eine, die dir 2 Nahrung *oder* 2 Arbeiter bringt, nach deiner Wahl nach dem letzten Wurf.
rtta-topic-feeding-title = Waren und Versorgung
rtta-topic-feeding =
    Waren kommen der Reihe nach dazu — Holz, Stein, Töpferware, Stoff, Metall, dann wieder Holz — und eine volle Leiste nimmt nichts mehr auf. Danach kommt die Nahrung (höchstens 15); dann isst jede Stadt 1 Nahrung. Jede Stadt, die du nicht versorgen kannst, kostet 1 Punkt. Am Ende deines Zuges darfst du höchstens 6 Waren behalten (Karawanen heben das Limit auf); was du abgibst, wählst du selbst.
rtta-topic-disasters-title = Katastrophen
rtta-topic-disasters =
    Schädel bringen Katastrophen: 2 Dürre (du verlierst 2 Punkte; Bewässerung schützt), 3 Seuche (deine Mitspieler verlieren 3; Medizin schützt), 4 Invasion (du verlierst 4; die Große Mauer schützt), 5 oder mehr Aufstand (du verlierst alle Waren; mit Religion trifft er deine Mitspieler). `/development` erklärt jede.
rtta-topic-developments-title = Bauen und Kaufen
rtta-topic-developments =
    Arbeiter füllen die Kästchen deiner nächsten Stadt (ab dem nächsten Zug ein Würfel mehr) oder von Monumenten. Dann darfst du eine Errungenschaft kaufen: Bezahle ihre Kosten mit den Münzen des Zuges und ganzen Warenleisten (eine Leiste wird ganz verkauft, Wechselgeld gibt es nicht). Jede Errungenschaft bringt Punkte und eine dauerhafte Wirkung; `/development` erklärt jede.
rtta-topic-monuments-title = Monumente
rtta-topic-monuments =
    Monumente brauchen 3 bis 15 Arbeiter. Wer eines als Erster vollendet, bekommt den höheren Wert, alle Späteren den niedrigeren. Zu zweit fehlen der Tempel und die Große Pyramide, zu dritt die Hängenden Gärten. Die Große Mauer hält außerdem die Invasion ab.
rtta-topic-end-title = Das Spielende
rtta-topic-end =
    Das Spiel endet am Ende der Runde, in der jemand seine fünfte Errungenschaft kauft oder jedes Monument mindestens einmal vollendet ist. Zähle Errungenschaften und Monumente, dazu die Boni von Architektur und Imperium, und zieh je Katastrophenpunkt 1 ab. Bei Gleichstand entscheiden die wertvollsten übrigen Waren.
rtta-topic-variants-title = Solo- und Handelsspiel
rtta-topic-variants =
    {"*"}*Solo** (1 Spieler): zehn Runden für die beste Punktzahl; alle Monumente sind im Spiel, die Seuche trifft dich selbst, Religion verhindert den Aufstand, und Schädel darfst du neu werfen.
    {"*"}*Handel** (Option trade): Nach Versorgung und Katastrophen darf der Spieler am Zug Waren und Nahrung mit den anderen tauschen, jeder Tausch mit Zustimmung beider.

## Die Wörter des Nachschlagens für /development (issue 30, helper REF; reference.rs entries()).
rtta-ref-kind-development = Errungenschaft
rtta-ref-kind-monument = Monument
rtta-ref-kind-disaster = Katastrophe
rtta-ref-development-facts = { $cost } Münzen · { $points ->
    [one] 1 Punkt
   *[other] { $points } Punkte
}
rtta-ref-monument-facts = { $workers } Arbeiter · { $first ->
    [one] 1 Punkt
   *[other] { $first } Punkte
} für den Ersten, { $later } für Spätere
rtta-ref-monument-omitted = {" "}· fehlt bei { $players } Spielern
