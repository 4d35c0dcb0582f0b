# The hex stone game's words, in English. $color is "black" or "white".

name = Abakus
play = Play Abakus
about = Hex stones for two. Fill the board; fewer stones wins.
new-game = New game of Abakus
board-size = Board size
stone-count = { $count ->
    [one] { $count } stone
   *[other] { $count } stones
}
empty-cells = Empty cells
moves = Moves
hint = Hint
no-moves-yet = No moves yet. Black begins.
fewer-stones-win = Fewer stones wins
how-to-place = Click an empty cell to place a stone.
how-to-play =
    Click an empty cell to place a stone.
    Click your stone to slide it out of a big group.
rules-title = How to play Abakus

color-black = Black
color-white = White
to-move = { $color ->
    [black] Black
   *[white] White
} to move
wins = { $color ->
    [black] Black
   *[white] White
} wins!
final-counts = Black { $black } stones, White { $white }: fewer stones wins
cells-on-board = { $cells } cells
continue-hint = Side { $side }, { $moves ->
    [one] 1 move
   *[other] { $moves } moves
} played

selected-too-small = Group of { $group }: only a stone of a group of 3 or more can slide. Click it again to cancel.
selected-stuck = Group of { $group }: this stone has nowhere to slide. Click it again to cancel.
selected = Group of { $group }: { $targets ->
    [one] 1 place
   *[other] { $targets } places
} to slide to (marked).
not-yours = That stone is { $color ->
    [black] Black's
   *[white] White's
}.
time-ran-out = Time ran out: a random move was played, { $move }.
lost-on-time = { $color ->
    [black] Black
   *[white] White
} ran out of time and loses.
left-game = { $color ->
    [black] Black
   *[white] White
} left the game and loses.
time-out-label = When time runs out
time-out-random = Random move
time-out-loses = Game lost
seat-phone = Person, on a phone
device-scan = { $colour }: scan with { $name }'s phone to play
device-gathering = The game begins once every phone has come.
device-at-the-screen = Play it at the screen
device-away = { $name }'s phone is away; the game waits for it
suggested-place = Hint: the computer would place a stone on { $cell }.
suggested-slide = Hint: the computer would slide { $from } to { $to } ({ $from }-{ $to }).

# A refused move starts with the question of what was tried ($ask), then says why.
ask-place = Place on { $cell }?
ask-slide = Slide { $from } to { $to }?
refused-game-over = The game is over: the board is full.
refused-off-board = { $ask } { $cell } is not on this board.
refused-occupied = { $ask } { $cell } is already taken.
refused-no-stone = { $ask } There is no stone on { $from }.
refused-not-your-stone = { $ask } That stone is { $color ->
    [black] Black's
   *[white] White's
}.
refused-stationary = { $ask } The stone has to move.
refused-not-in-line = { $ask } Stones slide only in a straight line.
refused-blocked = { $ask } The stone on { $blocker } is in the way — stones cannot jump.
refused-alone = { $ask } The stone would stand alone — it must join at least one of its colour.
refused-not-smaller = { $ask } It would make a group of { $formed } — it must be smaller than { $original }.

# The attract mode's captions.
demo-place = { $color ->
    [black] Black
   *[white] White
} places a stone on { $cell }.
demo-place-group = { $color ->
    [black] Black
   *[white] White
} places a stone on { $cell }, making a group of { $group }.
demo-slide = { $color ->
    [black] Black
   *[white] White
} slides { $move }: out of a group of { $left } into a group of { $joined }.

# The rules page's diagram of one stone's slides.
diagram-heading = Where may C4 slide?
diagram-targets = On the left, C4 is in a group of three with B4 and C5; the red crosses are slides the rules refuse:
diagram-open = On the right, the white stone on E4 is gone: the green dots are where C4 may now slide, F4 among them, beside G4.

## The first lesson. Each step has a heading (-title), what to do, and words for a try that
## worked (-done) or did not (-retry).
lesson-place-title = Place a stone
lesson-place = You play Black. On your turn you place a stone on any empty cell, or slide one of yours. Click an empty cell to place your first stone.
lesson-place-done = A placement: one more black stone on the board.
lesson-group-title = Make a group
lesson-group = Stones of one colour that touch make a group. White has answered. Place a stone on a cell touching your black stone.
lesson-group-done = Two black stones side by side: a group of 2.
lesson-group-retry = That stone stands alone, so it goes back. Place one touching your black stone.
lesson-slide-title = Slide a stone
lesson-slide = A new board. Instead of placing, you may slide a stone out of a group, straight over empty cells, so that it joins a smaller group of yours. Click C4, in the group of 3: the marked cells are where it may go. Click one.
lesson-slide-done = The stone left its group for a smaller one, and no stone was added.
lesson-slide-retry = That was a placement, so it goes back. Click the stone on C4 first, then a marked cell.
lesson-refused-title = Slides that are refused
lesson-refused = A slide may not end alone, nor beside a group as big as the one it left, nor pass over a stone. Click C4, then try A2, C2 or F4, and read why the game refuses.
lesson-refused-done = Refused, with the reason in the left panel. A refused move changes nothing.
lesson-refused-retry = That move is allowed, so it goes back. Click C4, then A2, C2 or F4.
lesson-last-cell-title = The last cell
lesson-last-cell = When every cell is full the game ends, and fewer stones wins. One cell is left and you each have 30 stones. Placing would give you 31: find a slide into the empty cell instead.
lesson-last-cell-done = White had to fill the cell you left: 30 stones to 31, Black wins!
lesson-last-cell-retry = 31 stones to 30: White wins. That goes back; slide one of your stones into the empty cell instead.
lesson-end-title = You know the game
lesson-end = Place or slide; a slide goes from a bigger group to a smaller one; a full board ends the game, and fewer stones wins. The Hint button shows what the computer would play. Have a good game!

# The review of a finished game.
review-best = best
review-good = good
review-inaccuracy = inaccuracy
review-mistake = mistake
review-blunder = blunder
review-forced = the only move
review-chances = chance to win { $before }% before, { $after }% after
review-graph = Black’s chance to win
review-lost = on average { $percent }% of a win lost a move
