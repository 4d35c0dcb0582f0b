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
lost-on-time = { $color ->
    [black] Schwarz
   *[white] Weiß
} hat die Zeit überschritten und verliert.
left-game = { $color ->
    [black] Schwarz
   *[white] Weiß
} hat das Spiel verlassen und verliert.
time-out-label = Wenn die Zeit um ist
time-out-random = Zufallszug
time-out-loses = Partie verloren
seat-phone = Mensch, am Handy
device-scan = { $colour }: mit dem Handy von { $name } scannen, um zu spielen
device-gathering = Das Spiel beginnt, sobald jedes Handy da ist.
device-at-the-screen = Am Bildschirm spielen
device-away = Das Handy von { $name } ist weg; das Spiel wartet darauf
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

## Die erste Lektion. Jeder Schritt hat eine Überschrift (-title), eine Aufgabe und Worte für einen Versuch,
## der gelungen ist (-done) oder nicht (-retry).
lesson-place-title = Einen Stein setzen
lesson-place = Du spielst Schwarz. Bist du am Zug, setzt du einen Stein auf ein beliebiges leeres Feld oder ziehst einen deiner Steine. Klicke auf ein leeres Feld für deinen ersten Stein.
lesson-place-done = Gesetzt: ein schwarzer Stein mehr auf dem Brett.
lesson-group-title = Eine Gruppe bilden
lesson-group = Gleichfarbige Steine, die einander berühren, bilden eine Gruppe. Weiß hat geantwortet. Setze einen Stein auf ein Feld neben deinem schwarzen Stein.
lesson-group-done = Zwei schwarze Steine nebeneinander: eine 2er-Gruppe.
lesson-group-retry = Dieser Stein steht allein, also wird er zurückgenommen. Setze einen neben deinen schwarzen Stein.
lesson-slide-title = Einen Stein ziehen
lesson-slide = Ein neues Brett. Statt zu setzen, darfst du einen Stein aus einer Gruppe ziehen, in gerader Linie über leere Felder, sodass er sich einer kleineren eigenen Gruppe anschließt. Klicke auf C4 in der 3er-Gruppe: Die markierten Felder zeigen, wohin er darf. Klicke auf eines.
lesson-slide-done = Der Stein hat seine Gruppe für eine kleinere verlassen, und kein Stein kam hinzu.
lesson-slide-retry = Das war ein Setzen, also wird es zurückgenommen. Klicke zuerst auf den Stein auf C4, dann auf ein markiertes Feld.
lesson-refused-title = Abgelehnte Züge
lesson-refused = Ein Stein darf nicht allein landen, nicht neben einer Gruppe so groß wie seine alte, und keinen Stein überspringen. Klicke auf C4, versuche A2, C2 oder F4 und lies, warum das Spiel ablehnt.
lesson-refused-done = Abgelehnt, der Grund steht in der linken Leiste. Ein abgelehnter Zug ändert nichts.
lesson-refused-retry = Dieser Zug ist erlaubt, also wird er zurückgenommen. Klicke auf C4, dann auf A2, C2 oder F4.
lesson-last-cell-title = Das letzte Feld
lesson-last-cell = Sind alle Felder besetzt, endet das Spiel, und wer weniger Steine hat, gewinnt. Ein Feld ist noch leer, und ihr habt je 30 Steine. Setzen brächte dir 31: Ziehe stattdessen einen Stein in das leere Feld.
lesson-last-cell-done = Weiß musste das Feld füllen, das du verlassen hast: 30 Steine zu 31, Schwarz gewinnt!
lesson-last-cell-retry = 31 Steine zu 30: Weiß gewinnt. Das wird zurückgenommen; ziehe stattdessen einen deiner Steine in das leere Feld.
lesson-end-title = Du kennst das Spiel
lesson-end = Setzen oder ziehen; gezogen wird aus einer größeren in eine kleinere Gruppe; ist das Brett voll, endet das Spiel, und weniger Steine gewinnen. Der Knopf „Tipp“ zeigt, was der Computer spielen würde. Viel Spaß!

# The review of a finished game.
review-best = bester Zug
review-good = guter Zug
review-inaccuracy = Ungenauigkeit
review-mistake = Fehler
review-blunder = grober Fehler
review-forced = der einzige Zug
review-chances = Gewinnchance vorher { $before } %, danach { $after } %
review-graph = Gewinnchance von Schwarz
review-lost = im Schnitt { $percent } % Gewinnchance verloren je Zug
