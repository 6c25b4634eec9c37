# Secret Nim's words in German (the test-only game). Same ids and variables as
# core/tests/support/locales/en/nim.ftl.

nim-took = { $stones ->
    [one] nimmt 1 Stein
   *[other] nimmt { $stones } Steine
}
nim-played = spielt eine { $card } und nimmt { $card } Steine
nim-drew = zieht eine Karte
nim-won = nimmt den letzten Stein und gewinnt
nim-log = { $seat } { $did }
nim-take-one = Einen Stein nehmen
nim-take = { $stones ->
    [2] Zwei
    [3] Drei
   *[other] { $stones }
} Steine nehmen
nim-play = Deine { $card } spielen — { $card } Steine nehmen, dann ziehen
nim-turn = 1 bis 3 Steine nehmen oder eine Karte spielen
nim-refuse-stones = nimm 1 bis { $most } Steine
nim-refuse-no-card = du hast keine { $card } auf der Hand
nim-refuse-too-few = nur noch { $left } Steine übrig, weniger als deine { $card }
nim-setup-players = Secret Nim ist für 2 Spieler, nicht { $players }
nim-setup-stones = der Haufen hat 3 bis 40 Steine
nim-fix-late = Fixtures kommen vor der ersten Aktion
nim-fix-number = keine Zahl: { $text }
nim-fix-hand = hand: ein Platz (1 oder 2), dann seine Karten
nim-fix-unknown = keine Fixture „{ $key }“; Fixtures: hand, deck
nim-parse-number = nach dem Verb fehlt eine Zahl
nim-parse = erwartet `take N` oder `play N`

# Die Bilder von Secret Nim (render/tests/support/nim_pictures.rs).
nim-pictures-title = Secret Nim
nim-pictures-stones-left = { $stones } Steine übrig
nim-pictures-cards-in-hand = { $n } Karten auf der Hand
nim-pictures-latest = Der letzte Zug
nim-pictures-none = keine
nim-pictures-hand-alt = Deine geheime Hand in Secret Nim: { $cards }
nim-pictures-text-title = Secret Nim · { $stones } Steine übrig
nim-pictures-text-to-play = {" "}· { $seat } ist dran
nim-pictures-text-seat = { $seat }: { $cards } Karten
nim-pictures-text-played = Gespielt: { $cards }
nim-pictures-text-hand = Deine Karten: { $cards }
nim-option-stones = Steine im Haufen
nim-option-stones-count = { $stones } Steine

## /help (issue 30, helper REF).
nim-help = Nimm 1 bis 3 Steine vom Haufen (`take 2`) oder spiel eine Karte aus deiner geheimen Hand und nimm so viele (`play 5`), dann zieh nach. Wer den letzten Stein nimmt, gewinnt.
