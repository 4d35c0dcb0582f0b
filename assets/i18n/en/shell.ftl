# The words every screen of the app shares, in English.

app-name = Abakus
tagline = Two games for one table
continue = Continue
settings = Settings
rules = Rules
quit = Quit
touch-to-play = Touch the screen to play
demo-when-idle = Demo when idle
back = Back
recommended = recommended
human = Human
computer-easy = Computer: easy
computer-normal = Computer: normal
computer-hard = Computer: hard
computer-expert = Computer: expert
computer-levels = Computer:
level-easy = easy
level-normal = normal
level-hard = hard
level-expert = expert
thinking = thinking
start = Start
undo = Undo
redo = Redo
restart = Restart
menu = Menu
play-again = Play again
to-title = Title screen
resume = Resume
help = Help
shortcuts = Keyboard shortcuts
master-volume = Volume
effects-volume = Effects
music-volume = Music
mute = Mute
unseen-tiles = Count unseen tiles
show-coordinates = Show cell names
shortcut-list =
    U  undo
    R  redo
    Esc  menu, or back
    H or ?  this help
    M  mute
    V  flat board or 3D table
    F11  fullscreen
close = Close
on = On
off = Off
computer-pace = Computer moves
pace-quick = Quick
pace-steady = Steady
pace-slow = Slow
turn-timer = Turn timer
understood = OK
set-aside = { $file } could not be read; it is kept as { $kept }, and the game goes on without it.
minutes = { $n } min
seconds = { $n } s
language = Language
examples = Examples
animations = Animations
anim-calm = Calm
anim-normal = Normal
anim-brisk = Brisk
fullscreen = Fullscreen
learn = Learn
lesson-step = Lesson · step { $n } of { $total }
lesson-next = Next
lesson-leave = Leave the lesson
lesson-play = Play a game
save-game = Save game…
save-heading = Save this game
save-name = Name
save = Save
export-sheet = Score sheet
nothing-to-save = A lesson, a demo or an online game still going is not kept here (an online game is, once it is over).
saved-as = Saved: { $file }
sheet-written = Score sheet written: { $file }
save-failed = Could not save: { $why }
saved-games = Saved games
no-saved-games = No saved games yet. Save one from a game's menu.
load = Load
delete = Delete
load-failed = { $file } could not be loaded: { $why }
colour-blind = Colour-blind colours
ui-scale = Interface size
table-view = Board view
view-auto = Automatic
view-flat = Flat
view-table = Table (3D)
phone-port = Phones’ port
port-any = Any free
port-fixed = Fixed
view-stepped-back = The 3D table drew too slowly on this computer, so the board is flat again. Press V to try the table anyway.

# The review of a finished game.
review = Review the game
review-heading = Review of the game
review-working = Looking at move { $done } of { $total }…
review-cancel = Cancel
review-nothing = This game cannot be reviewed: it has no moves yet, or it is a tile game that is not over (its review would show every rack).
review-open = Review
review-failed = The game could not be reviewed: { $why }
review-first = First
review-back = Back
review-forward = Forward
review-last = Last
review-better = Better: { $move }
review-accuracy = { $name }: { $percent }% best or good moves
review-best-turn = Best turn: move { $n }
review-biggest-miss = Biggest miss: move { $n }
review-try = Try again
practice-heading = Try again
practice-task = Move { $n }: { $name } played { $move }. Find a better move.
practice-back = Back to the review
practice-judging = Weighing your move…
practice-again = Another try
practice-found = { $move }: as good as the computer's move!
practice-not-yet = { $move }: not the best yet.
practice-computer = The computer's move: { $move }
default-player = Player { $n }
statistics = Statistics
stats-none = No finished games yet. Every game a person finishes counts, against the computer or against each other; demos, lessons and the kiosk do not.
stats-player = Player
stats-played = Played
stats-won = Won
stats-streak = Longest streak
stats-against = Wins against the computer
stats-per-turn = Points a turn
stats-best-turn = Best turn
stats-margin = Average winning margin
stats-reset = Reset statistics
stats-reset-ask = Clear every player's statistics? This cannot be undone.
cancel = Cancel

play-online = Play online
online-join-heading = Join a game
online-join-hint = Paste the link you were sent, or type its code, to play or to watch
online-join = Join
online-not-a-link = That is not a game's link: it begins with https:// or http:// and has /seat/ or /watch/ in it.
online-your-games = Your games still going
online-watching-mark = watching
online-playing-as = as { $names }
online-host-heading = Host a game
online-host-how = On this machine, for its network: in either game's setup, choose “Person, on a phone” for a seat: when the game starts, its link and code show on this screen, and any device on your network opens it.
online-joining = Joining the game at { $server }…
online-reconnecting = The connection to { $server } was lost; coming back to the game by itself…
online-playing-elsewhere = { $name } is playing elsewhere
online-leave = Back to the title
online-ended-unknown = This link no longer opens a seat: it is old, or the game was closed.
online-ended-taken = Another device already plays this seat.
online-ended-replaced = This seat is now played on another device.
online-ended-reopened = The game's host gave this seat a new link.
online-ended-closed = The game has been closed by its host.
online-ended-certificate = The server's certificate does not check out, so the game was not opened. Ask its operator.
online-ended-not-a-server = No game server answers at this address.
online-host-server-heading = On a game server, for people anywhere
online-server-hint = The server's address, as games.example.org
online-key-hint = Its key, if it makes rooms only with one
online-servers-used = Used before:
online-host-there = Set up { $game } there
online-not-a-server-address = That is not a server's address: type its name, as games.example.org, or http:// and an address on your network.
online-host-at = This game is played in a room made at { $server }: you play at this window, and each “Person, on a phone” gets a link to send, wherever they are.
online-host-one-here = One person plays at this window in a room on a server: choose “Person, on a phone” for the others.
online-host-someone-here = A game in a room on a server is played from this window: choose “Human” for each of the people here.
online-host-here-instead = Play at this window instead
online-making = Making the game's room at { $server }…
online-no-server-at = No game server answers at { $server }. Check its address, and this machine's network.
online-not-this-name = The server at { $server } does not answer to that name: type its address as its operator gives it.
online-refused-key = This server makes rooms only with its key: type it under the server's address on Play online.
online-refused-busy = The server is full just now; try again in a while.
online-refused-too-many = The server has made many rooms for this network within the hour; try again later.
online-refused = The server would not make the room: { $why }
online-links-heading = Links to send
online-link-for = { $name }'s seat
online-watch-link = To watch the game
online-code-needs-server = A code is typed with its server’s address: before the code, or under On a game server below.
online-code-finding = Looking for the game of that code at { $server }…
online-code-unknown = No game at { $server } has that code: look at it again, and at the server’s address.
online-code-too-many = Too many codes were tried from this network within the hour; try again later.
online-link-code = Where a link cannot be opened, its code is typed with { $server } (on Play online, or on that server’s page).
online-copy = Copy
online-links-hide = Hide the links
online-links-show = Links to send
online-again-asked = Asked: the next game begins when every player has asked for it.

# A booth's table of the day, between demo games.
booth-table-title = Today’s challenge
booth-table-empty = Nobody on today’s table yet: scan the code and be the first!
booth-table-scan = Scan the code in the corner to play.
booth-table-best = Best of the event: { $name }, { $score ->
    [one] { $score } point
   *[other] { $score } points
}, on { $day }
booth-table-points = Points
booth-table-computer = Computer
booth-table-new = new

# The organiser's controls of a booth's day.
booth-controls-open = The booth…
booth-controls-title = The booth
booth-pin-ask = Type the organiser’s PIN
booth-pin-wrong = That is not the PIN.
booth-pin-wait = Too many tries: wait { $seconds } s.
booth-no-pin = No PIN is set: anyone at the keyboard may open these. Set one below.
booth-name = Booth’s name
booth-computer = The computer
booth-length = Length
booth-length-whole = Whole game
booth-length-turns = { $turns } turns each
booth-link = The organiser’s link
booth-link-bad = Not a web address: it begins with https:// (or http://)
booth-pin = PIN
booth-joining = Visitors joining
booth-joining-open = Open
booth-joining-paused = Paused
booth-table-count = Today’s table holds { $count ->
    [one] one entry
   *[other] { $count } entries
}.
booth-clear = Clear today’s table…
booth-clear-sure = Clear { $count ->
    [one] today’s one entry
   *[other] today’s { $count } entries
}? This cannot be undone.
booth-clear-yes = Clear
booth-keep = Keep them
