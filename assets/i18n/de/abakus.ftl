# Die Wörter des Sechseck-Steinspiels, auf Deutsch. $color ist "black" oder "white".

name = Abakus
play = Abakus spielen
about = Steine auf Sechsecken, für zwei. Füllt das Brett; wer weniger Steine hat, gewinnt.
new-game = Neue Partie Abakus
board-size = Brettgröße
stone-count = { $count ->
    [one] { $count } Stein
   *[other] { $count } Steine
}
empty-cells = Leere Felder
moves = Züge
hint = Tipp
no-moves-yet = Noch keine Züge. Schwarz beginnt.
fewer-stones-win = Weniger Steine gewinnen
how-to-place = Klicke auf ein leeres Feld, um einen Stein zu setzen.
how-to-play =
    Klicke auf ein leeres Feld, um einen Stein zu setzen.
    Klicke auf einen eigenen Stein, um ihn aus einer großen Gruppe zu ziehen.
rules-title = So spielt man Abakus

color-black = Schwarz
color-white = Weiß
to-move = { $color ->
    [black] Schwarz
   *[white] Weiß
} ist am Zug
wins = { $color ->
    [black] Schwarz
   *[white] Weiß
} gewinnt!
final-counts = Schwarz { $black } Steine, Weiß { $white }: Weniger Steine gewinnen
cells-on-board = { $cells } Felder
continue-hint = Seite { $side }, { $moves ->
    [one] 1 Zug
   *[other] { $moves } Züge
} gespielt

selected-too-small = { $group }er-Gruppe: Nur ein Stein aus einer Gruppe von 3 oder mehr darf ziehen. Zum Abbrechen noch einmal klicken.
selected-stuck = { $group }er-Gruppe: Dieser Stein kann nirgendwohin ziehen. Zum Abbrechen noch einmal klicken.
selected = { $group }er-Gruppe: Der Stein kann auf { $targets ->
    [one] 1 Feld
   *[other] { $targets } Felder
} ziehen (markiert).
not-yours = Dieser Stein gehört { $color ->
    [black] Schwarz
   *[white] Weiß
}.
time-ran-out = Die Zeit ist um: Ein zufälliger Zug wurde gespielt, { $move }.
suggested-place = Tipp: Der Computer würde einen Stein auf { $cell } setzen.
suggested-slide = Tipp: Der Computer würde { $from } nach { $to } ziehen ({ $from }-{ $to }).

# Ein abgelehnter Zug beginnt mit der Frage, was versucht wurde ($ask), dann folgt der Grund.
ask-place = Auf { $cell } setzen?
ask-slide = { $from } nach { $to } ziehen?
refused-game-over = Die Partie ist vorbei: Das Brett ist voll.
refused-off-board = { $ask } { $cell } liegt nicht auf diesem Brett.
refused-occupied = { $ask } { $cell } ist schon besetzt.
refused-no-stone = { $ask } Auf { $from } liegt kein Stein.
refused-not-your-stone = { $ask } Dieser Stein gehört { $color ->
    [black] Schwarz
   *[white] Weiß
}.
refused-stationary = { $ask } Der Stein muss sich bewegen.
refused-not-in-line = { $ask } Steine ziehen nur in gerader Linie.
refused-blocked = { $ask } Der Stein auf { $blocker } steht im Weg – Steine dürfen nicht springen.
refused-alone = { $ask } Der Stein stünde allein – er muss sich mindestens einem Stein seiner Farbe anschließen.
refused-not-smaller = { $ask } Das ergäbe eine { $formed }er-Gruppe – sie muss kleiner sein als die alte { $original }er-Gruppe.

# Die Bildunterschriften der Demo.
demo-place = { $color ->
    [black] Schwarz
   *[white] Weiß
} setzt einen Stein auf { $cell }.
demo-place-group = { $color ->
    [black] Schwarz
   *[white] Weiß
} setzt einen Stein auf { $cell } und bildet eine { $group }er-Gruppe.
demo-slide = { $color ->
    [black] Schwarz
   *[white] Weiß
} zieht { $move }: aus einer { $left }er-Gruppe in eine { $joined }er-Gruppe.

# The rules page's diagram of one stone's slides.
diagram-heading = Wohin darf C4 ziehen?
diagram-targets = Links gehört C4 mit B4 und C5 zu einer 3er-Gruppe; die roten Kreuze zeigen Züge, die die Regeln verbieten:
diagram-open = Rechts fehlt der weiße Stein auf E4: Die grünen Punkte zeigen, wohin C4 jetzt ziehen darf, darunter F4 neben G4.
