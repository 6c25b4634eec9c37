# The bot's own words in German: the table's refusals, its log lines and answers. Same ids and
# variables as bot/locales/en/bot.ftl (whoever adds an English message adds its German here in
# the same commit). du-form, short. Words of core and the games arrive as arguments already in
# the reader's language; a game's prompt ($now) is an infinitive phrase ("Würfel neu werfen oder
# behalten"), so it follows "Du kannst …". Commands, their options and the buttons are named by
# their messages (`/{ bot-cmd-new }`, „{ bot-button-join }“), as Discord's German client shows
# them; values typed as words (rated=yes, key=value options, notation) stay as the bot reads them.

## Seats: "Anna (Rot)", "Blau (KI, stark)", "Platz 3" before the game knows its colours.
bot-seat-of = { $name } ({ $colour })
bot-seat-ai = { $colour } (KI, { bot-ai-level })
bot-seat-number = Platz { $n }
# An AI's strength (the key is the level's stored name).
bot-ai-level = { $level ->
    [random] zufällig
    [easy] leicht
    [strong] stark
   *[normal] normal
}

## Refusals that come from the store.
bot-channel-busy = In diesem Kanal läuft schon ein Spiel. Beende es oder brich es zuerst ab, oder nimm einen anderen Kanal oder Thread.
bot-already-seated = Du hast schon einen Platz in diesem Spiel.
bot-version-conflict = Das Spiel hat sich geändert, während du dran warst; sieh dir das neueste Brett an und versuch es noch einmal.
bot-already-done = Das ist schon erledigt.

## Playing: refusals of an action, with what the player can do now ($now: the decision's
## prompt, an infinitive phrase; empty once the game is over).
bot-turn-passed = Dieser Zug ist vorbei: das Brett hat sich seit dieser Nachricht geändert. Nimm die neueste oder /{ bot-cmd-play }.
bot-pick-again = Neu wählen
bot-toggled-not-a-move = Das zusammen ist jetzt kein Zug. { $pick } — oder du kannst { $now }.
bot-pick-from-list = Wähle beim Tippen eine Aktion aus der Liste (ein Feld wie D7, einen Kartennamen) oder nimm „{ bot-button-take-my-turn }“. Du kannst { $now }.
bot-cannot-read = „{ $input }“ ist nicht lesbar: { $reason }.
bot-game-over-now = Das Spiel ist vorbei. Du kannst { $now }.
bot-not-your-turn-now = { $seat } ist am Zug. Du kannst { $now }.
# A game's refusal ($why: "A1 liegt nicht in der fruchtbaren Ebene (…)").
bot-refused-now = { $why }. Du kannst { $now }.
bot-not-started-opener-starts = Das Spiel hat noch nicht begonnen: wer den Tisch eröffnet hat, startet es.
bot-not-playing-watch = Du spielst in diesem Spiel nicht mit; mit /{ bot-cmd-board } kannst du zusehen.
bot-resigned-already = Du hast dieses Spiel aufgegeben.
bot-game-over-see-log = Das Spiel ist vorbei; /{ bot-cmd-log } zeigt, wie es lief.
bot-not-your-turn = { $seat } ist am Zug — du kannst dir solange das Brett oder deine Hand ansehen.
bot-undo-others-acted = { $seat } hat seitdem gespielt; nur deine eigenen Aktionen dieses Zugs lassen sich zurücknehmen.
bot-undo-nothing = Es gibt nichts zurückzunehmen: Zurücknehmen geht nie hinter einen Würfelwurf, ein gezogenes Plättchen oder eine aufgedeckte Karte zurück und nie in einen früheren Zug.
bot-took-back = { $seat } hat „{ $notation }“ zurückgenommen.
bot-resign-not-started = Das Spiel hat nicht begonnen: mit „{ bot-button-leave }“ gibst du deinen Platz auf.
bot-resign-no-seat = Du hast in diesem Spiel keinen Platz, den du aufgeben könntest.

## Log lines the table writes (stored typed, read in the reader's language).
bot-log-took-back = { $seat } nimmt „{ $notation }“ zurück
bot-log-resigned = { $seat } gibt auf
bot-log-forfeits = { $seat } hat die Zeit überschritten und verliert kampflos
bot-log-not-replaced = { $seat } sollte ersetzt werden, aber niemand hat den Platz übernommen: der Platz verliert kampflos
bot-log-wins-by-resignation = { $seat } gewinnt: alle anderen haben aufgegeben
bot-log-plays-automatically = Der Platz von { $seat } spielt jetzt automatisch (und passt, wo er darf)
bot-log-turn-skipped = { $seat } hat die Zeit überschritten: der Zug wird übersprungen
bot-log-takes-over = { $name } übernimmt den Platz von { $before } als { $colour }
bot-an-ai = Eine KI ({ bot-ai-level })

## Deadlines and votes.
bot-no-vote = In diesem Spiel läuft keine Abstimmung: wer am Zug ist, ist nicht im Verzug.
bot-vote-own-seat = Die Abstimmung geht um deinen Platz; spiel deinen Zug („{ bot-button-take-my-turn }“), dann endet sie.
bot-vote-players-only = Nur die Spieler dieses Spiels stimmen darüber ab, einen Platz zu ersetzen.
bot-no-open-seat = In diesem Spiel ist kein Platz frei.
bot-seat-to-ai-players-only = Nur die Spieler dieses Spiels (oder ein Moderator) können den Platz einer KI geben.
bot-seat-no-longer-open = Dieser Platz ist nicht mehr frei: sein Spieler hat weitergespielt.
bot-seat-taker-seated = Du hast schon einen Platz in diesem Spiel; diesen übernimmt jemand von außerhalb.

## Refusals of the lobby, the league and the other commands.
bot-abandon-opener-only = Nur wer den Tisch eröffnet hat oder ein Moderator (Nachrichten verwalten) kann das Spiel abbrechen.
bot-not-running = Das Spiel läuft nicht mehr.
bot-season-name-length = Gib der Saison einen Namen mit 1 bis 60 Zeichen.
bot-season-just-started = Gerade wurde eine Saison gestartet; sieh in /{ bot-cmd-leaderboard } nach.
bot-no-season = Es läuft keine Saison; /{ bot-cmd-season } { bot-opt-season-start } beginnt eine.
bot-record-no-game = In diesem Kanal gibt es kein Spiel zum Eintragen.
bot-record-not-started = Das Spiel hat nicht begonnen: es gibt noch nichts einzutragen.
bot-no-game-here = In diesem Kanal gibt es kein Spiel. Starte eines mit /{ bot-cmd-new }.
bot-player-listed-twice = Ein Spieler steht doppelt in der Liste.
bot-already-started-watch = Das Spiel hat schon begonnen; mit /{ bot-cmd-board } kannst du zusehen.
bot-choose-ai-level = Wähle eine leichte, normale oder starke KI.
bot-ai-added-in-lobby = Das Spiel hat begonnen; KI-Plätze kommen in der Lobby dazu.
bot-add-ai-opener-only = Nur wer den Tisch eröffnet hat (oder ein Moderator) kann KI-Plätze hinzufügen.
bot-ai-seats-stay = Das Spiel hat begonnen: KI-Plätze bleiben bis zum Ende.
bot-remove-ai-opener-only = Nur wer den Tisch eröffnet hat (oder ein Moderator) kann KI-Plätze entfernen.
bot-no-ai-seat = Es gibt keinen KI-Platz zum Entfernen.
bot-leave-started = Das Spiel hat begonnen: um deinen Platz aufzugeben, nimm /{ bot-cmd-resign }.
bot-no-seat-here = Du hast keinen Platz an diesem Tisch.
bot-already-running = Das Spiel läuft schon.
bot-start-opener-only = Nur wer den Tisch eröffnet hat (oder ein Moderator) kann es starten.
bot-seats-changed-on-start = Die Plätze haben sich geändert, während du „{ bot-button-start }“ gedrückt hast; sieh dir die Lobby an und drück noch einmal „{ bot-button-start }“.
bot-rematch-unknown = Dieses Spiel ist nicht mehr bekannt; /{ bot-cmd-new } eröffnet einen neuen Tisch.
bot-rematch-other-channel = Dieses Spiel lief in einem anderen Kanal: bitte dort um die Revanche oder eröffne hier einen Tisch mit /{ bot-cmd-new }.
bot-rematch-still-open = Dieses Spiel läuft noch; eine Revanche kann folgen, wenn es zu Ende ist.
bot-rematch-abandoned = Dieses Spiel wurde abgebrochen, also gibt es keine Revanche; /{ bot-cmd-new } eröffnet einen neuen Tisch.
bot-rematch-players-only = Nur die Spieler dieses Spiels (oder ein Moderator) können um eine Revanche bitten; /{ bot-cmd-new } eröffnet einen Tisch für alle.
bot-explain-nothing = Du musst jetzt nichts entscheiden. `/{ bot-cmd-rules }` erklärt das Spiel, `/{ bot-cmd-card }`, `/{ bot-cmd-realm }` und `/{ bot-cmd-development }` einzelne Teile.
bot-reminders-moderators-only = Nur Mitglieder, die Nachrichten verwalten dürfen, ändern die Erinnerungen dieses Kanals.
bot-hand-not-playing = Du spielst in diesem Spiel nicht mit, also hast du hier keine Hand.
bot-not-started-yet = Das Spiel hat noch nicht begonnen.
bot-no-game-played = In diesem Kanal wurde noch kein Spiel gespielt.
bot-games-server-only = Das listet die Spiele eines Servers auf; nutze es in einem Kanal eines Servers.

## Opening a table: its options and seats (option values are typed as in English).
bot-no-such-game = Es gibt kein Spiel „{ $name }“; Spiele: { $games }.
bot-not-a-deadline = „{ $value }“ ist keine Frist: wähle none, 12h, 24h, 48h, 72h oder week.
bot-not-a-policy = „{ $value }“ ist keine Regel für Fristen: wähle skip, replace oder forfeit.
bot-not-yes-or-no = „{ $value }“ ist weder yes noch no: rated=yes zählt das Spiel für die Rangliste, rated=no nicht.
bot-too-many-ai = { $n } KI-Plätze sind zu viele: ein Tisch mit höchstens { $max } Spielern hat neben dir Platz für 0 bis { $most }.
bot-not-an-ai-count = „{ $value }“ ist keine Anzahl von KI-Plätzen: gib 0 bis { $most } an (ai=1 fügt einen hinzu).
bot-not-an-ai-level = „{ $value }“ ist keine Stufe der KI: wähle easy, normal oder strong.
bot-too-many-seats = { $game } ist für höchstens { $max } Spieler: { $people } Personen und { $ai } KI-Plätze sind zu viele.
bot-player-count-not = { $game } ist für { $low } bis { $high } Spieler, nicht { $n }.
bot-seats-listed-for = { $seats } Plätze für einen Tisch mit { $n } Spielern angegeben.
bot-seats-with-ai-for = { $seats } Plätze (mit der KI) für einen Tisch mit { $n } Spielern.
bot-player-count-listed = { $game } ist für { $low } bis { $high } Spieler; angegeben waren { $listed }.
bot-options-do-not-work = Diese Optionen gehen nicht: { $error }.
bot-start-too-few = { $game } braucht { $low } bis { $high } Spieler; bisher sitzen { $present } am Tisch{ $waiting }.
bot-waiting-for-join = {" "}(es fehlt noch „{ bot-button-join }“ von { $names })
bot-rematch-lobby-open = In diesem Kanal ist schon ein Tisch offen: drück „{ bot-button-join }“ unter seiner Nachricht, um dort Platz zu nehmen.
bot-rematch-game-running = In diesem Kanal wird schon ein Spiel gespielt; eine Revanche kann hier beginnen, wenn es zu Ende ist (oder nimm /{ bot-cmd-new } in einem anderen Kanal).

## The league: vacations, seasons, leaderboards.
# What belongs to a server (the key names the command).
bot-server-only = { $what ->
    [vacations] Urlaube
    [seasons] Saisons
    [league-settings] Einstellungen der Liga
    [leaderboards] Ranglisten
    [profiles] Profile
   *[game-histories] Spielverläufe
} gehören zu einem Server; nutze das in einem Kanal eines Servers.
# What only moderators do (the key names the command).
bot-moderators-only = Nur Moderatoren (Nachrichten verwalten) können { $what ->
    [season-start] eine Saison starten
    [season-close] eine Saison abschließen
   *[league-settings] die Einstellungen der Liga ändern
}.
bot-vacation-too-long = Du hast { $span } noch { $left } Urlaubstage (von { $allowance }); beantrage weniger.
bot-this-season = in dieser Saison
bot-outside-seasons = außerhalb der Saisons
bot-season-running = Die Saison „{ $name }“ läuft; schließ sie zuerst mit /{ bot-cmd-season } { bot-opt-season-close } ab.
bot-no-such-season = Hier gibt es keine Saison „{ $name }“; /{ bot-cmd-league } zeigt die laufende, oder nimm { bot-opt-season }:all.

## Limits on what a command may carry.
bot-not-a-count = „{ $value }“ ist keine gültige Zahl für { $what }: { $low } bis { $high }.
bot-out-of-range = { $what }: erlaubt ist { $low } bis { $high }, nicht { $value }.
bot-too-long = { $what }: zu lang, höchstens { $max } Zeichen („{ $text }“).
bot-too-many-options = { $n } Optionen sind zu viele: höchstens { $max }.
bot-too-many-players = { $n } Spieler angegeben: höchstens { $max }.
bot-too-many-picked = { $n } Einträge gewählt: höchstens { $max }.
bot-not-an-item = Eintrag { $item } ist keiner der { $max }, die je einmal gewählt werden können.
bot-what-option-value = Der Wert von { $key }
# What a limit is about (the key names it).
bot-what = { $key ->
    [your-name] Dein Name
    [game-name] Der Name des Spiels
    [option-name] Der Name einer Option
    [players] Die Zahl der Spieler
    [player-name] Der Name eines Spielers
    [action] Diese Aktion
    [log-page] Die Seite des Logs
    [reminder-hours] Der Abstand der Erinnerungen in Stunden
    [vacation-days] Urlaubstage
    [season-name] Der Name der Saison
    [setting] Diese Einstellung
    [season-vacation-days] Urlaubstage pro Saison
    [quiet-start] Die Stunde, in der die Ruhezeit beginnt
    [quiet-end] Die Stunde, in der die Ruhezeit endet
    [utc-offset] Dein Abstand zu UTC
    [ai-seats] KI-Plätze
   *[that-name] Dieser Name
}

## The reference: /card, /realm, /development, /rules (Pandoria's words as in text 000:
## Karte, Zauberspruch, Gebäude, Volk, Reliquie; RTTA's as in text 002).
bot-no-such-component = { $kind ->
    [card] Keine Karte, kein Zauberspruch, kein Gebäude, kein Monument und keine Reliquie heißt
    [realm] Kein Volk heißt
   *[development] Keine Errungenschaft, kein Monument und keine Katastrophe heißt
} „{ $name }“. Tippe einen Teil eines Namens auf Englisch oder Deutsch (z. B. { $examples }) und wähle einen aus der Liste.
bot-no-such-topic = { $game } hat kein Regelthema „{ $topic }“; seine Themen sind { $topics }.
bot-buttons-of-ended-game = Dieses Spiel ist zu Ende; seine Knöpfe funktionieren nicht mehr.
bot-log-pages = Das Log hat { $pages ->
    [one] 1 Seite
   *[other] { $pages } Seiten
}.

## Suggestions while typing an action, when there is none to suggest.
bot-suggest-no-game = In diesem Kanal gibt es kein Spiel — starte eines mit /{ bot-cmd-new }
bot-suggest-not-playing = Du spielst in diesem Spiel nicht mit — /{ bot-cmd-board } zeigt es
bot-suggest-not-started = Das Spiel hat noch nicht begonnen — nichts zu spielen
bot-suggest-not-your-turn = { $seat } ist am Zug — für dich gibt es gerade nichts zu spielen
bot-suggest-nothing-matches = Nichts passt zu „{ $typed }“ — versuch ein Feld wie D7, einen Kartennamen oder weniger Buchstaben
# Actions set aside because the stored log was damaged: from $first to $last ($count of
# them); $before is the last action kept (0: none).
bot-log-set-aside = ⚠️ Das Log des Spiels ist bei Aktion { $first } beschädigt: es ist nicht mehr das gespeicherte und lässt sich nicht nachspielen. { $before ->
    [0] Das Spiel ist zurück an seinem Anfang
   *[other] Das Spiel ist zurück beim Stand nach Aktion { $before }
}; { $count ->
    [1] Aktion { $first } wird beiseitegelegt (für die Moderatoren aufbewahrt) und muss neu gespielt werden.
   *[other] die Aktionen { $first } bis { $last } werden beiseitegelegt (für die Moderatoren aufbewahrt) und müssen neu gespielt werden.
}
bot-table-full = Der Tisch ist voll ({ $seats } Plätze).

## The question before an action that leaves something unused ($unused: what, one part per
## unused thing; $ends_turn: 1 when the action ends the turn).
bot-ask-first = { $unused } — { $ends_turn ->
    [1] den Zug trotzdem beenden?
   *[0] trotzdem weiter? Das lässt sich nicht zurücknehmen.
}
    („{ bot-button-back }“ führt zu deinen Möglichkeiten; /{ bot-cmd-settings } { bot-opt-confirm }:{ bot-choice-off } schaltet diese Frage ab.)
bot-ask-first-button = { $ends_turn ->
    [1] Zug trotzdem beenden
   *[0] Trotzdem weiter
}
bot-semicolon = ;{" "}

## Answers to a repeated or empty request.
bot-already-played = Das wurde schon gespielt.
bot-nothing-happened = Es ist noch nichts passiert.
bot-no-finished-games = Auf diesem Server ist noch kein Spiel zu Ende gegangen.

## table: the table's own messages (lobby, turn message, help, references, settings, deadlines,
## league); commands and buttons are named by their messages (`/{ bot-cmd-new }`).
bot-language-yours = Ich spreche jetzt { $language } mit dir: in deinen Bedienfeldern, Antworten und Direktnachrichten.
bot-language-yours-discord = Ich spreche jetzt in deiner Discord-Sprache mit dir.
bot-language-server = Die Kanäle dieses Servers zeigen die Spiele jetzt auf { $language }.
bot-language-server-discord = Die Kanäle dieses Servers zeigen die Spiele jetzt in der Sprache des Servers (seiner Discord-Community-Einstellung).
bot-outbox-gave-up = Ich konnte nach { $attempts } Versuchen nicht in { $channel } posten ({ $why }). Das Spiel ist gespeichert; `/{ bot-cmd-board }` zeigt es.
bot-dms-closed = { $user }, ich kann dir keine Direktnachrichten schicken — nimm **{ bot-button-my-hand }** oder `/{ bot-cmd-hand }`, um deine Hand hier zu sehen, nur für dich.
bot-outbox-unreachable = Ich konnte die Nachricht des Spiels nicht in { $channel } posten: { $why }. Das Spiel ist gespeichert, und ich poste sie, sobald ich kann (ich versuche es immer wieder und jedes Mal, wenn dort jemand einen Befehl benutzt) — ein Moderator kann die Berechtigungen des Kanals für Turnpost richten (Kanaleinstellungen → Berechtigungen → Rolle von Turnpost → erlauben: Kanal ansehen, Nachrichten senden (in einem Thread: Nachrichten in Threads senden), Dateien anhängen, Links einbetten und Nachrichtenverlauf anzeigen); `/{ bot-cmd-board }` zeigt das Spiel solange.
bot-held-note = (Nur du siehst das, bis dein Zug etwas Neues aufdeckt oder endet; „{ bot-button-undo }“ nimmt es zurück.)
bot-policy-then = { $policy ->
    [skip] wird der Zug übersprungen
    [replace] stimmen die anderen ab, den Spieler zu ersetzen
   *[forfeit] verliert der Platz kampflos
}
bot-to-play = { $seat } ist am Zug: { $prompt }
bot-deadline = ⏳ Frist { $at } (danach { $then }).
bot-deadline-away = {" "}Im Urlaub bis { $until }: die Uhr wartet.
bot-game-over-winner = Das Spiel ist vorbei. Gewonnen hat: { $winners }.
bot-game-over-bold = **Das Spiel ist vorbei.**
bot-game-over-dm = **Das Spiel ist vorbei.** Gewonnen hat: { $winners }.
bot-game-over-placed = {" "}Du belegst Platz { $place } von { $of } mit { $score } Punkten. Deine Hand am Ende:
bot-board-not-started = Das Spiel hat noch nicht begonnen. Plätze ({ $seated }/{ $max }): { $names }.
bot-your-sheet = Dein Blatt ({ $seat }): { $sheet }
    { $game } verbirgt nichts: jedes Blatt liegt für alle sichtbar auf dem Brett.
bot-log-page = Log, Seite { $page } von { $pages }:
bot-games-none = Auf diesem Server laufen keine Spiele. Starte eines mit /{ bot-cmd-new }.
bot-games-line = { $channel } { $game } — { $players } — { $state }
bot-games-to-play = { $seat } ist am Zug
bot-games-waiting = wartet auf Spieler
bot-my-turns-none = Du bist in keinem Spiel am Zug.
bot-my-turns = Du bist am Zug in:
bot-my-turns-line = { $channel } { $game }
bot-help-starting = {"**"}Loslegen:** { $commands } eröffnet hier einen Tisch; die anderen drücken **{ bot-button-join }**, wer eröffnet hat, drückt **{ bot-button-start }**.
bot-how-to-play =
    {"**"}Spielen:** die Zugnachricht nennt, wer am Zug ist. **{ bot-button-take-my-turn }** (oder `/{ bot-cmd-turn }`) öffnet dein privates Bedienfeld: klick dich dort durch deinen Zug, es aktualisiert sich an Ort und Stelle; **{ bot-button-my-hand }** zeigt, was nur du siehst; **{ bot-button-undo }** nimmt deine letzte Aktion dieses Zugs zurück (nie hinter einen Würfelwurf, ein gezogenes Plättchen oder eine aufgedeckte Karte). Du kannst auch `/{ bot-cmd-play }` tippen und beim Tippen eine Aktion aus der Liste wählen.
    {"**"}KI-Plätze:** **KI dazu** in der Lobby (oder die Option `{ bot-opt-ai }:` eines neuen Tischs); **{ bot-button-let-an-ai-play }** nach einer Abstimmung über das Ersetzen.
    {"**"}Befehle:** `/{ bot-cmd-board }`, `/{ bot-cmd-hand }`, `/{ bot-cmd-log }`, `/{ bot-cmd-undo }`, `/{ bot-cmd-resign }`, `/{ bot-cmd-myturns }`, `/{ bot-cmd-mygames }` (mit Fristen), `/{ bot-cmd-games }`, `/{ bot-cmd-quiet }`, `/{ bot-cmd-vacation }`, `/{ bot-cmd-leaderboard }`, `/{ bot-cmd-profile }`, `/{ bot-cmd-history }`, `/{ bot-cmd-record }`; Moderatoren: `/{ bot-cmd-remind }`, `/{ bot-cmd-abandon }`, `/{ bot-cmd-league }`, `/{ bot-cmd-season }`.
bot-deadline-words = { $hours ->
    [0] keine Frist
    [168] eine Woche pro Zug
   *[other] { $hours } h pro Zug
}
bot-terms = { $hours ->
    [0] keine Frist
   *[other] { bot-deadline-words } (danach { $then })
}, { $rated ->
    [1] gewertet
   *[0] ungewertet
}
bot-standard-rules = Standardregeln
bot-lobby-opened = { $opener } hat einen Tisch für { $game } eröffnet ({ $options }), für bis zu { $max } Spieler: { $terms }.
bot-lobby-header = Ein Tisch für { $game } ({ $options }), für bis zu { $max } Spieler: { $terms }.
bot-lobby-unknown = Ein Tisch für { $game }.
bot-lobby-footer = Tritt bei, um Platz zu nehmen; { $opener } startet das Spiel.
bot-lobby-footer-moderator = Tritt bei, um Platz zu nehmen; ein Moderator startet das Spiel.
bot-lobby-seats = Plätze: { $seats }.
bot-seat-waiting = { $name } (wartet)
bot-lobby-joined = { $name } ist beigetreten. Plätze ({ $seated }/{ $max }): { $seats }.
bot-lobby-ai-added = { $name } hat einen KI-Platz hinzugefügt ({ bot-ai-level }).{ $unrated ->
    [1] {" "}Das Spiel ist jetzt ungewertet.
   *[0] {""}
} Plätze ({ $seated }/{ $max }): { $seats }.
bot-lobby-ai-removed = { $name } hat einen KI-Platz entfernt. Plätze ({ $seated }/{ $max }): { $seats }.
bot-lobby-left-closed = { $name } ist gegangen; der Tisch ist leer und geschlossen.
bot-lobby-left = { $name } ist gegangen. Plätze: { $seats }.
bot-lobby-closed-footer = Eröffne einen neuen Tisch mit /{ bot-cmd-new }.
bot-lobby-started = Das Spiel hat begonnen — siehe die Zugnachricht unten.
bot-lobby-confirmed = { $name } hat den Platz bestätigt. Plätze ({ $seated }/{ $max }): { $seats }.
bot-lobby-rematch = Revanche des letzten Spiels { $game }, gleiche Plätze: { $seats }.
bot-lobby-waiting = Es fehlt noch **{ bot-button-join }** zur Bestätigung von { $names }: das Spiel beginnt, wenn alle bestätigt haben, oder { $opener } startet es früher mit den Anwesenden.
bot-a-moderator = ein Moderator
bot-game-begins = { $game } beginnt: { $seats }.
bot-seat-intro = { $name } { $intro }
bot-reference-game = *{ $game }* ·{" "}
bot-reference-other = **{ $name }** ({ $kind })
bot-reference-also-fits = Der Name passt auch zu { $others }: `/{ $command } name:` mit dem vollen Namen zeigt es.
bot-rules-topic = **{ $game } — { $title }**
    { $text }
bot-rules-more = Mehr: `/{ bot-cmd-rules } { bot-opt-topic }:` { $topics }. `/{ bot-cmd-card }`, `/{ bot-cmd-realm }` und `/{ bot-cmd-development }` erklären einzelne Teile.
bot-explain-head = **Was deine Möglichkeiten bewirken**
bot-explain-line = • **{ $what }**: { $detail }
bot-explain-more = …und { $n } weitere: `/{ bot-cmd-card }` oder `/{ bot-cmd-development }` mit einem Namen erklärt jede.
bot-explain-none = Nichts, was du jetzt wählen kannst, ist eine Karte, ein Gebäude, ein Zauberspruch, ein Volk, eine Errungenschaft, ein Monument oder eine Reliquie: die Knöpfe des Bedienfelds sagen, was sie tun. `/{ bot-cmd-rules }` erklärt das Spiel.
bot-abandon-confirm = Dieses Spiel für alle abbrechen? Es lässt sich nicht fortsetzen. Bestätige, um es abzubrechen.
bot-abandoned = { $name } hat das Spiel abgebrochen. Der Kanal ist frei für ein neues.
bot-reminder = { $user }, du bist am Zug ({ $prompt }); der Tisch wartet seit { $hours } h.{ $link }
bot-latest-turn = {" "}Letzter Zug: { $link }
bot-reminders-every = { $hours ->
    [0] Keine Erinnerungen mehr in diesem Kanal.
   *[other] Wer am Zug ist, wird nach { $hours } untätigen Stunden erinnert, einmal alle { $hours } Stunden.
}
bot-quiet-hours = Keine Erinnerungen für dich zwischen { $start }:00 und { $end }:00 Uhr (UTC{ $offset }).
bot-quiet-hours-cleared = Deine Ruhezeit ist gelöscht.
bot-settings-confirm = { $on ->
    [1] Bevor du einen Zug mit Ungenutztem beendest (Arbeiter, ein Kauf, den du dir leisten kannst), wirst du einmal gefragt. Abschalten mit /{ bot-cmd-settings } { bot-opt-confirm }:{ bot-choice-off }.
   *[0] Du wirst nicht gefragt, bevor du einen Zug mit Ungenutztem beendest. Die Frage wieder einschalten mit /{ bot-cmd-settings } { bot-opt-confirm }:{ bot-choice-on }.
}
bot-vote-no-majority = Die Abstimmung über das Ersetzen von { $seat } endete ohne Mehrheit
bot-table-keeps-waiting = Der Tisch wartet weiter
bot-fresh-deadline = { $why }: { $seat } bekommt eine neue Frist, { $at }.
bot-deadline-warning = { $user }, ⏳ die Frist deines Zugs ist { $at }; danach { $then }.{ $link }
bot-vote-called = ⏳ { $seat } hat die Zeit überschritten. { $voters }: durch eine Freiwillige oder einen Freiwilligen ersetzen oder weiter warten? Die Mehrheit entscheidet; ohne Mehrheit bis { $at } bekommt { $seat } eine neue Frist. { $seat } kann solange noch spielen.
bot-seat-opened = Der Tisch hat abgestimmt, { $seat } zu ersetzen. Wer hier nicht mitspielt, kann **{ bot-button-take-the-seat }** drücken und von dieser Stellung aus weiterspielen, oder ein Spieler hier drückt **{ bot-button-let-an-ai-play }**; { $seat } kann den Zug bis dahin noch spielen. Ohne Freiwillige bis { $at } verliert der Platz kampflos.
bot-vote-replaces = Stimme gezählt: der Tisch ersetzt { $seat }; der Platz ist frei für Freiwillige.
bot-vote-keeps-waiting = Stimme gezählt: der Tisch wartet weiter auf { $seat }.
bot-vote-counted = Stimme gezählt: { $yes } fürs Ersetzen, { $no } fürs Warten; { $needed } von { $eligible } entscheiden.
bot-vacation = 🏖️ Urlaub bis { $until }: die Fristen deiner Züge in allen Spielen warten bis dahin, und die Zugnachrichten sagen, dass du weg bist. Noch { $left } von { $allowance } Tagen { $span }.
bot-season-begins = 🏁 Die Saison „{ $name }“ beginnt. Gewertete Spiele, die ab jetzt enden, zählen für ihre Rangliste (dort beginnen alle neu); die ewige Rangliste geht weiter.
bot-season-over = 🏆 Die Saison „{ $name }“ ist vorbei.
bot-season-top = { $place }. { $name } ({ $rating })
bot-season-game-top = { $game }: { $names }
bot-season-no-games = {" "}Kein gewertetes Spiel wurde in ihr beendet.
bot-season-running-now = Saison „{ $name }“ läuft
bot-no-season-running = keine Saison läuft
bot-language-follows-server = die Sprache des Servers
bot-league-settings = { $saved ->
    [1] Gespeichert.{" "}
   *[0] {""}
}Neue Spiele hier: { $terms }; { $ai_rated ->
    [1] Spiele mit KI-Plätzen dürfen gewertet werden
   *[0] Spiele mit KI-Plätzen sind ungewertet
}. Urlaub: { $days } Tage pro Saison und Spieler; { $season }. /{ bot-cmd-new } kann pro Spiel andere Bedingungen wählen ({ bot-opt-deadline }, { bot-opt-on-timeout }, { bot-opt-rated }). Sprache: { $language }.
bot-all-time = ewige Rangliste
bot-season-named = Saison „{ $name }“
bot-leaderboard = **Rangliste { $game }, { $scope }**
bot-leaderboard-empty = Noch kein gewertetes Spiel ist beendet.
bot-leaderboard-line = { $place }. { $name } — Wertung { $rating } · { $games } Spiele · { $wins } Siege
bot-profile-none = { $name } hat auf diesem Server noch kein Spiel beendet.
bot-profile = **{ $name }**
bot-profile-game = { $game }: { $games } Spiele, { $wins } Siege
bot-profile-average = , Durchschnitt { $average } Punkte
bot-profile-rating = , Wertung { $rating }
bot-history = **Beendete Spiele, die neuesten zuerst**
bot-history-place = { $place }. { $name }
bot-history-score = {" "}{ $score }
bot-history-resigned = {" "}(aufgegeben)
bot-history-link = {" "}— [letzte Nachricht]({ $link })
bot-history-line = { $date } { $game } in { $channel }{ $rated ->
    [1] , gewertet
   *[0] {""}
}: { $results }{ $link }
bot-record = { $ended ->
    [1] Die Aufzeichnung dieses Spiels { $game }: { $actions } Aktionen, mit dem Seed. `turnpost replay` spielt es nach.
   *[0] Die Aufzeichnung dieses Spiels { $game } bisher: { $actions } Aktionen. Der Seed kommt mit der Aufzeichnung, sobald das Spiel beendet ist.
}
bot-my-games-none = Du spielst in keinem Spiel mit. /{ bot-cmd-new } eröffnet einen Tisch.
bot-my-games = **Deine Spiele** ({ $n })
bot-my-games-line = { $channel } { $game } — { $state }
bot-my-games-your-turn = **du bist am Zug**
bot-my-games-nobody = niemand ist am Zug
bot-my-games-deadline = , Frist { $at }
bot-my-games-deadline-passed = , Frist abgelaufen
bot-my-games-away = 🏖️ Im Urlaub bis { $until }.


## discord
## Die Slash-Befehle, wie Discord sie zeigt: bot-cmd-<Befehl> ist der Name eines Befehls,
## bot-cmd-<Befehl>-about seine Beschreibung; bot-opt-<Option> der Name einer Option (überall
## derselbe) und bot-opt-<Befehl>-<Option>-about ihre Beschreibung. Namen: Kleinbuchstaben,
## Ziffern, - und _, höchstens 32; Beschreibungen und Auswahlen: höchstens 100 Zeichen.
bot-cmd-new = neu
bot-cmd-new-about = Einen Tisch für ein Spiel in diesem Kanal eröffnen
bot-opt-new-game-about = Einen Tisch für { $title } eröffnen
bot-opt-players = spieler
bot-opt-new-players-about = Plätze am Tisch
bot-opt-new-deadline-about = Zeit pro Zug (Standard: die des Servers)
bot-opt-new-on-timeout-about = Wenn eine Frist abläuft (Standard: wie auf dem Server)
bot-opt-new-rated-about = Ob das Ergebnis für die Wertung zählt (Standard: wie auf dem Server)
bot-opt-ai = ki
bot-opt-new-ai-about = KI-Plätze nach dir (ungewertet, außer der Server erlaubt es)
bot-opt-ai-level = ki_stärke
bot-opt-new-ai-level-about = Wie stark die KI-Plätze spielen (Standard: normal)
bot-opt-thread = thread
bot-opt-new-thread-about = Das Spiel in einem neuen öffentlichen Thread dieses Kanals eröffnen (Standard: hier)
bot-opt-options = optionen
bot-opt-new-options-about = Weitere Optionen als Schlüssel=Wert (für Fortgeschrittene)
bot-cmd-join = beitreten
bot-cmd-join-about = Einen Platz am Tisch dieses Kanals nehmen
bot-cmd-leave = verlassen
bot-cmd-leave-about = Den Tisch dieses Kanals vor dem Start verlassen
bot-cmd-start = starten
bot-cmd-start-about = Das Spiel starten (wer den Tisch eröffnet hat)
bot-cmd-play = spielen
bot-cmd-play-about = Eine Aktion spielen
bot-opt-action = aktion
bot-opt-play-action-about = Die Aktion, z. B. tile D7 E7 (tippe, um die erlaubten zu sehen)
bot-cmd-turn = zug
bot-cmd-turn-about = Dein privates Panel für deine aktuelle Entscheidung öffnen (wie „Meinen Zug machen“)
bot-cmd-help = hilfe
bot-cmd-help-about = Wie das Spiel in diesem Kanal geht: Regeln in Kürze, Knöpfe, Befehle
bot-cmd-board = brett
bot-cmd-board-about = Das Spielbrett zeigen (nur dir)
bot-cmd-hand = hand
bot-cmd-hand-about = Deine Hand und die Plättchenvorschau zeigen (nur dir)
bot-cmd-log = log
bot-cmd-log-about = Das Log des Spiels zeigen (nur dir)
bot-opt-page = seite
bot-opt-log-page-about = Seite, 1 = die neueste
bot-cmd-undo = zurücknehmen
bot-cmd-undo-about = Deine letzte Aktion in diesem Zug zurücknehmen
bot-cmd-resign = aufgeben
bot-cmd-resign-about = Deinen Platz in diesem Spiel aufgeben
bot-cmd-abandon = abbrechen
bot-cmd-abandon-about = Das Spiel dieses Kanals für alle beenden (wer es eröffnet hat oder ein Moderator)
bot-cmd-games = spiele
bot-cmd-games-about = Die laufenden Spiele auf diesem Server
bot-cmd-myturns = meinezüge
bot-cmd-myturns-about = Die Spiele, in denen du am Zug bist
bot-cmd-settings = einstellungen
bot-cmd-settings-about = Deine eigenen Einstellungen; ohne Optionen werden sie gezeigt
bot-opt-confirm = nachfragen
bot-opt-settings-confirm-about = Einmal nachfragen, bevor ein Zug mit Ungenutztem endet (Arbeiter, ein Kauf)
bot-choice-on = an
bot-choice-off = aus
bot-cmd-remind = erinnern
bot-cmd-remind-about = Kanaleinstellung: wer dran ist, wird nach so vielen untätigen Stunden erinnert (0 = nie)
bot-opt-hours = stunden
bot-opt-remind-hours-about = Untätige Stunden bis zur Erinnerung
bot-cmd-quiet = ruhezeit
bot-cmd-quiet-about = Deine Ruhezeit: keine Erinnerungen zwischen Beginn und Ende (deine Ortszeit)
bot-opt-start = beginn
bot-opt-quiet-start-about = Stunde (Ortszeit), zu der die Ruhe beginnt (0-23)
bot-opt-end = ende
bot-opt-quiet-end-about = Stunde (Ortszeit), zu der die Ruhe endet (0-23); gleich dem Beginn löscht sie
bot-opt-utc-offset = utc_abstand
bot-opt-quiet-utc-offset-about = Dein Abstand zu UTC in Stunden, z. B. 2 oder -5
bot-cmd-vacation = urlaub
bot-cmd-vacation-about = Die Fristen deiner Züge in allen Spielen für einige Tage anhalten
bot-opt-days = tage
bot-opt-vacation-days-about = Tage, die du weg bist (pro Saison begrenzt)
bot-cmd-season = saison
bot-cmd-season-about = Die Saisons der Ranglisten dieses Servers (Moderatoren)
bot-opt-season-start = beginnen
bot-opt-season-start-about = Eine Saison beginnen: eine neue Rangliste neben der ewigen
bot-opt-name = name
bot-opt-season-name-about = Der Name der Saison
bot-opt-season-close = beenden
bot-opt-season-close-about = Die laufende Saison beenden und ihre Sieger verkünden
bot-cmd-league = liga
bot-cmd-league-about = Die Standards dieses Servers für neue Spiele; Moderatoren können sie ändern
bot-opt-league-deadline-about = Standardfrist pro Zug
bot-opt-league-on-timeout-about = Was standardmäßig passiert, wenn eine Frist abläuft
bot-opt-rated = gewertet
bot-opt-league-rated-about = Ob neue Spiele standardmäßig gewertet werden
bot-opt-ai-rated = ki_gewertet
bot-opt-league-ai-rated-about = Ob Spiele, die mit KI-Plätzen beginnen, gewertet werden dürfen (Standard: nein)
bot-opt-vacation-days = urlaubstage
bot-opt-league-vacation-days-about = Urlaubstage pro Spieler und Saison
bot-cmd-leaderboard = rangliste
bot-cmd-leaderboard-about = Die 20 besten Wertungen eines Spiels auf diesem Server
bot-opt-season = saison
bot-opt-leaderboard-season-about = Der Name einer Saison, oder all für die ewige (Standard: die laufende Saison)
bot-cmd-profile = profil
bot-cmd-profile-about = Spiele, Siege, Durchschnittspunkte und Wertungsverlauf eines Spielers
bot-opt-user = spieler
bot-opt-profile-user-about = Der Spieler (Standard: du)
bot-cmd-history = verlauf
bot-cmd-history-about = Die beendeten Spiele dieses Servers mit ihren Endständen
bot-cmd-record = aufzeichnung
bot-cmd-record-about = Die Aufzeichnung des Spiels in diesem Kanal: jede Aktion (nach dem Ende auch der Seed)
bot-cmd-mygames = meinespiele
bot-cmd-mygames-about = Deine Spiele auf allen Servern: wer am Zug ist, und die Frist
bot-cmd-rules = regeln
bot-cmd-rules-about = Die Regeln eines Spiels in Kürze: Zug, Wertung, Ende, Modi und Varianten
bot-opt-topic = thema
bot-opt-rules-topic-about = Was erklärt werden soll (tippe, um die Themen zu sehen)
bot-cmd-card = karte
bot-cmd-card-about = Was der Zauberspruch oder das Gebäude einer Karte, ein Monument oder ein Relikt bewirkt
bot-opt-card-name-about = Ihr Name auf Deutsch oder Englisch (tippe, um sie zu sehen)
bot-cmd-realm = volk
bot-cmd-realm-about = Was die Fähigkeit eines Volks bewirkt
bot-opt-realm-name-about = Der Name des Volks auf Deutsch oder Englisch (tippe, um sie zu sehen)
bot-cmd-development = errungenschaft
bot-cmd-development-about = Was eine Errungenschaft, ein Monument oder eine Katastrophe bewirkt
bot-opt-development-name-about = Ihr Name auf Deutsch oder Englisch (tippe, um sie zu sehen)
bot-opt-deadline = frist
bot-opt-on-timeout = bei_fristende
# Eine Fristregel als Auswahl: ihr gespeichertes Wort, dann was sie tut.
bot-choice-policy = { $policy ->
    [skip] überspringen: der Zug verfällt
    [replace] ersetzen: die anderen stimmen über einen Ersatz ab
   *[forfeit] aufgeben: der Platz scheidet aus
}
bot-opt-game = spiel
bot-opt-game-about = Welches Spiel
# Ein Slash-Befehl, der sich nicht lesen lässt (Discord prüft sie; ein gefälschter oder
# veralteter Client kann alles schicken). $name: der Name einer Option oder eines Befehls, wie
# Discord ihn schickt.
bot-options-too-long = Die Optionen sind zu lang: höchstens { $max } Zeichen Schlüssel=Wert-Wörter.
bot-not-key-value = „{ $word }“ ist nicht Schlüssel=Wert (zum Beispiel realms=random_unique)
bot-option-out-of-range = { $name } muss zwischen { $low } und { $high } liegen, nicht { $value }.
bot-choose-a-game = Wähle ein Spiel: /new { $games }
bot-confirm-on-or-off = confirm ist on oder off, nicht „{ $value }“
bot-choose-season-start-or-close = Wähle /saison beginnen oder /saison beenden
bot-unknown-command = Turnpost kennt /{ $name } nicht

## Die Berechtigungen des Bots ($permission: ihr Schlüssel, $place: wo sie vergeben werden,
## thread oder channel; $names: ihre Namen als Liste). Die Namen wie in Discords Einstellungen.
bot-permission-name = { $permission ->
    [view-channel] Kanal ansehen
    [send-messages] Nachrichten senden
    [embed-links] Links einbetten
    [attach-files] Dateien anhängen
    [read-message-history] Nachrichtenverlauf anzeigen
    [create-public-threads] Öffentliche Threads erstellen
   *[send-messages-in-threads] Nachrichten in Threads senden
}
bot-permission-why = { $permission ->
    [view-channel] um den Kanal zu sehen, in dem gespielt wird
    [send-messages] um die Lobby und die Zugnachrichten zu posten
    [embed-links] die Zugnachrichten zeigen ihre Bilder in Embeds, die Discord ohne diese Berechtigung weglässt
    [attach-files] um die Bilder des Spielbretts und der Hände hochzuladen
    [read-message-history] nach einem Absturz liest der Bot die letzten Nachrichten eines Kanals, bevor er wieder postet, damit nichts doppelt ankommt
    [create-public-threads] `/neu thread:true` eröffnet das Spiel in einem neuen Thread des Kanals
   *[send-messages-in-threads] um die Lobby und die Zugnachrichten von Spielen in Threads zu posten
}
bot-permission-line = - **{ $name }**: { $why }.
bot-permissions-how-to-grant = So lässt es sich beheben: Ein Moderator öffnet die Einstellungen { $place ->
    [thread] des Kanals dieses Threads
   *[channel] dieses Kanals
} → Berechtigungen → die Rolle von Turnpost (oder Turnpost selbst) → erlaubt { $names }.
bot-permissions-refused = Ich kann hier { $doing ->
    [start-game] das Spiel nicht starten
    [open-rematch] die Revanche nicht eröffnen
    [open-thread] keinen Tisch in einem neuen Thread eröffnen
   *[open-table] keinen Tisch eröffnen
}: Turnpost hat { $place ->
    [thread] im Kanal dieses Threads
   *[channel] in diesem Kanal
} keine Berechtigung für { $names }. Es wurde nichts geändert.
bot-permissions-warning = ⚠ Turnpost hat { $place ->
    [thread] im Kanal dieses Threads
   *[channel] in diesem Kanal
} keine Berechtigung für { $names }, daher { $effect ->
    [no-pictures] gehen die Zugnachrichten ohne ihre Bilder hinaus
   *[may-not-arrive] kommen die Nachrichten des Spiels womöglich nicht oder ohne ihre Bilder an
}. { $how }

## Antworten des Discord-Adapters selbst.
bot-restarting = Turnpost startet gerade neu; versuch es bitte in einer Minute noch einmal.
bot-apology = Entschuldigung — bei uns ist etwas schiefgegangen. Es wurde protokolliert; versuch es bitte gleich noch einmal.
bot-done = Erledigt.
bot-pick-an-action = Wähle eine der Aktionen.
bot-not-our-button = Dieser Knopf gehört nicht zu Turnpost.
bot-abandon-question = Das Spiel dieses Kanals für alle abbrechen? Es kann nicht fortgesetzt werden.
bot-button-abandon = Spiel abbrechen
## /new … thread:true ($thread: die Erwähnung des Threads; $name: der Name des Spielers, wie er ist).
bot-thread-in-thread = Das hier ist schon ein Thread, und ein Thread kann keine eigenen Threads haben. Nimm `/neu` ohne `thread`, um in diesem Thread zu spielen, oder `/neu … thread:true` in einem Kanal.
bot-thread-outside-server = Threads gibt es nur in den Kanälen eines Servers: nimm `/neu … thread:true` in einem Serverkanal.
bot-thread-name = { $title } — Tisch von { $name }
bot-thread-failed = Ich konnte hier keinen Thread eröffnen ({ $why }); es wurde nichts geändert. `/neu` ohne `thread` eröffnet den Tisch in diesem Kanal.
bot-thread-opened = { $name } hat einen Tisch für { $title } in { $thread } eröffnet — tritt dort bei.
bot-thread-game-is-in = Das Spiel ist in { $thread }.
bot-thread-stays-empty = Der Thread { $thread } bleibt leer: nimm dort `/neu`, um den Tisch zu eröffnen, oder lösche ihn.

## Das private Panel: seine Frage, die Zeile darunter und seine Knöpfe und Menüs.
bot-panel-prompt = **{ $prompt }**
bot-panel-moved-on = Das Spiel ist weitergegangen, seit dieses Panel gezeigt wurde; hier ist deine Entscheidung von jetzt.
bot-panel-nothing = Du hast gerade nichts zu entscheiden.
# $line: wer dran ist („Bert (Blau) ist am Zug: …“).
bot-panel-waiting = Du bist nicht am Zug — { $line }. Du kannst dir derweil das Spielbrett oder deine Hand ansehen.
bot-panel-turn-over = Dein Zug ist vorbei — { $line }.
bot-panel-nobody = Niemand ist am Zug: das Spiel läuft nicht.
bot-panel-game-over = Das Spiel ist vorbei.
# Etwas zum Auswählen (ein Würfel): seine Nummer und was er zeigt.
bot-panel-item = { $n } · { $label }
bot-panel-pick-placeholder = { $pick }…
bot-panel-toggles-note = { $pick }: wähle sie im Menü aus, dann geschieht es sofort{ $locked ->
    [0] {""}
   *[other] {" "}({ $locked } gesperrt)
}.
bot-panel-choose = Wähle
bot-panel-or-choose = Oder wähle
bot-panel-choose-action = Wähle eine Aktion
bot-panel-choose-action-range = Wähle eine Aktion ({ $first }–{ $last } von { $n })
# Die Zeile einer Gruppe: ihr Name fett, dann was sie ist.
bot-panel-group-note = **{ $group }**: { $description }
bot-panel-no-longer-offered = Diese Wahl gibt es nicht mehr. { $note }
# Der Platzhalter eines Menüs über einen Teil der Gruppen: die erste und die letzte darin.
bot-panel-range = { $pick }: { $first } … { $last }
bot-panel-pages-note = { $pick }: { $n } insgesamt, Seite { $page } von { $pages }.
bot-panel-pick-note = { $pick }.
bot-panel-list-note = { $n } Möglichkeiten, Seite { $page } von { $pages }; `/spielen` findet eine, während du einen Teil davon tippst (ein Feld wie D7 oder ein Wort).
bot-button-back = ◂ Zurück
bot-button-previous = ◂ Vorige
bot-button-more = Mehr ▸ (Seite { $page } von { $pages })
bot-button-panel-undo = ↶ Rückgängig
bot-button-explain = Was bewirkt das?

## Die Knöpfe unter den Nachrichten des Kanals (in der Sprache des Servers).
bot-button-take-my-turn = Meinen Zug machen
bot-button-my-hand = Meine Hand
bot-button-log = Log
bot-button-undo = Rückgängig
bot-button-join = Beitreten
bot-button-leave = Verlassen
bot-button-start = Starten
bot-button-add-ai = KI dazu ({ bot-ai-level })
bot-button-remove-ai = KI entfernen
bot-button-rematch = Revanche
bot-button-replace = Ersetzen
bot-button-keep-waiting = Weiter warten
bot-button-take-the-seat = Platz übernehmen
bot-button-let-an-ai-play = Eine KI spielen lassen
# Die Beschreibung eines Bildes ohne eigene Worte (geschrieben, bevor Bilder welche hatten):
# der Name seiner Datei.
bot-picture-named = Bild: { $name }

## Der Tisch im Terminal (`turnpost local`). Die getippten Wörter bleiben englisch.
bot-local-help = Tippe eine Aktion in der Notation des Spiels („help“ zeigt sie), „legal“ für alle erlaubten Aktionen, „rules“ oder „rules scoring“ für die Regeln in Kürze, „explain“ für das, was deine Möglichkeiten bewirken, „card rage“, „realm elves“ oder „development agriculture“ für ein einzelnes Teil, „board“, „hand“, „log“, „undo“, „resign“, „abandon“ (beendet das Spiel endgültig) oder „quit“ (mit --db wird das Spiel nach jedem Zug gespeichert und beim nächsten Mal fortgesetzt; --new fängt neu an).
bot-local-player = Spieler { $n }
bot-local-player-count = { $game } ist für { $low } bis { $high } Spieler, nicht für { $n }
bot-local-too-many = { $game } ist für { $low } bis { $high } Spieler, nicht für { $people } Personen und { $ai } KI-Plätze
bot-local-abandoned-new = Das gespeicherte Spiel ist abgebrochen; ein neues beginnt.
bot-local-resuming = Das gespeicherte Spiel geht weiter.
bot-local-cannot-resume = { $why } Diese Datei enthält einen Tisch, der sich nicht fortsetzen lässt; starte mit --new, um ihn abzubrechen und neu anzufangen.
bot-local-game-over = Das Spiel ist vorbei.
bot-local-ai-stuck = der KI-Platz am Zug fand nichts zu spielen
bot-local-pass-keyboard = === Gib die Tastatur an { $name } weiter und drück Enter ===
bot-local-prompt = { $name }, { $prompt }>{" "}
bot-local-end-of-input = (Ende der Eingabe: das Spiel bleibt, wie es ist)
bot-local-too-long = Diese Zeile ist zu lang (über { $max } Zeichen); tippe eine Aktion wie „pass“ oder „help“.
bot-local-not-text = Diese Zeile ist kein Text (UTF-8); tippe eine Aktion wie „pass“ oder „help“.
bot-local-legal = { $n ->
    [one] 1 erlaubte Aktion
   *[other] { $n } erlaubte Aktionen
}: { $actions }
bot-local-abandoned = Das Spiel ist abgebrochen. Starte neu, um ein neues zu beginnen.
bot-local-anyway = (tippe „anyway { $notation }“, um es zu spielen, oder wähle neu)
bot-local-picture = [Bild: { $path }]
bot-local-playing = Gespielt wird { $title }.
bot-local-playing-with = Gespielt wird { $title }: { $options }.
bot-local-choose-others = Andere wählst du beim Start eines Spiels:
# Eine Option des Spiels ($label: die Worte des Spiels dafür; $choices: ihre Werte, wie getippt).
bot-local-option = {"  "}--option { $key }=… ({ $label }: { $choices }; { $now })
bot-local-option-now = jetzt { $value }
bot-local-option-not-set = nicht gesetzt
bot-local-no-options = {"  "}(dieses Spiel hat keine Optionen)
bot-cli-unknown-lang = „{ $lang }“ ist keine Sprache, die Turnpost spricht: wähle en oder de
bot-cli-not-a-seed = „{ $text }“ ist kein Seed: gib eine Zahl oder 64 Hex-Ziffern an
bot-cli-not-key-value = eine Option ist Schlüssel=Wert, nicht „{ $option }“
bot-cli-no-options = { $game } hat keine Optionen, also auch nicht „{ $key }“
bot-cli-not-an-option = „{ $key }“ ist keine Option von { $game }: seine Optionen sind { $keys }
bot-cli-one-of = { $key } muss eins von { $values } sein, nicht „{ $value }“
bot-cli-true-or-false = { $key } ist true oder false, nicht „{ $value }“
bot-opt-language = sprache
bot-opt-settings-language-about = Die Sprache deiner privaten Antworten, Panels und DMs (Standard: die deines Discord)
bot-opt-league-language-about = Die Sprache der Spielnachrichten dieses Servers (Moderatoren; Standard: die des Servers)
bot-choice-language-yours-discord = Wie mein Discord
bot-choice-language-server-discord = Wie die Discord-Einstellung des Servers
bot-language-alone = Stell die Sprache für sich allein ein, ohne andere Optionen.
## Words of the league's pictures and files ($name: the player's name as given).
bot-rating-chart = { $name } — { $game }-Wertung
bot-record-alt = Die Aufzeichnung des Spiels als JSON (Optionen, Plätze und jede Aktion in Notation).
# Zwei Texte nebeneinander (was eine Wahl bewirkt, dann die nächste).
bot-panel-side-by-side = { $first } · { $second }
## Ligen im Web (issue 32): /league web: und die Links unter Antworten ($link, $path: eine Adresse wie gegeben).
bot-opt-web = web
bot-opt-league-web-about = Die Webseiten dieses Servers: Ranglisten, Profile, Wiederholungen (Moderatoren)
bot-choice-web = { $switch ->
    [on] An: die Seiten zeigen (gibt ihren Link aus)
    [off] Aus: die Seiten nicht mehr zeigen
   *[rotate] Neu: ein neuer Link (alte Links gehen nicht mehr)
}
bot-web-alone = Stell die Webseiten für sich allein ein, ohne andere Optionen.
bot-web-unknown = „{ $word }“ ist keine Wahl für web: wähle on, off oder rotate.
bot-web-off = Die Webseiten dieses Servers sind aus: niemand kann sie jetzt öffnen.
bot-web-on = { $rotated ->
    [1] Die Webseiten dieses Servers haben einen neuen Link (der alte geht nicht mehr):
   *[0] Die Webseiten dieses Servers sind an:
} { $link }
    Wer den Link hat, kann die Ranglisten, Profile und beendeten Spiele lesen; /league web:rotate gibt einen neuen Link.
bot-web-on-no-address = { $rotated ->
    [1] Die Webseiten dieses Servers haben einen neuen Pfad (der alte geht nicht mehr):
   *[0] Die Webseiten dieses Servers sind an, unter dem Pfad
} { $path }
    Der Bot hat noch keine öffentliche Webadresse (TURNPOST_WEB_URL) und kann darum nicht den ganzen Link ausgeben.
bot-web-see = Im Web: { $link }
bot-web-to-act = { $name } ({ $seat }) ist dran: { $prompt }
## Die Wörter der Webseiten ($name: der Name eines Spielers wie gegeben; $id: die Nummer eines Spiels).
bot-web-site = Turnpost-Liga
bot-web-nav = Seiten
bot-web-nav-leaderboard = Rangliste
bot-web-nav-games = Spiele
bot-web-refused = Diese Seite kann nicht gezeigt werden
bot-web-not-found = Diese Seite gibt es hier nicht. Die Seiten eines Servers gibt es nur, solange seine Moderatoren sie angeschaltet haben, unter dem Link, den /league web:on zuletzt ausgegeben hat.
bot-web-failed = Bei uns ist etwas schiefgegangen; bitte versuch es später noch einmal.
bot-web-too-many = Zu viele Anfragen von deiner Adresse: bitte warte einen Moment.
bot-web-too-long = Die Adresse ist zu lang (höchstens { $most } Zeichen).
bot-web-unknown-query = „{ $key }“ liest diese Seite nicht (sie liest: { $allowed }).
bot-web-query-twice = „{ $key }“ ist zweimal angegeben.
bot-web-number = { $what ->
    [game] Das Spiel
    [season] Die Saison
    [page] Die Seite
    [step] Der Schritt
    [player] Der Spieler
    [version] Die Version
   *[picture] Das Bild
} muss eine ganze Zahl von { $low } bis { $high } sein, nicht „{ $given }“.
bot-web-no-such-game = Ein Spiel namens „{ $game }“ gibt es nicht.
bot-web-leaderboard = Rangliste { $game }, { $scope }
bot-web-pick-game = Spiel
bot-web-pick-season = Saison
bot-web-show = Zeigen
bot-web-rating-note = Die Wertung ist eine vorsichtige Schätzung der Spielstärke: sie steigt mit Siegen gegen starke Gegner.
bot-web-col-place = Platz
bot-web-col-player = Spieler
bot-web-col-rating = Wertung
bot-web-col-games = Spiele
bot-web-col-wins = Siege
bot-web-col-game = Spiel
bot-web-col-average = Durchschnitt
bot-web-col-date = Beendet
bot-web-col-results = Ergebnisse
bot-web-profile = { $name }
bot-web-games = Spiele
bot-web-running = Laufende Spiele
bot-web-none-running = Auf diesem Server läuft gerade kein Spiel.
bot-web-finished = Beendet, die neuesten zuerst
bot-web-game-named = { $game } #{ $id }
bot-web-pages = Seiten der Spiele
bot-web-page = Seite { $page } von { $pages }
bot-web-players = Spieler: { $players }
bot-web-step = { $step ->
    [0] Der Anfang (Schritt 0 von { $last })
   *[other] Schritt { $step } von { $last }
}
bot-web-steps = Schritte des Spiels
bot-web-first = Erster Schritt
bot-web-prev = Zurück
bot-web-next = Weiter
bot-web-last = Letzter Schritt
bot-web-slider = Zu Schritt
bot-web-keys = Tasten: ← und → gehen einen Schritt zurück und vor, Pos1 und Ende springen zum Anfang und zum Ende.
bot-web-log = Was in diesem Schritt geschah
bot-web-start = Das Spiel beginnt.
bot-web-score = { $name } { $score }
bot-web-final = Endstand: { $scores }
bot-web-live = Dieses Brett zeigt das Spiel, wie sein Kanal es sieht, und erneuert sich, wenn der Zug wechselt.

## Autovervollständigung des Nachschlagens (issue 30, helper REF; table/reference.rs,
## discord/commands.rs): in der Sprache des Lesers, auf Discords 100 Zeichen gekürzt.
bot-suggestion = { $name } · { $kind } — { $text }
bot-suggestion-named = { $name } ({ $other }) · { $kind } — { $text }
bot-suggestion-kind-game = { $kind } · { $game }
bot-suggestion-topic = { $game }: { $title }
bot-choice-with-detail = { $label } · { $detail }
