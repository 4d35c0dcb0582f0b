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
nothing-to-save = A lesson or a demo is not kept.
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
review-accuracy = { $name }: { $percent }% best moves
review-best-turn = Best turn: move { $n }
review-biggest-miss = Biggest miss: move { $n }
