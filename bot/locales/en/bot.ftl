# The bot's own words: the table's refusals, its log lines and answers. One message per id;
# variables are named like the Rust arguments (`t!("bot-…", name = value)`). Words of core and
# the games arrive as arguments already in the reader's language.

## Seats: "Anna (Red)", "Blue (AI, strong)", "seat 3" before the game knows its colours.
bot-seat-of = { $name } ({ $colour })
bot-seat-ai = { $colour } (AI, { bot-ai-level })
bot-seat-number = seat { $n }
# An AI's strength (the key is the level's stored name).
bot-ai-level = { $level ->
    [random] random
    [easy] easy
    [strong] strong
   *[normal] normal
}

## Refusals that come from the store.
bot-channel-busy = This channel already has a game. Finish or abandon it first, or use another channel or thread.
bot-already-seated = You already have a seat in this game.
bot-version-conflict = The game changed while you were acting; look at the latest board and try again.
bot-already-done = That was already done.

## Playing: refusals of an action, with what the player can do now ($now: the decision's
## prompt, "place your tile or a castle"; empty once the game is over).
bot-turn-passed = This turn has passed: the board has changed since that message. Use the latest one, or /play.
bot-pick-again = Pick again
bot-toggled-not-a-move = Those together are not a move now. { $pick } — or you can { $now }.
bot-pick-from-list = Pick an action from the list as you type (a space like D7, a card name), or use Take my turn. You can { $now }.
bot-cannot-read = Cannot read "{ $input }": { $reason }.
bot-game-over-now = The game is over. You can { $now }.
bot-not-your-turn-now = It is { $seat }'s turn. You can { $now }.
# A game's refusal ($why: "A1 is not on the fertile plain (…)").
bot-refused-now = { $why }. You can { $now }.
bot-not-started-opener-starts = The game has not started yet: the player who opened the table starts it.
bot-not-playing-watch = You are not playing in this game; you can watch it with /board.
bot-resigned-already = You resigned from this game.
bot-game-over-see-log = The game is over; /log shows how it went.
bot-not-your-turn = It is { $seat }'s turn — you can look at the board or your hand meanwhile.
bot-undo-others-acted = { $seat } has acted since; only your own actions of this turn can be taken back.
bot-undo-nothing = There is nothing to take back: undo never goes past a die roll, a drawn tile or a revealed card, nor into an earlier turn.
bot-took-back = { $seat } took back "{ $notation }".
bot-resign-not-started = The game has not started: use Leave to give up your seat.
bot-resign-no-seat = You have no seat to give up in this game.

## Log lines the table writes (stored typed, read in the reader's language).
bot-log-took-back = { $seat } took back "{ $notation }"
bot-log-resigned = { $seat } resigned
bot-log-forfeits = { $seat } ran out of time and forfeits
bot-log-not-replaced = { $seat } was replaced, but no one took the seat: it forfeits
bot-log-wins-by-resignation = { $seat } wins: everyone else resigned
bot-log-plays-automatically = { $seat }'s seat now plays automatically (passing where it may)
bot-log-turn-skipped = { $seat } ran out of time: the turn is skipped
bot-log-takes-over = { $name } takes over { $before }'s seat as { $colour }
bot-an-ai = An AI ({ bot-ai-level })

## Deadlines and votes.
bot-no-vote = There is no vote running in this game: the player to act is not late.
bot-vote-own-seat = The vote is about your seat; play your turn (Take my turn) and the vote ends.
bot-vote-players-only = Only the players of this game vote on replacing a seat.
bot-no-open-seat = No seat is open in this game.
bot-seat-to-ai-players-only = Only the players of this game (or a moderator) can give the seat to an AI.
bot-seat-no-longer-open = That seat is no longer open: its player has played on.
bot-seat-taker-seated = You already have a seat in this game; a volunteer from outside it takes this one.

## Refusals of the lobby, the league and the other commands.
bot-abandon-opener-only = Only the player who opened the table or a moderator (Manage Messages) can abandon the game.
bot-not-running = The game is not running any more.
bot-season-name-length = Give the season a name of 1 to 60 characters.
bot-season-just-started = A season was just started; look at /leaderboard.
bot-no-season = No season is running; /season start begins one.
bot-record-no-game = This channel has no game to record.
bot-record-not-started = The game has not started: there is nothing to record yet.
bot-no-game-here = There is no game in this channel. Start one with /new.
bot-player-listed-twice = A player is listed twice.
bot-already-started-watch = The game has already started; you can watch it with /board.
bot-choose-ai-level = Choose an easy, normal or strong AI.
bot-ai-added-in-lobby = The game has started; AI seats are added in the lobby.
bot-add-ai-opener-only = Only the player who opened the table (or a moderator) can add AI seats.
bot-ai-seats-stay = The game has started: AI seats stay until it ends.
bot-remove-ai-opener-only = Only the player who opened the table (or a moderator) can remove AI seats.
bot-no-ai-seat = There is no AI seat to remove.
bot-leave-started = The game has started: to give up your seat, use /resign.
bot-no-seat-here = You have no seat at this table.
bot-already-running = The game is already running.
bot-start-opener-only = Only the player who opened the table (or a moderator) can start it.
bot-seats-changed-on-start = The seats changed while you pressed Start; look at the lobby and press Start again.
bot-rematch-unknown = That game is no longer known; /new opens a new table.
bot-rematch-other-channel = That game was played in another channel: ask for its rematch there, or open a table here with /new.
bot-rematch-still-open = That game is still open; a rematch can follow once it has ended.
bot-rematch-abandoned = That game was abandoned, so there is no rematch of it; /new opens a new table.
bot-rematch-players-only = Only the players of that game (or a moderator) can ask for its rematch; /new opens a table for anyone.
bot-explain-nothing = You have nothing to decide now. `/rules` explains the game, and `/card`, `/realm` and `/development` single pieces.
bot-reminders-moderators-only = Only members who can manage messages change this channel's reminders.
bot-hand-not-playing = You are not playing in this game, so you have no hand here.
bot-not-started-yet = The game has not started yet.
bot-no-game-played = No game has been played in this channel.
bot-games-server-only = This lists a server's games; use it in a server channel.

## Opening a table: its options and seats.
bot-no-such-game = There is no game called "{ $name }"; games: { $games }.
bot-not-a-deadline = "{ $value }" is not a deadline: choose none, 12h, 24h, 48h, 72h or week.
bot-not-a-policy = "{ $value }" is not a deadline policy: choose skip, replace or forfeit.
bot-not-yes-or-no = "{ $value }" is not yes or no: rated=yes counts the game for the leaderboard, rated=no does not.
bot-too-many-ai = { $n } AI seats are too many: a table of at most { $max } players has room for 0 to { $most } beside you.
bot-not-an-ai-count = "{ $value }" is not a number of AI seats: give 0 to { $most } (ai=1 adds one).
bot-not-an-ai-level = "{ $value }" is not an AI level: choose easy, normal or strong.
bot-too-many-seats = { $game } is for at most { $max } players: { $people } people and { $ai } AI seats are too many.
bot-player-count-not = { $game } is for { $low } to { $high } players, not { $n }.
bot-seats-listed-for = { $seats } seats listed for a { $n }-player table.
bot-seats-with-ai-for = { $seats } seats (with the AI) for a { $n }-player table.
bot-player-count-listed = { $game } is for { $low } to { $high } players; { $listed } were listed.
bot-options-do-not-work = Those options do not work: { $error }.
bot-start-too-few = { $game } needs { $low } to { $high } players; { $present } seated so far{ $waiting }.
bot-waiting-for-join = {" "}(waiting for { $names } to press Join)
bot-rematch-lobby-open = A table is already open in this channel: press Join on its message to take your seat there.
bot-rematch-game-running = A game is already being played in this channel; a rematch can open here once it ends (or use /new in another channel).

## The league: vacations, seasons, leaderboards.
# What belongs to a server (the key names the command).
bot-server-only = { $what ->
    [vacations] Vacations
    [seasons] Seasons
    [league-settings] League settings
    [leaderboards] Leaderboards
    [profiles] Profiles
   *[game-histories] Game histories
} belong to a server; use this in a server channel.
# What only moderators do (the key names the command).
bot-moderators-only = Only moderators (Manage Messages) can { $what ->
    [season-start] start a season
    [season-close] close a season
   *[league-settings] change the league settings
}.
bot-vacation-too-long = You have { $left } vacation days left { $span } (of { $allowance }); ask for fewer.
bot-this-season = this season
bot-outside-seasons = outside seasons
bot-season-running = Season "{ $name }" is running; close it with /season close first.
bot-no-such-season = There is no season "{ $name }" here; /league shows the running one, or use season:all.

## Limits on what a command may carry.
bot-not-a-count = "{ $value }" is not a number of { $what } from { $low } to { $high }.
bot-out-of-range = { $what } must be from { $low } to { $high }, not { $value }.
bot-too-long = { $what } is too long: at most { $max } characters ("{ $text }").
bot-too-many-options = { $n } options are too many: at most { $max }.
bot-too-many-players = { $n } players listed: at most { $max }.
bot-too-many-picked = { $n } items picked: at most { $max }.
bot-not-an-item = Item { $item } is not one of the { $max } that can be picked once each.
bot-what-option-value = The value of { $key }
# What a limit is about (the key names it).
bot-what = { $key ->
    [your-name] Your name
    [game-name] The game's name
    [option-name] An option's name
    [players] The number of players
    [player-name] A player's name
    [action] That action
    [log-page] The log page
    [reminder-hours] The reminder period in hours
    [vacation-days] Vacation days
    [season-name] The season's name
    [setting] That setting
    [season-vacation-days] Vacation days per season
    [quiet-start] The hour quiet begins
    [quiet-end] The hour quiet ends
    [utc-offset] Your offset from UTC
    [ai-seats] AI seats
   *[that-name] That name
}

## The reference: /card, /realm, /development, /rules.
bot-no-such-component = No { $kind ->
    [card] card, spell, building, monument or relic
    [realm] realm
   *[development] development, monument or disaster
} is called "{ $name }". Type part of a name in English or German (e.g. { $examples }) and pick one from the list.
bot-no-such-topic = { $game } has no rules topic "{ $topic }"; its topics are { $topics }.
bot-buttons-of-ended-game = This game has ended; its buttons no longer work.
bot-log-pages = The log has { $pages ->
    [one] 1 page
   *[other] { $pages } pages
}.

## Suggestions while typing an action, when there is none to suggest.
bot-suggest-no-game = There is no game in this channel — start one with /new
bot-suggest-not-playing = You are not playing in this game — /board shows it
bot-suggest-not-started = The game has not started yet — nothing to play
bot-suggest-not-your-turn = It is { $seat }'s turn — nothing to play for you now
bot-suggest-nothing-matches = Nothing matches "{ $typed }" — try a space like D7, a card name, or fewer letters
# Actions set aside because the stored log was damaged: from $first to $last ($count of
# them); $before is the last action kept (0: none).
bot-log-set-aside = ⚠️ The game's log is damaged at action { $first }: it is no longer what was stored, so it cannot be replayed. { $before ->
    [0] The game is back at its start
   *[other] The game is back where it was after action { $before }
}; { $count ->
    [1] action { $first } is
   *[other] actions { $first } to { $last } are
} set aside (kept for the moderators) and must be played again.
bot-table-full = The table is full ({ $seats } seats).

## The question before an action that leaves something unused ($unused: what, one part per
## unused thing; $ends_turn: 1 when the action ends the turn).
bot-ask-first = { $unused } — { $ends_turn ->
    [1] end the turn anyway?
   *[0] go on anyway? It cannot be taken back.
}
    (Back returns to your choices; /settings confirm:off stops this question.)
bot-ask-first-button = { $ends_turn ->
    [1] End turn anyway
   *[0] Go on anyway
}
bot-semicolon = ;{" "}

## Answers to a repeated or empty request.
bot-already-played = That was already played.
bot-nothing-happened = Nothing has happened yet.
bot-no-finished-games = No game has finished on this server yet.

## table
## Whose language (issue 30): /settings language: and /league language: ($language: the
## language's own name, "Deutsch").
bot-language-yours = I now speak { $language } with you: your panels, answers and DMs.
bot-language-yours-discord = I now speak with you in your Discord language.
bot-language-server = This server's channels now read the games in { $language }.
bot-language-server-discord = This server's channels now read the games in the server's language (its Discord community setting).
## The outbox's notes when a delivery fails ($channel, $user: Discord mentions; $why:
## Discord's reason, as it gave it).
bot-outbox-gave-up = I could not post in { $channel } after { $attempts } tries ({ $why }). The game is saved; `/board` shows it.
bot-dms-closed = { $user }, I can't send you direct messages — use **My hand** or `/hand` to see your hand here, only to you.
bot-outbox-unreachable = I could not post the game's message in { $channel }: { $why }. The game is saved, and I will post it as soon as I can (I try again now and then, and whenever someone uses a command there) — a moderator can fix the channel's permissions for Turnpost (channel settings → Permissions → Turnpost's role → allow View Channel, Send Messages (in a thread: Send Messages in Threads), Attach Files, Embed Links and Read Message History); `/board` shows the game meanwhile.
## Under a step only its player sees yet (issue 28).
bot-held-note = (Only you see this until your turn goes past something new or ends; Undo can take it back.)
## Deadlines: what happens when time runs out (the key is the stored policy).
bot-policy-then = { $policy ->
    [skip] the turn is skipped
    [replace] the others vote to replace the player
   *[forfeit] the seat forfeits
}
## The turn message ($at, $until: Discord time stamps, shown in the reader's time zone).
bot-to-play = { $seat } to play: { $prompt }
bot-deadline = ⏳ Deadline { $at } (then { $then }).
bot-deadline-away = {" "}On vacation until { $until }: the clock waits.
bot-game-over-winner = The game is over. Winner: { $winners }.
bot-game-over-bold = **The game is over.**
bot-game-over-dm = **The game is over.** Winner: { $winners }.
bot-game-over-placed = {" "}You placed { $place ->
    [1] 1st
    [2] 2nd
    [3] 3rd
   *[other] { $place }th
} of { $of } with { $score } points. Your hand at the end:
## Looking: the board, the hand, the log, the games ($channel: a Discord mention; $game: a
## game's name as it is typed; $names, $players: the names players go by).
bot-board-not-started = The game has not started. Seats ({ $seated }/{ $max }): { $names }.
bot-your-sheet = Your sheet ({ $seat }): { $sheet }
    { $game } hides nothing: every sheet is on the board for everyone.
bot-log-page = Log, page { $page } of { $pages }:
bot-games-none = No games are running in this server. Start one with /new.
bot-games-line = { $channel } { $game } — { $players } — { $state }
bot-games-to-play = { $seat } to play
bot-games-waiting = waiting for players
bot-my-turns-none = It is not your turn in any game.
bot-my-turns = Your turn in:
bot-my-turns-line = { $channel } { $game }
## /help ($commands: the commands that open a table, "`/new pandoria` or `/new rtta`").
bot-help-starting = {"**"}Starting:** { $commands } opens a table here; others press **Join**, the opener presses **Start**.
bot-how-to-play =
    {"**"}Playing:** the turn message names the player to act. **Take my turn** (or `/turn`) opens your private panel: click through your turn there, it updates in place; **My hand** shows what only you see; **Undo** takes back your last action of this turn (never past a die roll, a drawn tile or a revealed card). You can also type `/play` and pick an action from the list as you type.
    {"**"}AI seats:** **Add AI** in the lobby (or the `ai:` option of a new table); **Let an AI play it** after a vote to replace.
    {"**"}Commands:** `/board`, `/hand`, `/log`, `/undo`, `/resign`, `/myturns`, `/mygames` (with deadlines), `/games`, `/quiet`, `/vacation`, `/leaderboard`, `/profile`, `/history`, `/record`; moderators: `/remind`, `/abandon`, `/league`, `/season`.
## The lobby ($name, $opener, $names, $seats: the names players go by; $game: a game's
## title; $seated of $max seats).
bot-deadline-words = { $hours ->
    [0] no deadline
    [168] a week per turn
   *[other] { $hours } h per turn
}
bot-terms = { $hours ->
    [0] no deadline
   *[other] { bot-deadline-words } (then { $then })
}, { $rated ->
    [1] rated
   *[0] unrated
}
bot-standard-rules = standard rules
bot-lobby-opened = { $opener } opened a { $game } table ({ $options }) for up to { $max } players: { $terms }.
bot-lobby-header = A { $game } table ({ $options }) for up to { $max } players: { $terms }.
bot-lobby-unknown = A { $game } table.
bot-lobby-footer = Join to take a seat; { $opener } starts the game.
bot-lobby-footer-moderator = Join to take a seat; a moderator starts the game.
bot-lobby-seats = Seats: { $seats }.
bot-seat-waiting = { $name } (waiting)
bot-lobby-joined = { $name } joined. Seats ({ $seated }/{ $max }): { $seats }.
bot-lobby-ai-added = { $name } added an AI seat ({ bot-ai-level }).{ $unrated ->
    [1] {" "}The game is now unrated.
   *[0] {""}
} Seats ({ $seated }/{ $max }): { $seats }.
bot-lobby-ai-removed = { $name } removed an AI seat. Seats ({ $seated }/{ $max }): { $seats }.
bot-lobby-left-closed = { $name } left; the table is empty and closed.
bot-lobby-left = { $name } left. Seats: { $seats }.
bot-lobby-closed-footer = Open a new table with /new.
bot-lobby-started = The game has started — see the turn message below.
bot-lobby-confirmed = { $name } confirmed their seat. Seats ({ $seated }/{ $max }): { $seats }.
bot-lobby-rematch = Rematch of the last { $game } game, same seats: { $seats }.
bot-lobby-waiting = Waiting for { $names } to press **Join** and confirm: the game starts when everyone has, or { $opener } starts it sooner with those present.
bot-a-moderator = a moderator
bot-game-begins = { $game } begins: { $seats }.
bot-seat-intro = { $name } { $intro }
## The references: /card, /realm, /development, /rules and What does it do? ($game: a
## game's title; $command: the command's name; $kind: core's word for a component's kind).
bot-reference-game = *{ $game }* ·{" "}
bot-reference-other = **{ $name }** ({ $kind })
bot-reference-also-fits = The name also fits { $others }: `/{ $command } name:` with its full name shows it.
bot-rules-topic = **{ $game } — { $title }**
    { $text }
bot-rules-more = More: `/rules topic:` { $topics }. `/card`, `/realm` and `/development` explain single pieces.
bot-explain-head = **What your choices do**
bot-explain-line = • **{ $what }**: { $detail }
bot-explain-more = …and { $n } more: `/card` or `/development` with a name explains each.
bot-explain-none = Nothing you can choose now is a card, building, spell, realm, development, monument or relic: the panel's buttons say what they do. `/rules` explains the game.

## discord
## The slash commands as Discord lists them: bot-cmd-<command> is a command's name and
## bot-cmd-<command>-about its description; bot-opt-<option> an option's name (the same option
## has the same name everywhere) and bot-opt-<command>-<option>-about its description. The
## English names are the ones Discord sends back: keep them as they are. Names: lowercase
## letters, digits, - and _, at most 32; descriptions and choices: at most 100 characters.
bot-cmd-new = new
bot-cmd-new-about = Open a table for a game in this channel
bot-opt-new-game-about = Open a { $title } table
bot-opt-players = players
bot-opt-new-players-about = Seats at the table
bot-opt-new-deadline-about = Time per turn (default: the server's)
bot-opt-new-on-timeout-about = When a deadline passes (default: the server's)
bot-opt-new-rated-about = Whether the result counts for ratings (default: the server's)
bot-opt-ai = ai
bot-opt-new-ai-about = AI seats to add after you (unrated unless the server allows it)
bot-opt-ai-level = ai_level
bot-opt-new-ai-level-about = How strong the AI seats play (default: normal)
bot-opt-thread = thread
bot-opt-new-thread-about = Open the game in a new public thread of this channel (default: here)
bot-opt-options = options
bot-opt-new-options-about = More options as key=value words (for experts)
bot-cmd-join = join
bot-cmd-join-about = Take a seat at this channel's table
bot-cmd-leave = leave
bot-cmd-leave-about = Leave this channel's table before it starts
bot-cmd-start = start
bot-cmd-start-about = Start the game (the player who opened the table)
bot-cmd-play = play
bot-cmd-play-about = Play an action
bot-opt-action = action
bot-opt-play-action-about = The action, e.g. tile D7 E7 (type to see the legal ones)
bot-cmd-turn = turn
bot-cmd-turn-about = Open your private panel for your current decision (as Take my turn)
bot-cmd-help = help
bot-cmd-help-about = How to play the game in this channel: rules in brief, buttons, commands
bot-cmd-board = board
bot-cmd-board-about = Show the board (only to you)
bot-cmd-hand = hand
bot-cmd-hand-about = Show your hand and tile preview (only to you)
bot-cmd-log = log
bot-cmd-log-about = Show the game log (only to you)
bot-opt-page = page
bot-opt-log-page-about = Page, 1 = newest
bot-cmd-undo = undo
bot-cmd-undo-about = Take back your last action of this turn
bot-cmd-resign = resign
bot-cmd-resign-about = Give up your seat in this game
bot-cmd-abandon = abandon
bot-cmd-abandon-about = Stop this channel's game for everyone (creator or moderator)
bot-cmd-games = games
bot-cmd-games-about = The games running in this server
bot-cmd-myturns = myturns
bot-cmd-myturns-about = The games where it is your turn
bot-cmd-settings = settings
bot-cmd-settings-about = Your own settings; without options, shows them
bot-opt-confirm = confirm
bot-opt-settings-confirm-about = Ask once before ending a turn with something unused (workers, a purchase)
bot-choice-on = on
bot-choice-off = off
bot-cmd-remind = remind
bot-cmd-remind-about = Channel setting: ping the player to act after this many idle hours (0 = never)
bot-opt-hours = hours
bot-opt-remind-hours-about = Idle hours before a reminder
bot-cmd-quiet = quiet
bot-cmd-quiet-about = Your quiet hours: no reminders between start and end (your local time)
bot-opt-start = start
bot-opt-quiet-start-about = Local hour when quiet begins (0-23)
bot-opt-end = end
bot-opt-quiet-end-about = Local hour when quiet ends (0-23); equal to start clears
bot-opt-utc-offset = utc_offset
bot-opt-quiet-utc-offset-about = Your offset from UTC in hours, e.g. 2 or -5
bot-cmd-vacation = vacation
bot-cmd-vacation-about = Pause the deadlines of your turns in every game for some days
bot-opt-days = days
bot-opt-vacation-days-about = Days away (limited per season)
bot-cmd-season = season
bot-cmd-season-about = Seasons of this server's leaderboards (moderators)
bot-opt-season-start = start
bot-opt-season-start-about = Start a season: a fresh leaderboard beside the all-time one
bot-opt-name = name
bot-opt-season-name-about = The season's name
bot-opt-season-close = close
bot-opt-season-close-about = Close the running season and announce its winners
bot-cmd-league = league
bot-cmd-league-about = This server's defaults for new games; moderators can change them
bot-opt-league-deadline-about = Default deadline per turn
bot-opt-league-on-timeout-about = What happens by default when a deadline passes
bot-opt-rated = rated
bot-opt-league-rated-about = Whether new games are rated by default
bot-opt-ai-rated = ai_rated
bot-opt-league-ai-rated-about = Whether games that start with AI seats may be rated (default no)
bot-opt-vacation-days = vacation_days
bot-opt-league-vacation-days-about = Vacation days per player per season
bot-cmd-leaderboard = leaderboard
bot-cmd-leaderboard-about = The top 20 ratings of a game on this server
bot-opt-season = season
bot-opt-leaderboard-season-about = A season's name, or all for all-time (default: the running season)
bot-cmd-profile = profile
bot-cmd-profile-about = A player's games, wins, average score and rating history
bot-opt-user = user
bot-opt-profile-user-about = The player (default: you)
bot-cmd-history = history
bot-cmd-history-about = This server's finished games with their final scores
bot-cmd-record = record
bot-cmd-record-about = The record of this channel's game: every action (the seed once it has ended)
bot-cmd-mygames = mygames
bot-cmd-mygames-about = Your games on every server: whose turn, and the deadline
bot-cmd-rules = rules
bot-cmd-rules-about = A game's rules in brief: turn, scoring, the end, modes and variants
bot-opt-topic = topic
bot-opt-rules-topic-about = What to explain (type to see the topics)
bot-cmd-card = card
bot-cmd-card-about = What a card's spell or building, a monument or a relic does
bot-opt-card-name-about = Its name in English or German (type to see them)
bot-cmd-realm = realm
bot-cmd-realm-about = What a realm's ability does
bot-opt-realm-name-about = The realm's name in English or German (type to see them)
bot-cmd-development = development
bot-cmd-development-about = What a development, monument or disaster does
bot-opt-development-name-about = Its name in English or German (type to see them)
bot-opt-deadline = deadline
bot-opt-on-timeout = on_timeout
# A deadline policy as a choice: its stored word, then what it does.
bot-choice-policy = { $policy ->
    [skip] skip: the turn is skipped
    [replace] replace: the others vote to replace the player
   *[forfeit] forfeit: the seat forfeits
}
bot-opt-game = game
bot-opt-game-about = Which game
# A slash command that cannot be read (Discord checks these; a forged or outdated client can
# send anything). $name: an option's or command's name as Discord sends it.
bot-options-too-long = The options are too long: at most { $max } characters of key=value words.
bot-not-key-value = "{ $word }" is not key=value (for example realms=random_unique)
bot-option-out-of-range = { $name } must be from { $low } to { $high }, not { $value }.
bot-choose-a-game = choose a game: /new { $games }
bot-confirm-on-or-off = confirm is on or off, not "{ $value }"
bot-choose-season-start-or-close = choose /season start or /season close
bot-unknown-command = Turnpost does not know /{ $name }

## The bot's permissions ($permission: the key of one, $place: where they are granted,
## thread or channel; $names: their names as a list).
bot-permission-name = { $permission ->
    [view-channel] View Channel
    [send-messages] Send Messages
    [embed-links] Embed Links
    [attach-files] Attach Files
    [read-message-history] Read Message History
    [create-public-threads] Create Public Threads
   *[send-messages-in-threads] Send Messages in Threads
}
bot-permission-why = { $permission ->
    [view-channel] to see the channel the game is played in
    [send-messages] to post the lobby and the turn messages
    [embed-links] the turn messages show their pictures in embeds, which Discord leaves out without it
    [attach-files] to upload the pictures of the board and the hands
    [read-message-history] after a crash the bot reads a channel's latest messages before posting again, so nothing arrives twice
    [create-public-threads] `/new thread:true` opens the game in a new thread of the channel
   *[send-messages-in-threads] to post the lobby and the turn messages of games played in threads
}
bot-permission-line = - **{ $name }**: { $why }.
bot-permissions-how-to-grant = To fix it, a moderator opens { $place ->
    [thread] this thread's channel
   *[channel] this channel
}'s settings → Permissions → Turnpost's role (or Turnpost itself) → allows { $names }.
bot-permissions-refused = I cannot { $doing ->
    [start-game] start the game
    [open-rematch] open the rematch
    [open-thread] open a table in a new thread
   *[open-table] open a table
} here: Turnpost lacks { $names } in { $place ->
    [thread] this thread's channel
   *[channel] this channel
}. Nothing was changed.
bot-permissions-warning = ⚠ Turnpost lacks { $names } in { $place ->
    [thread] this thread's channel
   *[channel] this channel
}, so { $effect ->
    [no-pictures] the turn messages go out without their pictures
   *[may-not-arrive] the game's messages may not arrive or may lack their pictures
}. { $how }

## Answers of the Discord adapter itself.
bot-restarting = Turnpost is restarting; please try again in a minute.
bot-apology = Sorry — something went wrong on our side. It has been logged; please try again in a moment.
bot-done = Done.
bot-pick-an-action = Pick one of the actions.
bot-not-our-button = This button is not one of Turnpost's.
bot-abandon-question = Abandon this channel's game for everyone? It cannot be resumed.
bot-button-abandon = Abandon the game
## /new … thread:true ($thread: the thread's mention; $name: the player's name as given).
bot-thread-in-thread = This is a thread already, and a thread cannot have threads of its own. Use `/new` without `thread` to play in this thread, or use `/new … thread:true` in a channel.
bot-thread-outside-server = Threads exist only in a server's channels: use `/new … thread:true` in a server channel.
bot-thread-name = { $title } — { $name }'s table
bot-thread-failed = I could not open a thread here ({ $why }); nothing was changed. `/new` without `thread` opens the table in this channel.
bot-thread-opened = { $name } opened a { $title } table in { $thread } — join it there.
bot-thread-game-is-in = The game is in { $thread }.
bot-thread-stays-empty = The thread { $thread } stays empty: use `/new` in it to open the table there, or delete it.

## The private panel: its prompt, the line under it and its controls.
bot-panel-prompt = **{ $prompt }**
bot-panel-moved-on = The game has moved on since that panel was shown; here is your decision now.
bot-panel-nothing = You have nothing to decide now.
# $line: who is to play ("Bert (Blue) to play: …").
bot-panel-waiting = It is not your turn — { $line }. You can look at the board or your hand meanwhile.
bot-panel-turn-over = Your turn is over — { $line }.
bot-panel-nobody = Nobody is to act: the game is not running.
bot-panel-game-over = The game is over.
# An item to toggle (a die): its number and what it shows.
bot-panel-item = { $n } · { $label }
bot-panel-pick-placeholder = { $pick }…
bot-panel-toggles-note = { $pick }: pick them in the menu, and it happens at once{ $locked ->
    [0] {""}
   *[other] {" "}({ $locked } locked)
}.
bot-panel-choose = Choose
bot-panel-or-choose = Or choose
bot-panel-choose-action = Choose an action
bot-panel-choose-action-range = Choose an action ({ $first }–{ $last } of { $n })
# A group's line: its name in bold, then what it is.
bot-panel-group-note = **{ $group }**: { $description }
bot-panel-no-longer-offered = That choice is no longer offered. { $note }
# A select's placeholder over part of the groups: the first and the last it shows.
bot-panel-range = { $pick }: { $first } … { $last }
bot-panel-pages-note = { $pick }: { $n } in all, page { $page } of { $pages }.
bot-panel-pick-note = { $pick }.
bot-panel-list-note = { $n } choices, page { $page } of { $pages }; `/play` finds one as you type part of it (a space like D7, or a word).
bot-button-back = ◂ Back
bot-button-previous = ◂ Previous
bot-button-more = More ▸ (page { $page } of { $pages })
bot-button-panel-undo = ↶ Undo
bot-button-explain = What does it do?

## The buttons under the channel's messages (in the server's language).
bot-button-take-my-turn = Take my turn
bot-button-my-hand = My hand
bot-button-log = Log
bot-button-undo = Undo
bot-button-join = Join
bot-button-leave = Leave
bot-button-start = Start
bot-button-add-ai = Add AI ({ bot-ai-level })
bot-button-remove-ai = Remove AI
bot-button-rematch = Rematch
bot-button-replace = Replace
bot-button-keep-waiting = Keep waiting
bot-button-take-the-seat = Take the seat
bot-button-let-an-ai-play = Let an AI play it
# A picture's description when it has no words of its own (written before pictures had
# them): its file's name.
bot-picture-named = Picture: { $name }
## Abandoning, reminders ($user: a mention; $link: a Discord link).
bot-abandon-confirm = Abandon this game for everyone? It cannot be resumed. Confirm to abandon it.
bot-abandoned = { $name } abandoned the game. The channel is free for a new one.
bot-reminder = { $user }, it is your turn ({ $prompt }); the table has waited { $hours } h.{ $link }
bot-latest-turn = {" "}Latest turn: { $link }
## Settings.
bot-reminders-every = { $hours ->
    [0] No more reminders in this channel.
   *[other] The player to act is reminded after { $hours } idle hours, once per { $hours } hours.
}
bot-quiet-hours = No reminders for you between { $start }:00 and { $end }:00 (UTC{ $offset }).
bot-quiet-hours-cleared = Your quiet hours are cleared.
bot-settings-confirm = { $on ->
    [1] Before you end a turn with something unused (workers, a purchase you can afford), you are asked once. Turn it off with /settings confirm:off.
   *[0] You are not asked before ending a turn with something unused. Turn the question back on with /settings confirm:on.
}
## Deadlines and votes ($seat: the late seat; $user, $voters: mentions; $at: a Discord time
## stamp; $then: what happens then; $link: " Latest turn: …" or nothing).
bot-vote-no-majority = The vote on replacing { $seat } ended without a majority
bot-table-keeps-waiting = The table keeps waiting
bot-fresh-deadline = { $why }: { $seat } gets a fresh deadline, { $at }.
bot-deadline-warning = { $user }, ⏳ your turn's deadline is { $at }; then { $then }.{ $link }
bot-vote-called = ⏳ { $seat } ran out of time. { $voters }: replace them with a volunteer, or keep waiting? A majority decides; without one by { $at }, { $seat } gets a fresh deadline. { $seat } can still play meanwhile.
bot-seat-opened = The table voted to replace { $seat }. Anyone not playing here can press **Take the seat** to play on from this position, or a player here can press **Let an AI play it**; { $seat } can still play their turn until then. Without a volunteer by { $at }, the seat forfeits.
bot-vote-replaces = Vote counted: the table replaces { $seat }; the seat is open to a volunteer.
bot-vote-keeps-waiting = Vote counted: the table keeps waiting for { $seat }.
bot-vote-counted = Vote counted: { $yes } to replace, { $no } to keep waiting; { $needed } of { $eligible } decide.
## The terminal table (`turnpost local`).
bot-local-help = Type an action in the game's notation ("help" shows it), "legal" for every legal action, "rules" or "rules scoring" for the rules in brief, "explain" for what your choices do, "card rage", "realm elves" or "development agriculture" for one piece, "board", "hand", "log", "undo", "resign", "abandon" (end the game for good), or "quit" (with --db the game is saved after every move and resumes next time; --new starts over).
# A seat's name at the terminal (seat $n, from 1).
bot-local-player = Player { $n }
bot-local-player-count = { $game } is for { $low } to { $high } players, not { $n }
bot-local-too-many = { $game } is for { $low } to { $high } players, not { $people } people and { $ai } AI seats
bot-local-abandoned-new = The saved game is abandoned; a new one begins.
bot-local-resuming = Resuming the saved game.
bot-local-cannot-resume = { $why } This file holds a table that cannot be resumed; run again with --new to abandon it and start over.
bot-local-game-over = The game is over.
bot-local-ai-stuck = the AI seat to act found nothing to play
bot-local-pass-keyboard = === Pass the keyboard to { $name } and press Enter ===
bot-local-prompt = { $name }, { $prompt }>{" "}
bot-local-end-of-input = (end of input: the game is left as it is)
bot-local-too-long = That line is too long (over { $max } characters); type an action such as "pass", or "help".
bot-local-not-text = That line is not text (UTF-8); type an action such as "pass", or "help".
bot-local-legal = { $n } legal actions: { $actions }
bot-local-abandoned = The game is abandoned. Run again to start a new one.
bot-local-anyway = (type "anyway { $notation }" to play it, or choose again)
bot-local-picture = [picture: { $path }]
bot-local-playing = Playing { $title }.
bot-local-playing-with = Playing { $title }: { $options }.
bot-local-choose-others = Choose others when starting a game:
# One option of the game ($label: the game's words for it; $choices: its values as typed).
bot-local-option = {"  "}--option { $key }=… ({ $label }: { $choices }; { $now })
bot-local-option-now = { $value } now
bot-local-option-not-set = not set
bot-local-no-options = {"  "}(this game has no options)
bot-cli-unknown-lang = "{ $lang }" is not a language Turnpost speaks: choose en or de
bot-cli-not-a-seed = "{ $text }" is not a seed: give a number or 64 hex digits
bot-cli-not-key-value = an option is key=value, not "{ $option }"
bot-cli-no-options = { $game } takes no options, not "{ $key }"
bot-cli-not-an-option = "{ $key }" is not an option of { $game }: its options are { $keys }
bot-cli-one-of = { $key } must be one of { $values }, not "{ $value }"
bot-cli-true-or-false = { $key } is true or false, not "{ $value }"
bot-opt-language = language
bot-opt-settings-language-about = The language of your private answers, panels and DMs (default: your Discord's)
bot-opt-league-language-about = The language of this server's game messages (moderators; default: the server's)
bot-choice-language-yours-discord = As my Discord
bot-choice-language-server-discord = As the server's Discord setting
bot-language-alone = Set the language on its own, without other options.
## The league ($name: a season's or player's name as given; $game: a game's title; $until,
## $at, $date: Discord time stamps; $channel: a mention; $link: a Discord link).
bot-vacation = 🏖️ Vacation until { $until }: the deadlines of your turns in every game wait until then, and turn messages say you are away. { $left } of { $allowance } days left { $span }.
bot-season-begins = 🏁 Season "{ $name }" begins. Rated games finished from now count on its leaderboard (everyone starts fresh there); the all-time leaderboard goes on.
bot-season-over = 🏆 Season "{ $name }" is over.
bot-season-top = { $place }. { $name } ({ $rating })
bot-season-game-top = { $game }: { $names }
bot-season-no-games = {" "}No rated game finished in it.
bot-season-running-now = season "{ $name }" running
bot-no-season-running = no season running
bot-language-follows-server = the server's language
bot-league-settings = { $saved ->
    [1] Saved.{" "}
   *[0] {""}
}New games here: { $terms }; { $ai_rated ->
    [1] games with AI seats may be rated
   *[0] games with AI seats are unrated
}. Vacation: { $days } days per season per player; { $season }. /new can choose other terms per game (deadline, on_timeout, rated). Language: { $language }.
bot-all-time = all-time
bot-season-named = season "{ $name }"
bot-leaderboard = **{ $game } leaderboard, { $scope }**
bot-leaderboard-empty = No rated game has finished yet.
bot-leaderboard-line = { $place }. { $name } — rating { $rating } · { $games } games · { $wins } wins
bot-profile-none = { $name } has not finished a game on this server yet.
bot-profile = **{ $name }**
bot-profile-game = { $game }: { $games } games, { $wins } wins
bot-profile-average = , average score { $average }
bot-profile-rating = , rating { $rating }
bot-history = **Finished games, newest first**
bot-history-place = { $place ->
    [1] 1st
    [2] 2nd
    [3] 3rd
   *[other] { $place }th
} { $name }
bot-history-score = {" "}{ $score }
bot-history-resigned = {" "}(resigned)
bot-history-link = {" "}— [last message]({ $link })
bot-history-line = { $date } { $game } in { $channel }{ $rated ->
    [1] , rated
   *[0] {""}
}: { $results }{ $link }
bot-record = { $ended ->
    [1] The record of this { $game } game: { $actions } actions, with the seed. `turnpost replay` reproduces it.
   *[0] The record of this { $game } game so far: { $actions } actions. The seed comes with the record once the game has ended.
}
bot-my-games-none = You are not playing in any game. /new opens a table.
bot-my-games = **Your games** ({ $n })
bot-my-games-line = { $channel } { $game } — { $state }
bot-my-games-your-turn = **your turn**
bot-my-games-nobody = nobody to act
bot-my-games-deadline = , deadline { $at }
bot-my-games-deadline-passed = , deadline passed
bot-my-games-away = 🏖️ On vacation until { $until }.
## Words of the league's pictures and files ($name: the player's name as given).
bot-rating-chart = { $name } — { $game } rating
bot-record-alt = The game's record as JSON (options, seats and every action in notation).
# Two texts side by side (what a choice does, then the next).
bot-panel-side-by-side = { $first } · { $second }
## Leagues on the web (issue 32): /league web: and the links under answers ($link, $path: an address as given).
bot-opt-web = web
bot-opt-league-web-about = This server's web pages: standings, profiles, replays (moderators)
bot-choice-web = { $switch ->
    [on] On: serve the pages (prints their link)
    [off] Off: stop serving them
   *[rotate] Rotate: a new link (old links stop working)
}
bot-web-alone = Set the web pages on their own, without other options.
bot-web-unknown = "{ $word }" is not a choice for web: choose on, off or rotate.
bot-web-off = This server's web pages are off: nobody can open them now.
bot-web-on = { $rotated ->
    [1] This server's web pages have a new link (the old one no longer works):
   *[0] This server's web pages are on:
} { $link }
    Anyone with the link can read the standings, profiles and finished games; /league web:rotate gives a new link.
bot-web-on-no-address = { $rotated ->
    [1] This server's web pages have a new path (the old one no longer works):
   *[0] This server's web pages are on, under the path
} { $path }
    The bot has no public web address yet (TURNPOST_WEB_URL), so it cannot print the whole link.
bot-web-see = On the web: { $link }
bot-web-to-act = { $name } ({ $seat }) to play: { $prompt }
## The web pages' words ($name: a player's name as given; $id: a game's number).
bot-web-site = Turnpost league
bot-web-nav = Pages
bot-web-nav-leaderboard = Leaderboard
bot-web-nav-games = Games
bot-web-refused = This page cannot be shown
bot-web-not-found = There is no such page here. A server's pages exist only while its moderators have them on, under the link /league web:on printed last.
bot-web-failed = Something went wrong on our side; please try again later.
bot-web-too-many = Too many requests from your address: please wait a moment.
bot-web-too-long = The address is too long (at most { $most } characters).
bot-web-unknown-query = "{ $key }" is not something this page reads (it reads: { $allowed }).
bot-web-query-twice = "{ $key }" is given twice.
bot-web-number = { $what ->
    [game] The game
    [season] The season
    [page] The page
    [step] The step
    [player] The player
    [version] The version
   *[picture] The picture
} must be a whole number from { $low } to { $high }, not "{ $given }".
bot-web-no-such-game = There is no game called "{ $game }".
bot-web-leaderboard = Leaderboard { $game }, { $scope }
bot-web-pick-game = Game
bot-web-pick-season = Season
bot-web-show = Show
bot-web-rating-note = The rating is a cautious estimate of skill: it rises with wins against strong players.
bot-web-col-place = Place
bot-web-col-player = Player
bot-web-col-rating = Rating
bot-web-col-games = Games
bot-web-col-wins = Wins
bot-web-col-game = Game
bot-web-col-average = Average score
bot-web-col-date = Finished
bot-web-col-results = Results
bot-web-profile = { $name }
bot-web-games = Games
bot-web-running = Being played
bot-web-none-running = No game is being played on this server right now.
bot-web-finished = Finished, newest first
bot-web-game-named = { $game } #{ $id }
bot-web-pages = Pages of games
bot-web-page = Page { $page } of { $pages }
bot-web-players = Players: { $players }
bot-web-step = { $step ->
    [0] The start (step 0 of { $last })
   *[other] Step { $step } of { $last }
}
bot-web-steps = Steps of the game
bot-web-first = First step
bot-web-prev = Previous
bot-web-next = Next
bot-web-last = Last step
bot-web-slider = Go to step
bot-web-keys = Keys: ← and → step back and forward, Home and End jump to the start and the end.
bot-web-log = What happened in this step
bot-web-start = The game begins.
bot-web-score = { $name } { $score }
bot-web-final = Final scores: { $scores }
bot-web-live = This board shows the game as its channel sees it and refreshes when the turn changes.

## References' autocomplete (issue 30, helper REF; table/reference.rs, discord/commands.rs):
## an entry's words in the reader's language, cut to Discord's 100 characters where longer.
# "Rage ×2 (Wut) · spell — A worker counts twice …" ($other: the name in the other language).
bot-suggestion = { $name } · { $kind } — { $text }
bot-suggestion-named = { $name } ({ $other }) · { $kind } — { $text }
# The kind with the game's title where several games have such entries: "development · Roll Through the Ages".
bot-suggestion-kind-game = { $kind } · { $game }
# A /rules topic: "Pandoria: Scoring".
bot-suggestion-topic = { $game }: { $title }
# A /play choice with what it does: "Cast Conjure 6 — 2 crystals · Set one of your resources to exactly 6".
bot-choice-with-detail = { $label } · { $detail }
