# Pandorias Wörter auf Deutsch: Aufforderungen, Ablehnungen, Protokollzeilen, Auswahltexte.
# Same ids and variables as core/locales/en/pandoria.ftl; du-form, short. The game's German
# terms are those of the Yucata rules (shared/rules/000): Doppelplättchen, Einzelplättchen,
# Startplättchen, Burg, Bergfestung, Figur, Arbeiter, Anführer, Gebiet (abgeschlossen), Feld,
# Außenpfad, See, Schiff, Vorrat, Volk, Zauberspruch, Gebäude, Gebäudeplatz, Monument,
# Kartenmarkt, Artefakt, Reliquie, Kristall, Gold, Holz, heimsuchen, gefangen, auslösen.
# Names of spells, buildings and realms come from the data (effects.rs, realms.json), not
# from here. German needs an article by the name's gender and case, which a message cannot
# know, so names stand without an article or in apposition ("das Gebiet Wald bei D7").
# The notation a player types (tile D7 E7, spell 17, …) stays as the parser reads it.

pandoria-gold = { $n } Gold
pandoria-crystals = { $n ->
    [one] 1 Kristall
   *[other] { $n } Kristalle
}
pandoria-wood = { $n } Holz

## Names that are not in the data (pandoria-resource-<id>, pandoria-terrain-<id>).
pandoria-resource-crystal = Kristall
pandoria-resource-gold = Gold
pandoria-resource-wood = Holz
pandoria-terrain-forest = Wald
pandoria-terrain-mountain = Gebirge
pandoria-terrain-hills = Hügelland
pandoria-terrain-city = Stadt

## Separators of lists that are not "A, B oder C": "D7 oder E7 oder F8", "D7, E7".
pandoria-sep-or = {" "}oder{" "}
pandoria-sep-comma = ,{" "}

## Refusals: what was wrong, and what is allowed now.
pandoria-refuse-wrong-step = du kannst jetzt nicht { $tried }: { $now }
pandoria-refuse-not-plain = { $at } liegt nicht in der fruchtbaren Ebene (Gebirge und Außenpfade bleiben frei)
pandoria-refuse-lake = { $at } ist ein See: auf Seen kommen nie Plättchen
pandoria-refuse-river = { $at } ist der Fluss: aufs Wasser kommen nie Plättchen
pandoria-refuse-printed = { $at } ist ein aufgedrucktes Landschaftsfeld: lege daneben, nicht darauf
pandoria-refuse-covered = { $at } ist schon belegt
pandoria-refuse-not-neighbours = { $a } und { $b } liegen nicht nebeneinander: ein Doppelplättchen deckt zwei benachbarte Felder ab
pandoria-refuse-detached = { $at } berührt kein Plättchen: lege an das Land, das schon auf dem Plan liegt
pandoria-refuse-start-tiles-touch = die Startplättchen dürfen einander nicht berühren
pandoria-refuse-no-castle = du hast keine Burg mehr: lege dein Plättchen
pandoria-refuse-no-tile = du hast kein Plättchen auf der Hand: lege eine Burg
pandoria-refuse-not-just-placed = eine Figur darf nur auf das, was du gerade gelegt hast ({ $allowed })
pandoria-refuse-closed = das Gebiet { $terrain } bei { $at } ist abgeschlossen: dort darf keine Figur hin
pandoria-refuse-occupied = auf { $at } steht schon eine Figur
pandoria-refuse-no-worker = du hast keinen Arbeiter mehr im Vorrat
pandoria-refuse-no-leader = dein Anführer steht schon auf dem Plan
pandoria-refuse-leader-too-early = dein Anführer kommt zuletzt: setze erst deine Arbeiter ein
pandoria-refuse-not-your-figure = auf { $at } steht keine Figur von dir
pandoria-refuse-must-place = du musst dein Plättchen oder eine Burg legen; passen geht nicht
pandoria-refuse-no-second-tile = du hast kein zweites Plättchen: lege dein Plättchen mit „tile D7 E7“
pandoria-refuse-no-such-card = Karte { $card } ist nicht auf deiner Hand (du hast { $hand })
pandoria-refuse-no-such-slot = es gibt keinen Gebäudeplatz { $slot }: die Gebäudeplätze sind 1–5
pandoria-refuse-monument-never-overbuilt = auf Platz { $slot } steht ein Monument, und ein Monument wird nie überbaut: wähle einen anderen Platz
pandoria-refuse-identical-occupied = { $name } von { $owner } auf Platz { $slot }, den dein Goblin besetzt, ist gleichartig: nie zwei gleichartige Gebäude zugleich
pandoria-refuse-identical-instead = dein Gebäude { $name } auf Platz { $slot } ist gleichartig: nie zwei gleichartige Gebäude zugleich ({ $instead } stattdessen)
pandoria-refuse-identical = dein Gebäude { $name } auf Platz { $slot } ist gleichartig: nie zwei gleichartige Gebäude zugleich
pandoria-refuse-nothing-to-cover = auf Platz { $slot } steht kein Gebäude: ein Monument muss eines deiner Gebäude abdecken
pandoria-refuse-no-monument-left = es ist kein Monument mehr übrig
pandoria-refuse-cannot-afford = { $what } kostet { $cost }; du hast { $have }
pandoria-refuse-cannot-afford-market = { $what } kostet { $cost }; du hast { $have }{ $hint }
pandoria-refuse-payment-needed = { $what } kostet { $cost } und du hast { $have }: sag, mit welcher Ressource dein Markt den Rest bezahlt ({ $options })
pandoria-refuse-bad-payment = mit { $with } kannst du nicht bezahlen: { $why }
pandoria-refuse-no-market-card = es gibt keine Marktkarte { $pos }: der Kartenmarkt zeigt { $shown } Karte(n), ab 1 gezählt
pandoria-refuse-no-purchase = du darfst nur eine Karte kaufen, nachdem du in diesem Zug ein Gebiet abgeschlossen hast
pandoria-refuse-no-top-spell = { $seat } hat noch keinen Zauberspruch gewirkt: es gibt nichts zu übernehmen
pandoria-refuse-adopt-adopt = der oberste Zauberspruch von { $seat } ist Übernehmen, und den kann Übernehmen nicht kopieren
pandoria-refuse-adopt-self = Übernehmen kopiert den Zauberspruch eines Gegners, nicht deinen eigenen
pandoria-refuse-nothing-to-recast = du hast noch keinen Zauberspruch gewirkt: es gibt nichts zu wiederholen
pandoria-refuse-bad-target = mit { $spell } darf keine Figur auf { $at }: { $why }
pandoria-refuse-not-your-worker = auf { $at } steht kein Arbeiter von dir: Wut lässt einen Arbeiter (nicht den Anführer) mehr zählen
pandoria-refuse-not-next-to-region = { $region } liegt in keinem in diesem Zug abgeschlossenen Gebiet neben { $worker }{ $hint }
pandoria-refuse-not-zero = dein { $resource } steht nicht auf 0: das Armenhaus hebt eine Ressource auf 0 an
pandoria-refuse-bad-move = du kannst nicht von { $from } nach { $to } ziehen: { $why }
pandoria-refuse-realm-taken = { $realm } sind schon vergeben: im Anfängerspiel hat jeder ein anderes Volk
pandoria-refuse-no-golem = ein Golem darf nur auf das gerade gelegte Plättchen, auf ein freies Feld, das keine Stadt und nicht abgeschlossen ist, für 3 Ressourcen seiner Landschaft; jetzt: { $allowed }
pandoria-refuse-goblin-slots = die Goblins haben nur 4 Plätze für eigene Gebäude und Monumente, nicht Platz { $slot }
pandoria-refuse-realm-not-offered = an diesem Tisch spielt man { $offered }, nicht { $realm }
pandoria-refuse-not-the-cast-card = baue die Karte, deren Zauberspruch du gerade gewirkt hast (Karte { $card }), oder errichte ein Monument
pandoria-refuse-spells-only = im Familienspiel mit Zaubersprüchen werden Karten nur als Zauberspruch gespielt (spell { $card })

## Spells and buildings with their numbers (the names come from the data).
pandoria-spell-numbered = { $name } { $n }
pandoria-spell-rage = { $name } ×{ $n }
pandoria-spell-single = { $name } (einzeln)
pandoria-spell-double = { $name } (doppelt)
pandoria-building-minus = { $name } −{ $n }
pandoria-building-rate = { $name } { $points }:{ $per }
pandoria-building-plus = { $name } +{ $n }

## What the player to act may do now (the end of a refusal).
pandoria-now-haunt = { $spirit } entscheidet, ob { $closer } heimgesucht wird (haunt worker, haunt leader oder pass)
pandoria-now-realm = wähle ein Volk (realm elves)
pandoria-now-start-tile = lege das nächste Startplättchen (start D7 E7)
pandoria-now-place = lege { $what }
pandoria-now-place-tile = lege dein Plättchen
pandoria-now-place-your-tile = dein Plättchen ({ $example })
pandoria-now-place-castle = eine Burg ({ $example })
pandoria-now-place-mountain = deine Bergfestung ({ $example })
pandoria-now-place-single = ziehe ein Einzelplättchen für eine Lücke von einem Feld (single)
pandoria-now-single = lege das Einzelplättchen in eine Lücke von einem Feld ({ $gaps })
pandoria-now-ransom = , löse Gefangene aus ({ $example })
pandoria-now-retrieve = hole eine Figur zurück (retrieve D7){ $ransom } oder passe
pandoria-now-figure = setze eine Figur auf { $free } (worker { $first }), hole eine zurück{ $ransom } oder passe
pandoria-now-ransom-resource = wähle die Ressource, die du von { $payer } für einen ausgelösten Gefangenen nimmst ({ $choices }), noch { $left }
pandoria-now-golem = setze einen { $second ->
    [1] zweiten Golem
   *[other] Golem
} auf { $spaces } für 3 Ressourcen seiner Landschaft (worker { $first }) oder passe
pandoria-now-pass = passe
pandoria-now-play-card = spiele eine Karte (spell 17, build 17 3)
pandoria-now-erect-monument = errichte ein Monument (monument 3)
pandoria-now-cast-spell = wirke einen Zauberspruch (spell 17)
pandoria-now-relic = nimm eine Reliquie ({ $relics })
pandoria-now-printed-ship = wirke das aufgedruckte Astralschiff ({ $example })
pandoria-now-either = { $first } oder { $last }
pandoria-now-any = { $rest } oder { $last }
pandoria-now-halfling-spell = wirke nach dem Bauen einen Zauberspruch (spell 17) oder passe
pandoria-now-combo-build = baue Karte { $card } (build { $card } 3) oder errichte ein Monument (monument 3)
pandoria-now-choices = nimm die Punkte (points) oder eine Karte (card)
pandoria-now-buy = kaufe eine Marktkarte (buy 2) oder passe
pandoria-now-elf-move = ziehe einen Arbeiter bis zu 2 Felder (move D7 E8) oder passe
pandoria-now-poorhouse = wähle die Ressource auf 0, die 2 wird (crystal, gold oder wood)
pandoria-now-over = nichts: das Spiel ist vorbei
pandoria-now-take = { $spell }: nimm eine Marktkarte (take 2), noch { $left }, oder passe
pandoria-now-adopt = { $spell }: wähle, wessen obersten Zauberspruch du kopierst (adopt blue), oder passe
pandoria-now-spell-place = { $spell }: setze eine Figur (worker D7), noch { $left }, oder passe
pandoria-now-conjure = { $spell }: wähle die Ressource, die { $value } wird (crystal, gold oder wood)
pandoria-now-free-build = { $spell }: baue eine Karte gratis (build 17 3), ein Monument (monument 3) oder passe
pandoria-now-castle = { $spell }: lege deine Burg (castle D7) oder passe
pandoria-now-flee = { $spell }: hole eine Figur zurück (retrieve D7) oder passe, um aufzuhören
pandoria-now-construct-build = { $spell }: baue eine Karte (build 17 3) oder passe
pandoria-now-construct-monument = { $spell }: errichte ein Monument (monument 3) oder passe
pandoria-now-rage = { $spell }: wähle einen Arbeiter und das Gebiet, für das er wertet (rage D7 E8)
pandoria-now-teleport = { $spell }: ziehe eine Figur (move D7 E8), noch { $left }, oder passe
pandoria-now-drawn-tile = { $spell }: lege das gezogene Plättchen ({ $double ->
    [1] tile D7 E7
   *[other] single D7
}) oder passe

## A ransom that asks for captives not held: what is, and the ransoms possible now.
pandoria-ransom-held = { $leader_free ->
        [1] dein Anführer ist nicht gefangen:{" "}
       *[other] {""}
    }{ $seat } hält { $workers } deiner Arbeiter{ $leader ->
        [1] {" "}und deinen Anführer
       *[other] {""}
    } gefangen{ $asked ->
        [0] {""}
       *[other] , nicht { $asked }
    }{ $options }
pandoria-ransom-you-can = ; möglich ist: { $options }

## Why a spell or the Elves cannot put or move a figure there.
pandoria-why-occupied = das Feld ist besetzt
pandoria-why-ship-in-lake = Astralschiff setzt eine Figur auf ein Schiff in einem See
pandoria-why-ship-enclosed = das Schiff ist eingeschlossen
pandoria-why-castle-just-placed = die Figur kommt auf die gerade gelegte Burg
pandoria-why-no-castles = Zaubersprüche setzen nie Figuren auf Burgen
pandoria-why-only-astral-ship = nur Astralschiff setzt Figuren auf Schiffe
pandoria-why-no-land = dort ist kein Land
pandoria-why-region-closed = das Gebiet dort ist abgeschlossen
pandoria-why-muster = Versammeln setzt Figuren neben deine Figuren
pandoria-why-elf-land = ein Arbeiter zieht über Land, nicht auf Seen oder leere Ebene
pandoria-why-elf-foreign-castle = ein Arbeiter zieht nie auf eine fremde Burg
pandoria-why-elf-closed = das Feld liegt in einem abgeschlossenen Gebiet
pandoria-why-elf-blocked = kein Feld dazwischen ist passierbar (fremde Burgen, Seen und leere Ebene versperren den Weg)
pandoria-why-elf-distance = ein Arbeiter zieht 1 oder 2 Felder
pandoria-why-teleport-moved = diese Figur ist schon gezogen: Teleportieren bewegt zwei verschiedene Figuren
pandoria-why-elf-leader = die Elfen ziehen einen Arbeiter, nie den Anführer

## Refusals made of a sentence of their own (RulesError::NotPossible, MustChoose, Goblin,
## BadRansom) and their parts.
pandoria-tried-do-that = so spielen
pandoria-must-conjure = Beschwören muss eine deiner Ressourcen auf { $value } setzen: wähle crystal, gold oder wood
pandoria-must-rage = auf Wut kannst du nicht verzichten, solange einer deiner Arbeiter an ein in diesem Zug abgeschlossenes Gebiet grenzt: wähle es (rage D7 E8)
pandoria-no-such-seat = es gibt keinen Platz { $seat }
pandoria-rage-no-region = : er grenzt an kein in diesem Zug abgeschlossenes Gebiet
pandoria-rage-name-region = ; nenne das Gebiet mit { $regions } (rage { $worker } { $first })
pandoria-drawn-single = das gezogene Plättchen ist ein Einzelplättchen: lege es mit „single D7“
pandoria-drawn-double = das gezogene Plättchen ist ein Doppelplättchen: lege es mit „tile D7 E7“
pandoria-master-builder-no-wood = Baumeister baut ohne Holz

## What a payment is for ("Markt 2:1 (Karte 12) auf Platz 3 kostet 4 Holz").
pandoria-pay-building = { $building } (Karte { $card }) auf Platz { $slot }
pandoria-pay-monument = ein Monument über Platz { $slot }
pandoria-mountain-needs-artifacts = Bergfestungen gibt es mit der Artefakte-Erweiterung (Option artifacts)
pandoria-mountain-placed = du hast deine Bergfestung schon gelegt
pandoria-mountain-not-exit = { $at } ist kein Außenpfad: eine Bergfestung deckt einen Außenpfad am Rand ab
pandoria-mountain-blocked = der Außenpfad { $at } ist schon blockiert
pandoria-mountain-detached = der Außenpfad { $at } berührt kein Plättchen: lege sie an das Land
pandoria-mountain-closed = das Gebiet am Außenpfad { $at } ist abgeschlossen oder wäre es ohne den Pfad
pandoria-mountain-nowhere = { $why }; kein Außenpfad nimmt sie jetzt
pandoria-mountain-allowed = { $why }; sie darf auf { $allowed }
pandoria-single-needs-artifacts = Einzelplättchen werden in Schritt 1 nur mit der Artefakte-Erweiterung gezogen (Option artifacts)
pandoria-no-single-left = es ist kein Einzelplättchen mehr übrig
pandoria-no-gap = neben dem Land gibt es keine Lücke von genau einem Feld
pandoria-not-a-gap = { $at } ist keine Lücke von genau einem Feld: das Einzelplättchen kommt auf { $gaps }
pandoria-relics-need-artifacts = Reliquien gibt es mit der Artefakte-Erweiterung (Option artifacts)
pandoria-relic-for = { $points } für { $cost }
pandoria-no-relic-left = es ist keine Reliquie mehr übrig
pandoria-no-such-relic = es gibt keine Reliquie mit { $points } Punkten mehr: übrige Reliquien (Punkte für Artefakte): { $left }
pandoria-relic-cost = die Reliquie mit { $points } Punkten kostet { $cost } Artefakte; du hast { $have }
pandoria-goblins-only = nur die Goblins wirken Zaubersprüche von Gegnern und besetzen ihre Gebäude
pandoria-goblin-opponent = wähle einen Gegner
pandoria-goblin-none-on = du hast keinen Goblin auf Platz { $slot } von { $seat }
pandoria-goblin-no-spell = { $seat } hat keinen Zauberspruch gewirkt
pandoria-goblin-no-building = auf Platz { $slot } von { $seat } steht kein Gebäude
pandoria-goblin-occupied = ein Goblin besetzt schon Platz { $slot } von { $seat }
pandoria-goblin-no-figure = du hast keine Figur im Vorrat
pandoria-goblin-identical = du kontrollierst schon { $building }: nie zwei gleichartige Gebäude
pandoria-pay-enough = du hast { $have }, um { $cost } zu bezahlen; lass „with { $with }“ weg
pandoria-pay-market-short = , und dein Markt ({ $rate }:1) bräuchte { $need } einer anderen Ressource für die fehlenden { $short }
pandoria-pay-with = „… with { $with }“
pandoria-pay-market-other = der Markt bezahlt fehlendes { $resource } mit einer anderen Ressource
pandoria-pay-market-lacks = die fehlenden { $short } kosten { $need } bei { $rate }:1 und du hast { $have }
pandoria-tried-build-twice = zweimal in einem Zug bauen
pandoria-tried-before-realms = so spielen, bevor alle ein Volk haben
pandoria-tried-family-monument = im Familienspiel ein Monument errichten
pandoria-tried-place-figure = eine Figur setzen
pandoria-tried-start-tile = ein Startplättchen legen
pandoria-tried-another-tile = ein weiteres Plättchen legen
pandoria-tried-play = spielen
pandoria-tried-retrieve = eine Figur zurückholen
pandoria-haunt-not-removed = dein { $leader ->
    [1] Anführer
   *[other] Arbeiter
} wurde nicht aus dem Gebiet entfernt
pandoria-start-touches-artifacts = zu Beginn darf nichts das Artefakte-Startplättchen berühren: lege das Startplättchen woanders hin
pandoria-nothing-placed = in diesem Zug wurde nichts gelegt
pandoria-ransom-none = löse mindestens eine Figur aus
pandoria-ransom-purse = jede Figur kostet eine Ressource und du hast { $purse }
pandoria-ransom-none-left = { $seat } hat kein { $resource } mehr: nimm { $choices }
pandoria-no-cards = keine Karten
pandoria-card-number = { $card }
pandoria-halflings-only = nur die Halblinge der zweiten Auflage nutzen Zauberspruch und Gebäude einer Karte zusammen
pandoria-mages-only = nur die Magier der zweiten Auflage wiederholen ihren letzten Zauberspruch
pandoria-must-combo = du hast Karte { $card } gewirkt, um sie auch zu bauen: baue sie (build { $card } 3) oder errichte ein Monument (monument 3)
pandoria-deck-empty = der Nachziehstapel ist leer: nimm die Punkte
pandoria-must-poorhouse = das Armenhaus hebt eine deiner Ressourcen von 0 auf 2: wähle welche
pandoria-pay-spell = { $spell } (Karte { $card })
pandoria-pay-recast = { $spell } noch einmal
pandoria-pay-goblin-spell = { $spell } aus den Zaubersprüchen von { $seat }
pandoria-pay-occupy = { $building } auf Platz { $slot } von { $seat }
pandoria-pay-market-card = Marktkarte { $pos } ({ $spell })
pandoria-pay-printed-ship = das aufgedruckte Astralschiff auf { $ship }
pandoria-printed-ship-river = das aufgedruckte Astralschiff gibt es auf der Flussseite des Plans, in Spielen mit Kristallen (board=river)
pandoria-ship-none = { $at } ist kein Schiff auf dem Fluss
pandoria-ship-taken = das Schiff bei { $at } ist besetzt
pandoria-ship-enclosed = das Schiff bei { $at } ist eingeschlossen
pandoria-ship-none-free = { $why }; kein Schiff ist frei
pandoria-ship-free = { $why }; freie Schiffe: { $free }

## Prompts: what the decision waiting is about.
pandoria-prompt-realm = wähle dein Volk
pandoria-prompt-start-tile = lege ein Startplättchen
pandoria-prompt-place = lege dein Plättchen oder eine Burg
pandoria-prompt-single = lege das Einzelplättchen in eine Lücke von einem Feld
pandoria-prompt-figure = setze eine Figur darauf, hole eine zurück oder passe
pandoria-prompt-card = spiele eine Karte als Zauberspruch oder Gebäude, errichte ein Monument oder passe
pandoria-prompt-relic = nimm eine Reliquie für deine Artefakte oder passe
pandoria-prompt-halfling-spell = wirke nach dem Bauen einen Zauberspruch oder passe
# The public view's prompt where an expansion adds choices (view.rs).
pandoria-prompt-place-artifacts = lege dein Plättchen, eine Burg oder deine Bergfestung oder ziehe ein Einzelplättchen für eine Lücke
pandoria-prompt-card-relic = spiele eine Karte, errichte ein Monument, nimm eine Reliquie oder passe
pandoria-prompt-spell-relic = wirke einen Zauberspruch, nimm eine Reliquie oder passe
pandoria-prompt-card-river = spiele eine Karte (oder das aufgedruckte Astralschiff), errichte ein Monument oder passe
pandoria-prompt-effect = { $spell }: { $what }
pandoria-prompt-acquire = { $n ->
    [1] nimm eine Marktkarte gratis
   *[other] nimm bis zu { $n } Marktkarten gratis, eine nach der anderen
}
pandoria-prompt-adopt = wähle den Gegner, dessen obersten Zauberspruch du wirkst
pandoria-prompt-astral-ship = wähle ein freies Schiff für eine Figur
pandoria-prompt-muster = setze eine Figur auf ein freies Feld neben deinen Figuren
pandoria-prompt-conjure = wähle die Ressource, die auf { $n } gesetzt wird
pandoria-prompt-master-builder = wähle ein Gebäude oder Monument, das du ohne Holz baust
pandoria-prompt-enchanted-castle = wähle das Feld für eine Burg mit deiner Figur darauf
pandoria-prompt-flee = hole eine Figur zurück oder hör auf
pandoria-prompt-construct = wähle ein Gebäude und ein Monument zum Bauen
pandoria-prompt-clone = setze eine Figur auf ein beliebiges freies Feld
pandoria-prompt-rage = wähle den Arbeiter, der mehr zählt, und sein Gebiet
pandoria-prompt-teleport = wähle eine Figur und wohin sie zieht
pandoria-prompt-terrain = wähle, wohin das zusätzliche Plättchen kommt
pandoria-prompt-combo-build = baue die gewirkte Karte oder errichte ein Monument
pandoria-prompt-choice = nimm die Punkte oder eine Karte
pandoria-prompt-buy = kaufe eine Karte oder passe
pandoria-prompt-elf-move = ziehe einen Arbeiter bis zu 2 Felder oder passe
pandoria-prompt-haunt = suche den Spieler heim, der deine Figuren entfernt hat, oder passe
pandoria-prompt-ransom = wähle die Ressource, die du für einen ausgelösten Gefangenen nimmst
pandoria-prompt-golem = setze einen Golem auf das gerade gelegte Plättchen für 3 Ressourcen seiner Landschaft oder passe
pandoria-prompt-poorhouse = wähle, welche Ressource auf 0 zu 2 wird
pandoria-prompt-round-buy = kaufe am Ende der Runde eine Karte oder passe

## Setting a game up.
pandoria-setup-players = Pandoria ist für 2 bis 4 Spieler, nicht { $players }
pandoria-setup-partnership = das Partnerspiel ist für 4 Spieler (Partner sitzen einander gegenüber), nicht { $players }
pandoria-setup-artifacts-river = das Startplättchen der Artefakte-Erweiterung hat seinen aufgedruckten Platz nur auf der Pandoria-Seite: spiele es mit board=pandoria
pandoria-setup-same-chosen = realms=same_chosen braucht das Volk, das alle spielen, z. B. realm=elves
pandoria-setup-beginner-base = das Anfängerspiel spielt Seite A der Grundvölker: lass realm_sets auf base
pandoria-setup-too-few-realms = { $realms } Völker für { $players } Spieler: realms=random_unique braucht eines für jeden
pandoria-setup-beginner-unique = im Anfängerspiel bekommt jedes Volk seine zwei Karten, also braucht jeder Spieler ein anderes Volk: nimm realms=random_unique oder realms=each_chooses
pandoria-setup-no-room = kein Platz für die Startplättchen
pandoria-setup-side-b-only = { $realm } haben keine Seite A und keine Volkskarten: sie spielen das reguläre Spiel (mode=standard)

## Reading an action: what was not understood, and how to write it.
pandoria-sep-and = {" "}und{" "}
pandoria-parse-not-resource = „{ $word }“ ist keine Ressource: bezahle „with crystal“, „with gold“ oder „with wood“
pandoria-parse-with-last = „with“ kommt zuletzt, gefolgt von einer Ressource: „… with gold“
pandoria-parse-not-number = „{ $word }“ ist nicht { $what } ({ $min }–{ $max })
pandoria-parse-what-relic = der Punktwert einer Reliquie
pandoria-parse-what-slot = ein Gebäudeplatz
pandoria-parse-what-workers = eine Zahl von Arbeitern
pandoria-parse-what-market = eine Marktkarte
pandoria-parse-not-card = „{ $word }“ ist keine Kartennummer (1–54) von deiner Hand
pandoria-parse-empty = sag, was du spielst: { $verbs }
pandoria-parse-spaces = „{ $verb }“ braucht { $n ->
    [one] 1 Feld
   *[other] { $n } Felder
}, etwa „{ $example }“
pandoria-parse-nothing-after = nach „{ $verb }“ kommt nichts mehr
pandoria-parse-hand-tile = „{ $mark }“ ist kein Handplättchen: „#1“ (das übliche) oder „#2“
pandoria-parse-tile = „{ $verb }“ braucht 2 Felder, etwa „tile D7 E7“ (Zwerge: „tile2 D7 E7“ für das zweite Plättchen)
pandoria-parse-relic = „relic“ nennt die Reliquie nach ihren Punkten, etwa „relic 4“
pandoria-parse-haunt = „haunt“ nennt die Figur, die heimsucht: „haunt worker“ oder „haunt leader“
pandoria-parse-goblin = „goblin“ nennt den Gegner, dessen obersten Zauberspruch du wirkst, etwa „goblin blue“
pandoria-parse-occupy = „occupy“ nennt den Gegner und den Platz des Gebäudes, etwa „occupy blue 3“
pandoria-parse-recall = „recall“ nennt den Gegner und den Platz des Gebäudes, etwa „recall blue 3“
pandoria-parse-ransom = „ransom“ nennt den Hanbok-Spieler und was du zurückholst, etwa „ransom red 2“, „ransom red 1 leader“ oder „ransom red leader“
pandoria-parse-not-realm = „{ $name }“ ist kein Volk: humans, dwarves, elves, mages, halflings, centaurs, fairies, goblins, golems, spirits, nymphs oder hanbok
pandoria-parse-realm = sag, welches Volk, etwa „realm elves“
pandoria-parse-recast = „recast“ wirkt deinen obersten Zauberspruch noch einmal: danach nur noch „with …“
pandoria-parse-card = „{ $verb }“ braucht eine Kartennummer, etwa „{ $lower } 17“
pandoria-parse-build = „build“ braucht eine Kartennummer und einen Platz (1–5), etwa „build 17 3“
pandoria-parse-monument = „monument“ braucht den Platz des Gebäudes, das es abdeckt, etwa „monument 3“
pandoria-parse-buy = „buy“ braucht eine Marktposition (1–4), etwa „buy 2“
pandoria-parse-take = „take“ braucht eine Marktposition (1–4), etwa „take 2“
pandoria-parse-not-player = „{ $who }“ ist kein Spieler: red, blue, yellow oder green
pandoria-parse-adopt = „adopt“ braucht, wessen Zauberspruch du kopierst, etwa „adopt blue“
pandoria-parse-unknown = unbekannte Aktion „{ $verb }“; Aktionen: { $verbs }
pandoria-parse-say-what = sag, was du spielst
pandoria-parse-unknown-verb = unbekannte Aktion „{ $verb }“
pandoria-parse-nothing-now = { $what }; jetzt gibt es nichts zu spielen
pandoria-parse-now-forms = { $what }; jetzt kannst du spielen: { $forms }
pandoria-parse-no-card-named = keine Karte auf deiner Hand heißt „{ $name }“; nenne sie mit ihrer Nummer
pandoria-parse-several-cards = „{ $name }“ passt auf die Karten { $cards }: nenne eine mit ihrer Nummer
pandoria-parse-build-usage = „build“ braucht eine Karte von deiner Hand (Nummer oder Name) und einen Gebäudeplatz 1–5, etwa „build 17 3“ oder „build schrein 3“{ $now }
pandoria-parse-build-nothing = ; jetzt lässt sich nichts bauen
pandoria-parse-buildable = { $building } (Karte { $card }) auf Platz { $slots }
pandoria-parse-build-now = ; jetzt kannst du bauen: { $builds }
pandoria-number = { $n }

## Log lines: one per event (pandoria-log-*), and their parts.
pandoria-figure = { $leader ->
        [1] Anführer
       *[other] Arbeiter
    } von { $seat }
pandoria-the-leader = den Anführer
pandoria-workers = { $n ->
        [one] 1 Arbeiter
       *[other] { $n } Arbeiter
    }
pandoria-points = { $n ->
        [one] 1 Punkt
       *[other] { $n } Punkte
    }
pandoria-nothing = nichts
pandoria-sep-plus = {" "}+{" "}
pandoria-sep-dot = ·
pandoria-card-named = Karte { $card } ({ $spell } / { $building })
pandoria-half = { $terrain } { $n }
pandoria-over = {" "}über { $building }
pandoria-log-start-tile = Startplättchen { $tile } liegt auf { $a }–{ $b }
pandoria-log-tile = { $seat } legte { $tile } auf { $a }–{ $b }
pandoria-log-castle = { $seat } legte eine Burg auf { $at }
pandoria-log-mountain-castle = { $seat } legte die Bergfestung auf den Außenpfad { $at }
pandoria-log-single-drawn = { $seat } zog das Einzelplättchen { $tile }
pandoria-log-single-placed = { $seat } legte das Einzelplättchen { $tile } in die Lücke bei { $at }
pandoria-log-artifacts = { $seat } nahm { $count ->
        [one] 1 Artefakt
       *[other] { $count } Artefakte
    } aus dem Gebiet bei { $region }
pandoria-log-relic = { $seat } tauschte { $cost ->
        [one] 1 Artefakt
       *[other] { $cost } Artefakte
    } gegen die Reliquie mit { $points } Punkten: { $scored ->
        [one] 1 Punkt
       *[other] { $scored } Punkte
    }
pandoria-log-sailed = Das Schiff bei { $from } ist eingeschlossen: { $figure } segelt flussabwärts nach { $to }
pandoria-log-sailed-home = Das Schiff bei { $from } ist eingeschlossen und flussabwärts ist kein Schiff frei: { $figure } geht zurück in den Vorrat
pandoria-log-printed-ship = { $seat } wirkte das aufgedruckte Astralschiff auf das Schiff bei { $at } für { $paid }
pandoria-log-ship-discount = Das Schiff bei { $at } gibt { $seat } { $crystals } zurück (sein Rabatt)
pandoria-log-could-not-place = { $seat } konnte weder Plättchen noch Burg legen
pandoria-log-figure-from = { $figure } von { $at }
pandoria-log-back-to-reserve = ; zurück in den Vorrat: { $who }
pandoria-log-captured = ; gefangen von { $seat } (Hanbok): { $who }
pandoria-log-closed = Das Gebiet { $terrain } bei { $at } ist abgeschlossen ({ $spaces ->
        [one] 1 Feld
       *[other] { $spaces } Felder
    }, { $symbols ->
        [one] 1 Symbol
       *[other] { $symbols } Symbole
    }){ $back }{ $taken }
pandoria-log-haunted = Der { $leader ->
        [1] Anführer
       *[other] Arbeiter
    } von { $seat } (Geister der Ältesten) sucht { $victim } heim: er kommt mit der nächsten Figur von { $victim } ins Spiel
pandoria-log-haunt-placed = Der heimsuchende { $leader ->
        [1] Anführer
       *[other] Arbeiter
    } von { $seat } kam mit der Figur von { $victim } auf { $at }
pandoria-log-spirit-returned = Der heimsuchende { $leader ->
        [1] Anführer
       *[other] Arbeiter
    } von { $seat } auf { $at } ging zurück in den Vorrat ({ $why })
pandoria-spirit-host-taken-back = seine Figur wurde zurückgeholt
pandoria-spirit-taken-back = zurückgeholt
pandoria-spirit-host-sailed = seine Figur segelte weiter
pandoria-spirit-host-moved = seine Figur zog weiter
pandoria-log-ransomed = { $payer } löste { $what } bei { $hanbok } (Hanbok) aus
pandoria-log-ransom-paid = { $hanbok } nahm { $what } von { $payer }
pandoria-log-figure-placed = { $seat } setzte einen { $leader ->
        [1] Anführer
       *[other] Arbeiter
    } auf { $at }
pandoria-log-figure-retrieved = { $seat } holte einen { $leader ->
        [1] Anführer
       *[other] Arbeiter
    } von { $at } zurück
pandoria-log-passed = { $seat } setzte keine Figur
pandoria-log-nobody-scores = Niemand wertet das Gebiet { $terrain } bei { $at }: keine Figur daneben
pandoria-log-scored = Wertung Gebiet { $terrain } bei { $at }: { $parts }
pandoria-log-score-part = { $seat } { $amount } ({ $symbols } × { $figures }{ $bonus })
pandoria-log-bonus = {" "}+ { $n }
pandoria-log-realm-bonus = {" "}+ { $n } { $realm }
pandoria-log-points = { $n ->
        [one] 1 Punkt
       *[other] { $n } Punkte
    }
pandoria-log-golem = { $seat } setzte einen Golem ({ $leader ->
        [1] Anführer
       *[other] Arbeiter
    }) auf { $at } für { $paid }
pandoria-log-forced-out = { $seat } ({ $realm }) erhält { $what }: { $n ->
        [one] 1 Figur
       *[other] { $n } Figuren
    } aus dem Gebiet { $terrain } bei { $at } verdrängt
pandoria-log-realm = { $seat } spielt { $realm }
pandoria-log-goblin-spell = { $seat } (Goblins) wirkte { $spell } aus den Zaubersprüchen von { $owner } (Karte { $card }) für { $paid }
pandoria-log-occupied = { $seat } (Goblins) setzte einen { $leader ->
        [1] Anführer
       *[other] Arbeiter
    } auf { $building } von { $owner } (Platz { $slot }) für { $paid }
pandoria-log-goblin-returned = Der { $leader ->
        [1] Anführer
       *[other] Arbeiter
    } von { $seat } kam von Platz { $slot } von { $owner } zurück ({ $why })
pandoria-goblin-recalled = zurückgerufen
pandoria-goblin-overbuilt = überbaut
pandoria-goblin-covered = von einem Monument abgedeckt
pandoria-log-for = {" "}für { $paid }
pandoria-log-recast = { $seat } wirkte { $spell } noch einmal{ $cost }
pandoria-log-spell = { $seat } wirkte { $spell } (Karte { $card }){ $cost }
pandoria-log-adopted = { $seat } übernahm { $spell } von { $from }
pandoria-log-forgone = { $seat } nutzte { $spell } nicht weiter
pandoria-log-built = { $seat } baute { $building } (Karte { $card }) auf Platz { $slot }{ $over } für { $paid }
pandoria-log-monument = { $seat } errichtete ein Monument mit { $value } Punkten über { $covered } auf Platz { $slot } für { $paid }
pandoria-log-bought = { $seat } kaufte { $card } für { $paid }
pandoria-log-taken = { $seat } nahm { $card } gratis
pandoria-log-market-refilled = Neu im Kartenmarkt: { $card } (noch { $left ->
        [one] 1 Karte
       *[other] { $left } Karten
    })
pandoria-log-card-drawn = { $seat } zog eine Karte (noch { $left })
pandoria-log-resource-set = { $by } setzte { $resource } von { $seat } auf { $value }
pandoria-log-points-scored = { $seat } erhielt { $points ->
        [one] 1 Punkt
       *[other] { $points } Punkte
    } ({ $why })
pandoria-log-converted = { $seat } hatte { $surplus } über { $camp }: { $points ->
        [one] 1 Punkt
       *[other] { $points } Punkte
    }, { $lost } verloren
pandoria-log-raged = Der Arbeiter auf { $worker } zählt { $times }-mal für das Gebiet bei { $region }
pandoria-log-moved = { $figure } zog von { $from } nach { $to }
pandoria-log-spell-tile-drawn = { $seat } zog das Plättchen { $tile }
pandoria-log-spell-tile-placed = { $seat } legte { $tile } auf { $at }
pandoria-log-spell-tile-boxed = Das Plättchen { $tile } kommt zurück in die Schachtel
pandoria-log-chose-card = { $seat } zog eine Karte statt { $points ->
        [one] 1 Punkt
       *[other] { $points } Punkte
    } für das Gebiet bei { $region }
pandoria-log-chose-points = { $seat } nahm { $points ->
        [one] 1 Punkt
       *[other] { $points } Punkte
    } für das Gebiet bei { $region }
pandoria-log-tile-drawn = { $seat } zog ein Plättchen (noch { $left })
pandoria-log-last-round = { $seat } konnte kein Plättchen ziehen: dies ist die letzte Runde
pandoria-log-rank = { $rank }. { $seat } { $score }
pandoria-log-game-over = Spielende: { $ranking }. { $winners } { $n ->
        [one] gewinnt
       *[other] teilen sich den Sieg
    }
pandoria-log-final = Schlusswertung: { $seat } { $cards } für Handkarten{ $captives }{ $resources }
pandoria-log-final-captives = , { $n } für Gefangene
pandoria-log-final-resources = , { $crystals } für Kristalle, { $gold } für Gold, { $wood } für Holz (noch { $left ->
        [one] 1 Ressource
       *[other] { $left } Ressourcen
    } übrig)

## Action labels (buttons and select options): what an action does, then " — " and what it
## costs. Shorter wordings (…-short) are used when the full one is over 80 characters.
pandoria-free = gratis
pandoria-sep-middot = {" "}·{" "}
pandoria-both-sides = { $spell } / { $building }
pandoria-title-crystal = Kristalle
pandoria-title-gold = Gold
pandoria-title-wood = Holz
pandoria-label-cost = {" "}— { $cost }
pandoria-label-figure = { $leader ->
        [1] Anführer
       *[other] Arbeiter
    }
pandoria-your-leader = deinen Anführer
pandoria-the-top-spell = den obersten Zauberspruch
pandoria-the-building = das Gebäude
pandoria-region = Gebiet
pandoria-label-card = {" "}(Karte { $card })
pandoria-label-twin = {" "}(Karte { $name })
pandoria-label-start = Startplättchen auf { $a }–{ $b }: { $halves }
pandoria-label-drawn-tile = Gezogenes Plättchen auf { $a }–{ $b }: { $halves }
pandoria-label-which-tile = { $n ->
        [0] Plättchen
       *[other] Plättchen { $n }
    }
pandoria-label-tile = { $which } auf { $a }–{ $b }: { $halves }
pandoria-label-tile-bare = { $which } auf { $a }–{ $b }
pandoria-label-single = Einzelplättchen auf { $at }: { $halves }
pandoria-label-single-bare = Einzelplättchen auf { $at }
pandoria-label-path = {" "}(Pfad { $terrain })
pandoria-label-mountain-castle = Bergfestung
pandoria-label-enchanted-mountain-castle = Verzauberte Bergfestung
pandoria-label-mountain = { $how } auf den Außenpfad { $at }{ $path }
pandoria-label-mountain-short = { $how } auf { $at }{ $path }
pandoria-label-ship-discount = {" "}(Schiff −{ $n })
pandoria-label-ship = Aufgedrucktes Astralschiff: ein Arbeiter auf das Schiff bei { $at }{ $cost }{ $discount }
pandoria-label-ship-short = Aufgedrucktes Astralschiff nach { $at }{ $cost }
pandoria-label-draw-single = Einzelplättchen für eine Lücke von einem Feld ziehen (danach kein Nachziehen)
pandoria-label-draw-single-short = Einzelplättchen für eine Lücke ziehen
pandoria-relic-worth = { $scored } Punkte
pandoria-relic-worth-doubled = { $scored } Punkte ({ $points } verdoppelt)
pandoria-label-relic = Reliquie mit { $worth } — { $cost } Artefakte
pandoria-label-relic-short = Reliquie { $points } — { $cost } Artefakte
pandoria-label-castle = Burg auf { $at }
pandoria-label-enchanted-castle = Verzauberte Burg auf { $at }
pandoria-label-golem = { $second ->
        [1] Zweiter Golem
       *[other] Golem
    } ({ $leader ->
        [1] Anführer
       *[other] Arbeiter
    }) auf { $at }{ $land }{ $cost }
pandoria-label-goblin-spell = { $spell } aus den Zaubersprüchen von { $owner } wirken{ $cost }
pandoria-label-occupy = { $building } von { $owner } (Platz { $slot }) mit einem Goblin besetzen{ $cost }
pandoria-label-occupy-short = { $building } von { $owner } besetzen{ $cost }
pandoria-label-haunt = { $victim } mit deinem entfernten { $leader ->
        [1] Anführer
       *[other] Arbeiter
    } heimsuchen
pandoria-label-haunt-short = Mit deinem { $leader ->
        [1] Anführer
       *[other] Arbeiter
    } heimsuchen
pandoria-label-recall = Deinen Goblin von Platz { $slot } von { $owner } zurückholen
pandoria-label-ransom = { $what } bei { $from } auslösen — { $n ->
        [one] 1 Ressource
       *[other] { $n } Ressourcen
    } nach deren Wahl
pandoria-label-ransom-short = { $what } auslösen
pandoria-label-ransom-take = { $what } von { $payer } nehmen
pandoria-label-retrieve = Deinen { $leader ->
        [1] Anführer
       *[other] Arbeiter
    } von { $at } zurückholen
pandoria-label-move = { $leader ->
        [1] Anführer
       *[other] Arbeiter
    } { $from } → { $to }{ $land }
pandoria-label-to-own-castle = { $kind } auf deine Burg bei { $at }
pandoria-label-to-castle = { $kind } auf die Burg von { $owner } bei { $at }
pandoria-label-to-ship = { $kind } auf das Schiff bei { $at }
pandoria-label-to = { $kind } auf { $at }{ $land }
pandoria-land-terrain = {" "}({ $terrain }, { $gives })
pandoria-land-own-castle = {" "}(deine Burg)
pandoria-land-castle = {" "}(Burg von { $owner })
pandoria-land-ship = {" "}(Schiff)
pandoria-label-realm = { $realm } spielen — Start mit { $start }
pandoria-label-realm-short = { $realm } spielen
pandoria-label-cast = { $spell }{ $twin } wirken{ $cost }
pandoria-label-both = { $spell } wirken, dann { $building } oder ein Monument bauen — { $cost }
pandoria-label-both-short = { $spell } wirken, dann { $building } bauen — { $cost }
pandoria-label-recast-top = Deinen obersten Zauberspruch noch einmal wirken
pandoria-label-recast = { $spell } noch einmal wirken — { $cost }
pandoria-label-build = { $building } auf Platz { $slot }{ $over }{ $twin } bauen — { $cost }
pandoria-label-monument = { $value ->
        [0] Monument
       *[other] Monument ({ $value } Punkte)
    }{ $over } auf Platz { $slot } errichten — { $cost }
pandoria-label-buy-bare = Marktkarte { $pos } kaufen
pandoria-label-buy = Marktkarte { $pos } kaufen: { $card } — { $cost }
pandoria-label-take = Marktkarte { $pos } nehmen: { $card } (gratis)
pandoria-label-take-bare = Marktkarte { $pos } nehmen (gratis)
pandoria-label-adopt = { $spell } von { $seat } übernehmen
pandoria-label-adopt-top = Obersten Zauberspruch von { $seat } übernehmen
pandoria-label-conjure = { $resource } auf { $value } (jetzt { $have })
pandoria-label-poorhouse = { $resource } von { $have } auf 2 (Armenhaus)
pandoria-label-rage = Arbeiter auf { $worker } zählt ×{ $times } für Gebiet { $terrain } bei { $region } ({ $symbols ->
        [one] 1 Symbol
       *[other] { $symbols } Symbole
    })
pandoria-label-rage-short = Arbeiter auf { $worker } zählt ×{ $times } für Gebiet { $terrain } bei { $region }
pandoria-label-rage-region = Arbeiter auf { $worker } zählt ×{ $times } für das Gebiet bei { $region }
pandoria-label-keep-points = Punkte behalten
pandoria-label-draw-card = Karte statt der Punkte ziehen
pandoria-label-keep = { $points } für { $terrain } bei { $at } behalten
pandoria-label-draw-instead = Karte statt { $points } für { $terrain } bei { $at } ziehen
pandoria-pass = Passen
pandoria-pass-haunt = Passen (niemanden heimsuchen)
pandoria-pass-figure = Passen (keine Figur)
pandoria-pass-card = Passen (keine Karte, kein Monument)
pandoria-pass-relic = Passen (keine Reliquie)
pandoria-pass-spell = Passen (kein Zauberspruch)
pandoria-pass-take-more = Passen (keine Karten mehr nehmen)
pandoria-pass-take = Passen (keine Karte nehmen)
pandoria-pass-adopt = Passen (keinen Zauberspruch übernehmen)
pandoria-pass-castle-figure = Passen (keine Figur auf die Burg)
pandoria-pass-place-more = Passen (keine Figuren mehr setzen)
pandoria-pass-place = Passen (keine Figur setzen)
pandoria-pass-build = Passen (nichts bauen)
pandoria-pass-castle = Passen (keine Burg)
pandoria-pass-flee = Passen (keine Figuren mehr zurückholen)
pandoria-pass-monument = Passen (kein Monument)
pandoria-pass-move-more = Passen (keine Figuren mehr ziehen)
pandoria-pass-move = Passen (keine Figur ziehen)
pandoria-pass-tile = Passen (das Plättchen kommt zurück in die Schachtel)
pandoria-pass-buy = Passen (nichts kaufen)
pandoria-pass-elf = Passen (kein Zug)
pandoria-pass-golem = Passen (kein Golem)

## Layouts: the first pick of a decision with many choices, its groups and their descriptions.
pandoria-pick-castle-space = Wähle ein Feld für die Burg
pandoria-pick-tile-space = Wähle ein Feld für dein Plättchen
pandoria-pick-figure = Wähle die Figur, die zieht
pandoria-pick-card = Wähle eine Karte zum Spielen
pandoria-layout-placements = { $n ->
        [one] 1 Legemöglichkeit
       *[other] { $n } Legemöglichkeiten
    }
pandoria-layout-a-castle = eine Burg
pandoria-layout-near-figure = {" "}· neben deinem { $leader ->
        [1] Anführer
       *[other] Arbeiter
    } auf { $at }
pandoria-layout-near-figures = {" "}· neben deinen Figuren
pandoria-layout-move-own = Deinen { $leader ->
        [1] Anführer
       *[other] Arbeiter
    } auf { $at } ziehen
pandoria-layout-move-other = { $leader ->
        [1] Anführer
       *[other] Arbeiter
    } von { $seat } auf { $at } ziehen
pandoria-layout-move-the = Arbeiter auf { $at } ziehen
pandoria-layout-destinations = { $n ->
        [one] 1 Ziel
       *[other] { $n } Ziele
    }
pandoria-layout-cast = { $spell } wirken
pandoria-layout-build = { $building } auf Platz { $slots } bauen
pandoria-layout-card = Karte { $card }: { $spell } / { $building }
pandoria-layout-card-short = Karte { $card }: { $spell }
pandoria-layout-monument = Ein Monument errichten
pandoria-layout-ways = { $n ->
        [one] 1 Möglichkeit
       *[other] { $n } Möglichkeiten
    }

## Scenario fixtures (the `fix` keys that set up a position before the first action).
pandoria-bad-hex = „{ $word }“ ist kein Feld des Plans: nimm eine Spalte A–P und eine Zeile 0–13, etwa D7
pandoria-fix-late = Fixtures kommen vor der ersten Aktion
pandoria-fix-needs-seat = „{ $key }“ braucht eine Platznummer
pandoria-fix-needs-hex = „{ $key }“ braucht ein Feld
pandoria-fix-needs = „{ $key }“ braucht { $what }
pandoria-fix-what-amounts = einen Platz und drei Mengen (Kristall Gold Holz)
pandoria-fix-what-slot-card = einen Platz, einen Gebäudeplatz (1–5) und eine Karte
pandoria-fix-what-slot = einen Platz und einen Gebäudeplatz (1–5)
pandoria-fix-what-artifacts = eine Zahl von Artefakten
pandoria-fix-needs-number = „{ $key }“ braucht eine Zahl
pandoria-fix-not-tile-id = „{ $word }“ ist keine Plättchennummer
pandoria-fix-not-double = { $word } ist keine Nummer eines Doppelplättchens (1–48; 59–70 mit Artefakte)
pandoria-fix-not-single = { $word } ist keine Nummer eines Einzelplättchens (51–58; 71–76 mit Artefakte)
pandoria-fix-not-card-id = „{ $word }“ ist keine Kartennummer
pandoria-fix-not-card = { $word } ist keine Kartennummer (1–54)
pandoria-fix-economy = „{ $key }“ braucht das reguläre oder das Anfängerspiel (Option mode=standard)
pandoria-fix-needs-cards = „{ $key }“ braucht ein Spiel mit Karten
pandoria-fix-hands = „hands“ braucht eine Plättchennummer pro Platz ({ $players })
pandoria-fix-tiles = „tiles N A [B]“ nennt ein oder zwei Plättchen
pandoria-fix-stack-empty = der Stapel ist leer
pandoria-fix-named-twice = Plättchen { $tile } ist zweimal genannt
pandoria-fix-tile-elsewhere = Plättchen { $tile } ist auf einer Hand oder auf dem Plan
pandoria-fix-tile-on-board = Plättchen { $tile } liegt schon auf dem Plan
pandoria-fix-stack-only = der Stapel hat nur { $n } Plättchen
pandoria-fix-no-castle-left = dieser Platz hat keine Burg mehr
pandoria-fix-cannot-stand = auf { $at } kann keine Figur stehen
pandoria-fix-leader-placed = dieser Anführer steht schon auf dem Plan
pandoria-fix-no-worker-left = dieser Platz hat keinen Arbeiter mehr
pandoria-fix-realms = „realms“ braucht ein Volk pro Platz ({ $players })
pandoria-fix-not-realm = „{ $word }“ ist kein Volk (humans, dwarves, elves, mages, halflings)
pandoria-fix-realm-twice = { $realm } doppelt: das Anfängerspiel braucht verschiedene Völker
pandoria-fix-resources-range = Ressourcen gehen von 0 bis 10
pandoria-fix-market-size = der Kartenmarkt zeigt höchstens 4 Karten
pandoria-fix-deck-only = der Nachziehstapel hat nur { $n ->
        [one] 1 Karte
       *[other] { $n } Karten
    }
pandoria-fix-slots = Gebäudeplätze sind 1–5
pandoria-fix-slot-monument = auf Platz { $slot } steht ein Monument
pandoria-fix-slot-empty = auf Platz { $slot } steht kein Gebäude zum Abdecken
pandoria-fix-not-monument-value = „{ $word }“ ist kein Monumentwert
pandoria-fix-no-monument-value = kein Monument mit Wert { $value } ist übrig
pandoria-fix-monument-range = „{ $word }“ ist kein Monumentwert (3–6)
pandoria-fix-score = „score“ braucht einen Platz und Punkte
pandoria-fix-single-missing = Einzelplättchen { $tile } ist nicht im Stapel
pandoria-fix-artifacts = „artifacts“ braucht die Artefakte-Erweiterung (Option artifacts=true)
pandoria-fix-artifacts-pool = nur { $n } Artefakte sind nicht auf dem Plan
pandoria-fix-unknown = unbekanntes Fixture „{ $key }“; Fixtures: { $fixtures }
pandoria-fix-card-placed = Karte { $card } liegt schon auf einem Tableau oder einem Zauberspruchstapel

## Optionen eines Tischs (/new, die Lobby, das Terminal)
pandoria-option-mode = Spiel
pandoria-option-mode-family = Familienspiel
pandoria-option-mode-family-spells = Familienspiel mit Zaubersprüchen
pandoria-option-mode-beginner = Einsteigerspiel
pandoria-option-mode-standard = Standardspiel
pandoria-option-realms = Völker
pandoria-option-realms-random-unique = für jeden ein anderes, zufällig
pandoria-option-realms-random-not-unique = für jeden zufällig, auch doppelt
pandoria-option-realms-same-random = ein zufälliges Volk für alle
pandoria-option-realms-same-chosen = das gewählte Volk für alle
pandoria-option-realms-each-chooses = jeder wählt selbst
pandoria-option-realm-sets = Völkersätze
pandoria-option-realm-sets-base = die fünf Grundvölker
pandoria-option-realm-sets-base-promo = Grund- und Promovölker
pandoria-option-realm-sets-expansion = die Völker-Erweiterung
pandoria-option-realm-sets-base-expansion = Grundvölker und Völker-Erweiterung
pandoria-option-realm-sets-expansion-promo = Völker-Erweiterung und Promos
pandoria-option-realm-sets-all = alle zwölf Völker
pandoria-option-realm = Volk für alle
pandoria-option-realm-humans = Menschen
pandoria-option-realm-dwarves = Zwerge
pandoria-option-realm-elves = Elfen
pandoria-option-realm-mages = Magier
pandoria-option-realm-halflings = Halblinge
pandoria-option-realm-centaurs = Zentauren (Völker-Erweiterung)
pandoria-option-realm-fairies = Feen (Völker-Erweiterung)
pandoria-option-realm-goblins = Goblins (Völker-Erweiterung)
pandoria-option-realm-golems = Golems (Völker-Erweiterung)
pandoria-option-realm-spirits = Geister der Ältesten (Völker-Erweiterung)
pandoria-option-realm-nymphs = Nymphen (Promo)
pandoria-option-realm-hanbok = Hanbok (Promo)
pandoria-option-edition = Auflage
pandoria-option-edition-yucata = Yucata (erste Auflage)
pandoria-option-edition-second = zweite gedruckte Auflage
pandoria-option-start-tiles = Startplättchen
pandoria-option-start-tiles-marked = auf den markierten Feldern
pandoria-option-start-tiles-random = irgendwo in der Ebene, zufällig
pandoria-option-start-tiles-chosen = vom Startspieler gelegt
pandoria-option-start-apart = Startplättchen getrennt
pandoria-option-start-apart-off = Startplättchen nicht getrennt
pandoria-option-partnership = Partnerspiel (4 Spieler)
pandoria-option-partnership-off = kein Partnerspiel
pandoria-option-artifacts = Artefakte-Erweiterung
pandoria-option-artifacts-off = ohne Artefakte-Erweiterung
pandoria-option-board = Spielplan
pandoria-option-board-pandoria = Pandoria-Seite (Seen)
pandoria-option-board-river = Flussseite

## /help und /rules (issue 30, helper REF): die Regeln in Kürze mit der Notation und die
## Hilfethemen (reference.rs topics()). Eigene Worte nach Text 000, in dessen Begriffen.
pandoria-help =
    Pandoria: Lege Landschaftsplättchen, setze Figuren ein und schließe Gebiete ab, um Punkte zu sammeln.
    Ein Zug: 1. leg dein Doppelplättchen von der Hand an (oder eine Burg); 2. einen Arbeiter oder deinen Anführer darauf (oder passen); 3. abgeschlossene Gebiete werten für alle mit Figuren daneben; 4. im Standardspiel: einen Zauberspruch wirken oder ein Gebäude von der Hand bauen; 5. ein neues Plättchen ziehen.
    Notation (A–P × 0–13): `tile D7 E7` legt das Handplättchen (erste Hälfte auf D7), `castle D7`, `worker D7`, `leader D7`, `retrieve D7`, `spell 17`, `build 17 3` (Platz 3), `monument 3`, `buy 2`, `pass`; Artefakte `mountain A9`, `single`, `relic 4`; Fluss `ship H7`.
pandoria-topic-turn-title = Ein Zug
pandoria-topic-turn =
    1. **Lege** dein Handplättchen an Land an (oder stattdessen eine Burg). Ein Gebiet, das jetzt ringsum von anderer Landschaft, Seen, Burgen oder dem Spielplanrand umschlossen ist, ist **abgeschlossen**, außer ein Außenpfad seiner Landschaftsart berührt es; Figuren darin kehren in den Vorrat zurück.
    2. **Figur**: Setze einen Arbeiter auf das gerade gelegte Plättchen oder die Burg (den Anführer erst, wenn alle Arbeiter draußen sind), nimm eine deiner Figuren zurück oder lass es.
    3. **Karte**: Wirke den Zauberspruch einer Handkarte (zahle Kristalle), baue ihr Gebäude auf einen deiner fünf Gebäudeplätze (zahle Holz) oder errichte ein Monument.
    4. **Werte** die in diesem Zug abgeschlossenen Gebiete und **kaufe** dann eine Marktkarte, wenn du eines abgeschlossen hast.
    5. Zieh ein neues Plättchen (nicht nach einer Burg).
pandoria-topic-scoring-title = Wertung
pandoria-topic-scoring =
    Wer eine Figur neben einem abgeschlossenen Gebiet hat, wertet es mit, egal wer es abgeschlossen hat: Je Figur (der Anführer zählt 2) bekommst du je Symbol eine Ressource des Gebiets — Holz aus dem Wald, Kristalle aus dem Gebirge, Gold aus dem Hügelland — oder Punkte aus einer Stadt. Gebäude legen etwas drauf (Sägemühlen, Türme, Schatzkammern, die Statue). Dein Lager fasst 10 jeder Ressource: Was darüber hinausgeht, wird zu 1 Punkt je 3 (ein sichtbarer Holzplatz, ein Depot oder Gewölbe tauscht besser), der Rest verfällt.
pandoria-topic-market-title = Karten und der Markt
pandoria-topic-market =
    Jede Karte hat zwei Hälften: einen Zauberspruch (einmalig, mit Kristallen bezahlt, danach liegt er auf deinem Spruchstapel) und ein Gebäude (dauerhaft, mit Holz bezahlt, auf einem deiner fünf Plätze). Ein altes Gebäude zu überbauen kostet die Differenz, mindestens 1 Holz; zwei gleiche Gebäude dürfen nie sichtbar sein. Vier Karten liegen offen im Kartenmarkt: Hast du ein Gebiet abgeschlossen, darfst du eine davon für ihren Goldpreis kaufen, dann wird der Markt aufgefüllt. `/card` erklärt jeden Zauberspruch und jedes Gebäude.
pandoria-topic-monuments-title = Monumente
pandoria-topic-monuments =
    Statt eines Zauberspruchs oder Gebäudes darfst du eines deiner Gebäude mit dem obersten Monument überbauen: Es kostet 8 Holz minus die Kosten des überbauten Gebäudes (mindestens 1) und bringt sofort seine Punkte. Der Stapel beginnt mit den höchsten Werten; ein Monument wird nie wieder überbaut.
pandoria-topic-end-title = Das Spielende
pandoria-topic-end =
    Legt jemand ein Plättchen aus der Hand und es ist keines mehr zum Nachziehen da, wird die Runde zu Ende gespielt, dann ist das Spiel vorbei. Jede Handkarte bringt 1 Punkt, je 3 einer Ressource ebenfalls 1 Punkt (oder der bessere Kurs eines sichtbaren Holzplatzes, Depots oder Gewölbes). Bei Gleichstand gewinnt, wer mehr Ressourcen übrig hat.
pandoria-topic-modes-title = Spielarten
pandoria-topic-modes =
    {"*"}*Familienspiel**: keine Völker, Karten, Gebäude oder Monumente; jedes Symbol eines abgeschlossenen Gebiets ist ein Punkt, und jeder darf den Anführer jederzeit einsetzen.
    {"*"}*Familienspiel mit Zaubersprüchen**: wie das Familienspiel, mit einem Stapel der Figuren-Zaubersprüche; ein Spruch pro Zug, und bei jeder Wertung darfst du statt der Punkte eine Karte ziehen.
    {"*"}*Einsteigerspiel**: Völkertableau Seite A ohne Fähigkeiten; du beginnst mit den zwei Karten deines Volkes, die mit A markierte schon gebaut.
    {"*"}*Standardspiel**: Völkertableau Seite B mit seiner Fähigkeit und vier zufälligen Karten. `/realm` erklärt jedes Volk.
pandoria-topic-expansions-title = Erweiterungen und Editionen
pandoria-topic-expansions =
    {"*"}*Völker** (Option realm_sets): Zentauren, Feen, Goblins, Golems und die Geister der Ältesten, dazu die Promo-Völker Nymphen und Hanbok, jedes mit eigener Fähigkeit (`/realm`).
    {"*"}*Artefakte**: Plättchen, deren Artefakte an den gehen, der ihr Gebiet abschließt; Reliquien, mit Artefakten gekauft; eine Bergfestung, die einen Außenpfad sperrt; und Einzelplättchen für Lücken von einem Feld (`/card relic`).
    {"*"}*Flussplan** (board=river): Ein Fluss teilt die Ebene; eingeschlossene Schiffe fahren flussabwärts, und das aufgedruckte Astralschiff lässt sich statt einer Karte wirken.
    {"*"}*Zweite Edition** (edition=second): neue Startwerte und neue Fähigkeiten für die Magier und die Halblinge.

## Die Wörter des Nachschlagens für /card und /realm (issue 30, helper REF; reference.rs entries()).
pandoria-ref-kind-spell = Zauberspruch
pandoria-ref-kind-building = Gebäude
pandoria-ref-kind-monument = Monument
pandoria-ref-kind-artifacts = Artefakte-Erweiterung
pandoria-ref-kind-river = Flussseite des Plans
pandoria-ref-kind-realm = Volk ({ $set })
pandoria-ref-set-base = Grundspiel
pandoria-ref-set-expansion = Völker-Erweiterung
pandoria-ref-set-promo = Promo
pandoria-ref-spell-facts = { $costs } Kristalle auf ihren Karten
pandoria-ref-building-facts = { $costs } Holz auf seinen Karten
pandoria-ref-monument-facts = { $points } Punkte wert
pandoria-ref-realm-facts = beginnt mit { $crystals ->
    [one] 1 Kristall
   *[other] { $crystals } Kristallen
}, { $gold } Gold, { $wood } Holz
pandoria-ref-second-edition =
    { $first }
    Zweite Edition: { $second }
pandoria-ref-role = die { $realm }
