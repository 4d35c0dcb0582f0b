# The arithmetic tile game's words, in English. Names of players come as $name.

name = Abaku
# A seat's name until someone types one.
play = Play Abaku
about = Number tiles for 1 to 4 players: lay digits that read as true sums.
new-game = New game of Abaku
players = Players
names = Who plays
board = Board
board-a = Board A
board-a-about = Bonus squares all over: the usual board for 2 to 4.
board-b = Board B
board-b-about = Only the start square: for playing alone.
operations = Operations
ops-all = All
ops-add-sub = + and −
ops-mul-div = × and ÷
ops-basic = No powers or roots
ops-about = Which kinds of sum count.
diagonal = Diagonal sums
diagonal-about = Sums may also run along a diagonal.
result-first = Result first
result-first-about = Sums may also read with the result first: 17 = 23 − 6.
scoring = Scoring
scoring-basic = Basic
scoring-value = Value
scoring-tile-op = Tile and sum
scoring-ops-only = Sums only
challenge = Challenge mode
challenge-about = Moves are not checked: the others may challenge a wrong one, or lose a turn.
spin = Spin Abaku
spin-about = Black against red: a sum you use turns its tiles your colour.
spin-needs-pairs = Spin Abaku is for 2 players, or 4 in pairs.
length = Length
length-about = A short game ends once each player has had their turns, as a blocked one does: each tile left costs a point.
length-whole = Whole game
length-turns = { $turns } turns each
short-form-round = Short game: round { $round } of { $turns }
submit = Submit
recall = Take back
shuffle = Shuffle
exchange = Exchange
pass = Pass
concede = Concede
concede-sure = Concede the game? You cannot win it then.
turn-log = Turns
nothing-yet = No turns yet.
joker-prompt = The joker stands for…
joker-prompt-about = Choose its digit (or press 0-9). Esc puts it back.
cancel = Cancel
show-my-tiles = Show my tiles
hint = Hint
accept = Accept the move
pick-to-exchange = Choose the tiles to put back in the bag:
exchange-these = Exchange these
final-scores = Final scores
scoring-about = Basic: a point a tile. Value: the digits. Tile and sum: a point a tile, 2 a sum. Sums only: a point a sum.
how-to-play =
    Drag a tile from your rack onto a square, or tap the tile, then the square.
    Lay tiles in one line so that every row and column reads as a true sum: 8412 is 8 + 4 = 12.
    Keys: the arrows move a cursor, a digit lays that tile there (J the joker), Enter submits.
rules-title = How to play Abaku
legend = Bonus squares

# Printed in capitals on the board's bonus squares, over "×2" or "×3": at most 6 letters.
board-tile = TILE
board-sum = SUM
board-start = START
bonus-tile-x2 = tile ×2
bonus-tile-x3 = tile ×3
bonus-sum-x2 = sum ×2
bonus-sum-x3 = sum ×3
bonus-start = start ×2

to-play = { $name } to play
pass-to = Pass the screen to { $name }
is-move-right = Is { $name }'s move right?
challenges = { $name } challenges
only-you-look = Only { $name } should look now. The tiles appear when you press the button (or Space).
# Above the count of each digit and the joker the player to move has not seen yet.
unseen-title = Not seen yet
bag-count = { $tiles ->
    [one] 1 tile in the bag
   *[other] { $tiles } tiles in the bag
}
points = { $points ->
    [one] { $points } point
   *[other] { $points } points
}
turn-total = This turn: { $points ->
    [one] { $points } point
   *[other] { $points } points
}
joker = joker
continue-hint = { $players ->
    [one] 1 player
   *[other] { $players } players
}, { $turns ->
    [one] 1 turn
   *[other] { $turns } turns
} played

notice-joker-undeclared = Choose the joker's digit first.
notice-not-your-turn = It is not your turn.
notice-time-ran-out = Time ran out: { $name }'s tiles went back and the turn passed.
notice-nothing-to-lay = No tiles of yours fit anywhere: exchange some, or pass.
notice-scored = { $name } scored { $points ->
    [one] { $points } point
   *[other] { $points } points
}.
notice-exchanged = { $name } exchanged { $tiles ->
    [one] 1 tile
   *[other] { $tiles } tiles
}.
notice-exchange-advised = Hint: these tiles lay poorly here; exchange { $tiles } of them.
notice-passed = { $name } passed.
notice-challenge-upheld = { $name } was right: the move goes back, a point off for each tile.
notice-challenge-failed = The move was correct: { $name } loses their next turn.

ending-rack-emptied = { $name } laid their last tile with the bag empty: they gain a point for every tile left on the other racks, which cost their holders a point each (a joker 10).
ending-blocked = Everyone passed twice: each tile left on a rack costs a point (a joker 10).
ending-turns-played = The short game’s turns are all played: each tile left on a rack costs a point (a joker 10).
ending-conceded = { $name } conceded the game.
ending-passed-thrice = { $name } passed three times in a row while others played, and so loses.

winners-none = Nobody wins.
# $names is the winners' names joined by the list words below.
winners-one = { $name } wins!
winners-many = { $names } win!
winners-tie = A tie: { $names } share the win.
list-and = { $first } and { $last }

refused-game-over = The game is over.
refused-nothing-placed = Lay a tile from your rack first.
refused-not-on-rack = Your rack has no { $tile }.
refused-off-board = { $cell } is not on the board.
refused-occupied = { $cell } is already taken.
refused-joker-digit = The joker on { $cell } stands for one digit, 0 to 9, not { $digit }.
refused-twice-named = { $cell } is used twice.
refused-no-joker-there = There is no joker on { $cell } to replace.
refused-not-in-line = { $a } and { $b } are not in one row or column: lay your tiles in one line.
refused-misses-start = The first example must cover the start square { $cell }.
refused-unconnected = Your tiles must touch a tile already on the board.
refused-gap = { $cell } is empty, so your tiles are not one line.
refused-blank-in-line = The joker on { $cell } is a blank now and breaks the line.
refused-no-example = { $text } is not a true sum.
refused-lonely = The { $digit } on { $cell } makes no true sum with the { $other-digit } on { $other } beside it.
refused-touches-blank = Your tile on { $cell } touches the blank joker on { $joker }: no tile from 1 to 9 may touch a blank joker until it is replaced.
refused-zeros-unlinked = Only your zeros on { $cells } touch the board, and none of them makes a true sum with the tiles already there: at least one of them must.
refused-exchange-count = Choose 1 to 5 tiles to exchange.
refused-bag-too-small = The bag holds only { $left } tiles, too few to exchange { $wanted }.
refused-nothing-to-challenge = There is no move to challenge.
refused-bad-challenger = That player cannot challenge this move.
refused-nothing-to-undo = There is no turn to take back.

# The attract mode's caption for a turn: $sums are the sums it made, joined by list-and.
demo-turn = { $name } lays { $sums } for { $points ->
    [one] { $points } point
   *[other] { $points } points
}.
demo-turn-no-sums = { $name } scores { $points ->
    [one] { $points } point
   *[other] { $points } points
}.

# The rules page's drawn examples.
diagram-heading = How tiles read
diagram-no-sum = no true sum: 0 alone is not a number
diagram-joker = the joker stands for { $digit }
diagram-bonus-heading = Bonus squares: 23 points in one turn
diagram-bonus-laid = The 4 is laid on { $sum }, the 2 on { $tile }; 3 and 1 were on the board. A tile bonus counts first, then the sum bonus.
sheet-player = Player
sheet-sums = Sums
sheet-points = Points
sheet-total = Total
sheet-final = Final scores

## The first lesson. Each step has a heading (-title), what to do, and words for a try that
## worked (-done) or did not (-retry).
lesson-lay-title = Lay a tile
lesson-lay = Tiles in a line read as a sum, the result last: 235 is 2 + 3 = 5. Drag the 5 from your rack onto the square right of the 3 (or tap the tile, then the square), then press Submit.
lesson-lay-done = 2 + 3 = 5: every tile of a sum scores.
lesson-read-title = Four ways to read
lesson-read = The operation is never written: 8412 is 8 + 4 = 12, 248 is 2 × 4 = 8, 93 is √9 = 3 and 24 is 2² = 4. Lay 1 and 2 after 4 3 to make 4 × 3 = 12.
lesson-read-done = 4 × 3 = 12, from one line of digits.
lesson-read-retry = True, and it scored, but this step asks for two tiles. It starts again: lay 1 and 2 after 4 3.
lesson-cross-title = Across and down
lesson-cross = A tile counts in every sum it makes, across and down. One tile here finishes 1 + 2 = 3 across and 9 − 6 = 3 down. Find it.
lesson-cross-done = Two sums from one tile, and both score.
lesson-cross-retry = That made one sum. The step starts again: find the tile that finishes two.
lesson-joker-title = The joker
lesson-joker = The joker ★ stands for the digit you choose as you lay it. Lay it after 6 2 and choose a digit that makes a sum: 8 (6 + 2), 4 (6 − 2) or 3 (6 ÷ 2).
lesson-joker-done = The joker keeps that digit. Whoever holds the real tile may later swap it in and lay the joker again.
lesson-joker-retry = The joker stayed on your rack. The step starts again: lay the joker after 6 2.
lesson-bonus-title = Bonus squares
lesson-bonus = Coloured squares multiply on the turn they are covered: TILE ×2 or ×3 the tile on it, SUM ×2 or ×3 the whole sum. Finish 4 2 downwards on the pink SUM ×2 square below it, and watch the points.
lesson-bonus-done = The whole sum counted twice.
lesson-bonus-retry = That square has no bonus. The step starts again: lay the tile on the SUM ×2 square below 4 2.
lesson-lay-tiles = That turn laid no tiles, so the step starts again.
lesson-end-title = Ready to play
lesson-end = If nothing fits, exchange 1 to 5 tiles or pass. The game ends when the bag is empty and someone lays their last tile; the highest score wins. With two or more people, the rack hides between turns: hand the screen over. Have a good game!

# The review of a finished game.
review-best = best
review-good = good
review-small = small mistake
review-medium = medium mistake
review-large = large mistake
review-not-judged = no choice: not judged
review-points = { $points } points; the best move scores { $best }; { $lost } points lost over this turn and the next player's reply
review-points-exact = { $points } points; the best move scores { $best }; { $lost } points lost at the end of the game, with best play after
review-points-kept = { $points } points, { $kept }; the best move scores { $best }, { $best_kept }; { $lost } points lost, counting the tiles kept and the next player's reply
review-kept = keeps { $tiles }, worth { $worth }
review-kept-nothing = keeps nothing
review-points-played-on = { $points } points, { $kept }; the best move scores { $best }, { $best_kept }; { $lost } points lost, from { $games } games played on { $turns } turns further, the tiles then kept counted
review-points-played-out = { $points } points; the best move scores { $best }; { $lost } points lost at the end of the game, from { $games } games played out
review-lost = { $points } points lost in all
review-best-line = had every turn been the best

## The page a phone opens to play a seat
phone-your-turn = Your turn
phone-waiting = { $name } is playing
phone-game-over = Game over
phone-submit = Submit
phone-pass = Pass
phone-exchange = Exchange
phone-exchange-these = Exchange these
phone-exchange-choose = Tap the tiles to put back in the bag.
phone-cancel = Cancel
phone-recall = Take back
phone-shuffle = Shuffle
phone-joker-prompt = Which digit does the joker stand for?
phone-challenge = Challenge
phone-accept = Accept
phone-unseen = Tiles you have not seen
phone-scores = Scores
phone-log = Turns
room-refused-taken = Another device already plays this seat. Each player has a link of their own: ask whoever made the room for yours.
room-refused-unknown = This link no longer opens a seat. Ask whoever made the room for a new one.
room-closed = This room's game has ended.
room-error-other = The server did not understand that; try again.
room-gathering = The game begins when every player has opened their link.
room-not-open = This link does not open a seat of a game. Ask whoever made the room for a new link.
room-your-name = Your name at this table
room-take-seat = Play
room-play-again = Play again
room-play-again-asked = { $names } would like to play again.
room-play-again-waiting = Waiting for { $names } to say yes.
room-away =
    { $minutes ->
        [one] { $name } has been away for a minute.
       *[other] { $name } has been away for { $minutes } minutes.
    }
room-stand-in = Let the computer play for { $name }
room-end-game = End the game
room-stood-in = The computer plays for { $name } until they come back.
room-watching =
    { $count ->
        [one] One person is watching
       *[other] { $count } people are watching
    }
phone-connecting = Connecting…
phone-reconnecting = The connection was lost; trying again…
phone-refused-taken = Another phone already plays this seat. Ask at the big screen for its code to be shown again.
phone-refused-unknown = This code no longer opens a seat. Scan the code on the big screen again.
phone-replaced = This seat is now played on another phone or tab.
phone-closed = The game on the big screen has ended.
phone-aside = The game has left the big screen for a moment; this page comes back to it by itself.
phone-error-not-your-turn = Wait for your turn.
phone-error-too-fast = Slow down a little.
phone-error-other = The big screen did not understand that; try again.
phone-error-no-more-names = No more names to offer: pick one of these.
phone-error-not-offered = Pick one of the names offered.
phone-pick-name = Your name on today’s table
phone-pick-name-about = Pick one; nobody types a name here.
phone-other-names = Three other names
phone-playing-on-phone = { $name } is playing on a phone
phone-scan = Scan with { $name }'s phone to play that seat
phone-away = { $name }'s phone is away; the game waits for it
phone-show-code = Show the code again
phone-play-at-screen = Play at the screen
phone-plain-network = Phones on this network open the page over plain HTTP.
phone-gathering = The game begins when every phone has joined.
phone-start-anyway = Start now (the rest play at the screen)
phone-network = The phones' network:
phone-visitor-title = Play on your phone
phone-visitor-line = Scan the code: Abaku against the computer, your tiles in your hand.
phone-taken-title = This seat is taken
phone-old-code-title = This code is no longer valid
phone-replaced-title = Playing on another device
phone-closed-title = The game has ended
phone-aside-title = Back in a moment
phone-not-open = This page does not open a seat of a game now. If a game is on the big screen, scan its code again.
phone-pass-confirm = Pass this turn without laying a tile?
phone-see-board = See the board
phone-show-result = Result
phone-away-confirm = { $name }'s phone may be on its way back. Take the seat from it anyway?
phone-away-yes = Yes, take the seat
seat-phone = Person, on a phone
# A booth's visitor's result card on the phone.
booth-result-place = Place { $place } of { $count } on today’s table
booth-result-score = { $score ->
    [one] { $score } point
   *[other] { $score } points
} to the computer’s { $against }
booth-share = Abaku, today’s challenge, { $day }: { $score ->
    [one] { $score } point
   *[other] { $score } points
} to the computer’s { $against }, place { $place } of { $count }.
booth-share-at = Abaku at { $booth }, today’s challenge, { $day }: { $score ->
    [one] { $score } point
   *[other] { $score } points
} to the computer’s { $against }, place { $place } of { $count }.
booth-link-button = Open { $host }
phone-copy = Copy
phone-copied = Copied
phone-board-picture = Save the board as a picture
booth-watch-title = Watch on your phone
booth-watch-line = Follow the game as it is played: the visitor’s tiles stay theirs.
booth-podium-title = Today’s podium
booth-podium-count = { $count ->
    [one] one on today’s table
   *[other] { $count } on today’s table
}
# A booth's challenge in one line, on the day's table.
booth-rules-short = Abaku against the computer ({ $level }), { $turns } turns each: the most points wins.
booth-rules-full = Abaku against the computer ({ $level }), a whole game: the most points wins.
