# The rooms' start page, in English: the page a room of either game is made on. The page
# fills in the variables itself: $n a seat's number, $name a player's name, $title a link's
# heading, $why the server's own words, the rest numbers. A number that changes the words
# around it is chosen by [one] and *[other] (Russian: [one], [few], [many], *[other]).

start-title = Abaku and Abakus: a room to play in
start-page-language = Language of this page
start-heading-tiles = Abaku: a room to play in
start-heading-hex = Abakus: a room to play in

## The game and the room
start-game = The game
start-tiles-name = Abaku
start-tiles-about = Tiles and sums, 1 to 4 players
start-hex-name = Abakus
start-hex-about = Stones on a hexagonal board, 2 players
start-language = Language of the room
start-patience = How long to wait for a player who is away
start-patience-forever = Wait for ever
start-patience-hint = If a player is away on their turn this long, the others may let the computer play for them or end the game.
start-one-day = 1 day
start-no-clock = No clock: take days if you like
start-seconds =
    { $seconds ->
        [one] { $seconds } second
       *[other] { $seconds } seconds
    }
start-minutes =
    { $minutes ->
        [one] { $minutes } minute
       *[other] { $minutes } minutes
    }

## The players
start-players = Players
start-player = Player { $n }
start-player-name = Name of player { $n }
start-player-kind = Who plays seat { $n }
start-person = A person, by link
start-computer = Computer
start-computer-easy = Computer: easy
start-computer-normal = Computer: normal
start-computer-hard = Computer: hard
start-computer-expert = Computer: expert
start-add-seat = Add a player
start-remove-seat = Remove the last

## The tile game's table
start-table = The table
start-board = Board
start-board-a = Board A, with bonus squares
start-board-b = Board B, bare
start-ops = Operations
start-ops-all = All eight
start-ops-add-sub = Addition and subtraction
start-ops-mul-div = Multiplication and division
start-ops-basic = All but powers and roots
start-scoring = Scoring
start-scoring-basic = A point per tile of each sum
start-scoring-value = Each tile scores its digit
start-scoring-tile-op = A point per tile, two per sum
start-scoring-ops-only = A point per sum
start-diagonal = Sums along the diagonals too
start-result-first = A result may stand first (12=8+4)
start-challenge = Challenge mode
start-spin = Spin Abaku (2 players, or 4 in pairs)
start-turn-time = Time for a turn

## The hex game's board and seats
start-black = Black
start-white = White
start-black-name = Name of Black's player
start-white-name = Name of White's player
start-black-player = Who plays Black
start-white-player = Who plays White
start-hex-note = Black moves first. Whoever has fewer stones on the full board wins.
start-board-heading = The board
start-side = Board size
start-side-cells = Side { $side }: { $cells } cells
start-side-quick = Side { $side }: { $cells } cells, a few minutes
start-side-usual = Side { $side }: { $cells } cells, the usual game
start-side-long = Side { $side }: { $cells } cells, a long game
start-move-time = Time for a move
start-time-out = When the time runs out
start-time-out-random = A random move is played
start-time-out-loses = The player loses

## Making the room
start-key = The server's key, if it asks for one
start-make-room = Make the room
start-error-no-person = A room needs a person at one seat at least.
start-error-spin = Spin Abaku is for 2 players, or 4 in pairs.
start-error-key = This server makes rooms only with its key: type it above.
start-error-too-many = Too many rooms were made from this address; try again in an hour.
start-error-busy = The server cannot make a room just now; try again later.
# $why is the server's reason, in English.
start-error-origin = A room is made from this server's own page.
start-error-unreadable = The server could not read this table; reload the page and try again.
start-error-language = The server does not speak that language.
start-error-seats = This game is not for that many players.
start-error-player = One of the players is neither a person nor the computer.
start-error-time = The time for a turn is 10 seconds to an hour.
start-error-game = The server does not know that game.
start-error-options = That choice is not one of this game's.
start-error-side = The board's side is 3 to 8.
start-error-time-out = That is not something running out of time can do.
start-error-patience = The wait for an absent player is at most a week.
start-error-rules = The rules do not allow this table; change a variant or the players.
start-error-refused = The room could not be made: { $why }
start-error-unreachable = The server cannot be reached; try again.

## The room's links
start-ready = The room is ready
start-links-tiles = Send each player their own link; whoever opens it first takes that seat, and that device comes back to it by itself. The watch link shows the game without anyone's tiles.
start-links-hex = Send each player their own link; whoever opens it first takes that seat, and that device comes back to it by itself. The watch link shows the game to anyone.
start-seat = { $name }'s seat
start-seat-number = Player { $n }'s seat
start-seat-black = Black's seat
start-seat-white = White's seat
start-seat-black-named = { $name }'s seat (Black)
start-seat-white-named = { $name }'s seat (White)
start-watch = Watching
start-copy = Copy
start-copied = Copied
start-copy-failed = Select the link to copy it
# The alt text of a link's QR code; $title is the link's heading ("Ann's seat").
start-qr = QR code: { $title }
start-code = Given a code for a game? Type it here
start-code-join = Join
start-code-of = Code: { $code }
start-error-not-a-code = A code is eight letters and digits, like K7QM-2PXR.
start-error-no-such-code = No game has that code: look at it again.
start-error-too-many-codes = Too many codes were tried from this address; try again in an hour.
