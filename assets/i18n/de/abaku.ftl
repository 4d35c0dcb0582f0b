# Die Wörter des Rechenspiels mit Zahlensteinen, auf Deutsch. Die Namen der Spieler kommen als $name.

name = Abaku
# Der Name eines Platzes, bis jemand einen eintippt.
play = Abaku spielen
about = Zahlensteine für 1 bis 4 Spieler: Lege Ziffern, die stimmende Rechnungen ergeben.
new-game = Neue Partie Abaku
players = Spieler
names = Wer spielt
board = Brett
board-a = Brett A
board-a-about = Überall Bonusfelder: das übliche Brett für 2 bis 4.
board-b = Brett B
board-b-about = Nur das Startfeld: zum Alleinspielen.
operations = Rechenarten
ops-all = Alle
ops-add-sub = + und −
ops-mul-div = × und ÷
ops-basic = Grundrechenarten
ops-about = Welche Arten von Rechnung zählen.
diagonal = Schräge Rechnungen
diagonal-about = Rechnungen dürfen auch schräg verlaufen.
result-first = Ergebnis zuerst
result-first-about = Rechnungen dürfen auch mit dem Ergebnis beginnen: 17 = 23 − 6.
scoring = Wertung
scoring-basic = Einfach
scoring-value = Wert
scoring-tile-op = Stein & Rechnung
scoring-ops-only = Nur Rechnungen
challenge = Einspruchsmodus
challenge-about = Züge werden nicht geprüft: Die anderen dürfen gegen einen falschen Einspruch erheben – ein unberechtigter Einspruch kostet eine Runde.
spin = Spin Abaku
spin-about = Schwarz gegen Rot: Eine Rechnung, die du nutzt, färbt ihre Steine in deine Farbe um.
spin-needs-pairs = Spin Abaku spielt man zu zweit oder zu viert in Paaren.
length = Länge
length-about = Ein kurzes Spiel endet, wenn jeder seine Züge hatte, wie ein blockiertes: Jeder übrige Stein kostet einen Punkt.
length-whole = Ganzes Spiel
length-turns = { $turns } Züge für jeden
short-form-round = Kurzes Spiel: Runde { $round } von { $turns }
submit = Fertig
recall = Einsammeln
shuffle = Mischen
exchange = Tauschen
pass = Passen
concede = Aufgeben
concede-sure = Die Partie aufgeben? Dann kannst du sie nicht mehr gewinnen.
turn-log = Züge
nothing-yet = Noch keine Züge.
joker-prompt = Der Joker steht für …
joker-prompt-about = Wähle seine Ziffer (oder drücke 0-9). Esc legt ihn zurück.
cancel = Abbrechen
show-my-tiles = Meine Steine zeigen
hint = Tipp
accept = Zug annehmen
pick-to-exchange = Wähle die Steine, die zurück in den Beutel kommen:
exchange-these = Diese tauschen
final-scores = Endstand
scoring-about = Einfach: ein Punkt je Stein. Wert: die Ziffern. Stein & Rechnung: ein Punkt je Stein, 2 je Rechnung. Nur Rechnungen: ein Punkt je Rechnung.
how-to-play =
    Zieh einen Stein von deinem Bänkchen auf ein Feld, oder tippe erst den Stein an, dann das Feld.
    Lege die Steine in eine Linie, sodass jede Zeile und Spalte eine stimmende Rechnung ergibt: 8412 ist 8 + 4 = 12.
    Tasten: Die Pfeile bewegen einen Cursor, eine Ziffer legt diesen Stein dorthin (J den Joker), Enter schließt den Zug ab.
rules-title = So spielt man Abaku
legend = Bonusfelder

# Printed in capitals on the board's bonus squares, over "×2" or "×3": at most 6 letters.
board-tile = STEIN
board-sum = RECHN.
board-start = START
bonus-tile-x2 = Stein ×2
bonus-tile-x3 = Stein ×3
bonus-sum-x2 = Rechnung ×2
bonus-sum-x3 = Rechnung ×3
bonus-start = Start ×2

to-play = { $name } ist dran
pass-to = Gib den Bildschirm an { $name } weiter
is-move-right = Ist der Zug von { $name } richtig?
challenges = { $name } erhebt Einspruch
only-you-look = Jetzt darf nur { $name } hinschauen. Die Steine erscheinen, wenn du den Knopf drückst (oder die Leertaste).
# Above the count of each digit and the joker the player to move has not seen yet.
unseen-title = Noch nicht gesehen
bag-count = { $tiles ->
    [one] 1 Stein im Beutel
   *[other] { $tiles } Steine im Beutel
}
points = { $points ->
    [one] { $points } Punkt
   *[other] { $points } Punkte
}
turn-total = Dieser Zug: { $points ->
    [one] { $points } Punkt
   *[other] { $points } Punkte
}
joker = Joker
continue-hint = { $players ->
    [one] 1 Spieler
   *[other] { $players } Spieler
}, { $turns ->
    [one] 1 Zug
   *[other] { $turns } Züge
} gespielt

notice-joker-undeclared = Wähle zuerst die Ziffer des Jokers.
notice-not-your-turn = Du bist nicht am Zug.
notice-time-ran-out = Die Zeit ist um: Die Steine von { $name } gehen zurück, und der Zug ist vorbei.
notice-nothing-to-lay = Keiner deiner Steine passt irgendwo: Tausche welche, oder passe.
notice-scored = { $name } bekommt { $points ->
    [one] { $points } Punkt
   *[other] { $points } Punkte
}.
notice-exchanged = { $name } hat { $tiles ->
    [one] 1 Stein
   *[other] { $tiles } Steine
} getauscht.
notice-exchange-advised = Tipp: Diese Steine passen hier schlecht; tausche { $tiles } davon.
notice-passed = { $name } hat gepasst.
notice-challenge-upheld = { $name } hatte recht: Der Zug wird zurückgenommen, und jeder Stein kostet einen Punkt.
notice-challenge-failed = Der Zug war richtig: { $name } setzt die nächste Runde aus.

ending-rack-emptied = { $name } hat bei leerem Beutel den letzten Stein gelegt: Jeder Stein, der noch auf den anderen Bänkchen liegt, bringt { $name } einen Punkt und kostet seinen Besitzer einen Punkt (ein Joker 10).
ending-blocked = Alle haben zweimal gepasst: Jeder Stein, der noch auf einem Bänkchen liegt, kostet einen Punkt (ein Joker 10).
ending-turns-played = Alle Züge des kurzen Spiels sind gespielt: Jeder Stein, der noch auf einem Bänkchen liegt, kostet einen Punkt (ein Joker 10).
ending-conceded = { $name } hat die Partie aufgegeben.
ending-passed-thrice = { $name } hat dreimal hintereinander gepasst, während andere gespielt haben, und verliert damit.

winners-none = Niemand gewinnt.
# $names sind die Namen der Gewinner, verbunden mit den Listenwörtern unten.
winners-one = { $name } gewinnt!
winners-many = { $names } gewinnen!
winners-tie = Unentschieden: { $names } teilen sich den Sieg.
list-and = { $first } und { $last }

refused-game-over = Die Partie ist vorbei.
refused-nothing-placed = Lege zuerst einen Stein von deinem Bänkchen.
refused-not-on-rack = Auf deinem Bänkchen liegt kein Stein „{ $tile }“.
refused-off-board = { $cell } liegt nicht auf dem Brett.
refused-occupied = { $cell } ist schon belegt.
refused-joker-digit = Der Joker auf { $cell } steht für eine Ziffer von 0 bis 9, nicht für { $digit }.
refused-twice-named = { $cell } kommt doppelt vor.
refused-no-joker-there = Auf { $cell } liegt kein Joker zum Ersetzen.
refused-not-in-line = { $a } und { $b } liegen nicht in einer Zeile oder Spalte: Lege deine Steine in eine Linie.
refused-misses-start = Die erste Rechnung muss das Startfeld { $cell } bedecken.
refused-unconnected = Deine Steine müssen einen Stein berühren, der schon auf dem Brett liegt.
refused-gap = { $cell } ist leer, also bilden deine Steine keine Linie.
refused-blank-in-line = Der Joker auf { $cell } ist jetzt ein leerer Stein und unterbricht die Linie.
refused-no-example = { $text } ist keine stimmende Rechnung.
refused-lonely = Die { $digit } auf { $cell } ergibt mit der { $other-digit } daneben auf { $other } keine stimmende Rechnung.
refused-touches-blank = Dein Stein auf { $cell } berührt den leeren Joker auf { $joker }: Kein Stein von 1 bis 9 darf einen leeren Joker berühren, bevor er ersetzt ist.
refused-zeros-unlinked = Nur deine Nullen auf { $cells } berühren Steine auf dem Brett, und keine davon ergibt mit ihnen eine stimmende Rechnung: Mindestens eine muss das.
refused-exchange-count = Wähle 1 bis 5 Steine zum Tauschen.
refused-bag-too-small = Im Beutel { $left ->
    [one] ist nur noch 1 Stein
   *[other] sind nur noch { $left } Steine
}, zu wenige, um { $wanted } zu tauschen.
refused-nothing-to-challenge = Es gibt keinen Zug für einen Einspruch.
refused-bad-challenger = Dieser Spieler kann gegen diesen Zug keinen Einspruch erheben.
refused-nothing-to-undo = Es gibt keinen Zug zum Zurücknehmen.

# Die Bildunterschrift der Demo für einen Zug: $sums sind die gebildeten Rechnungen, verbunden mit list-and.
demo-turn = { $name } legt { $sums } für { $points ->
    [one] { $points } Punkt
   *[other] { $points } Punkte
}.
demo-turn-no-sums = { $name } bekommt { $points ->
    [one] { $points } Punkt
   *[other] { $points } Punkte
}.

# The rules page's drawn examples.
diagram-heading = So lesen sich die Steine
diagram-no-sum = keine stimmende Rechnung: 0 allein ist keine Zahl
diagram-joker = der Joker steht für { $digit }
diagram-bonus-heading = Bonusfelder: 23 Punkte in einem Zug
diagram-bonus-laid = Die 4 liegt neu auf { $sum }, die 2 auf { $tile }; 3 und 1 lagen schon. Erst zählt der Steinbonus, dann der Rechnungsbonus.
sheet-player = Spieler
sheet-sums = Rechnungen
sheet-points = Punkte
sheet-total = Summe
sheet-final = Endstand

## Die erste Lektion. Jeder Schritt hat eine Überschrift (-title), eine Aufgabe und Worte für einen Versuch,
## der gelungen ist (-done) oder nicht (-retry).
lesson-lay-title = Einen Stein legen
lesson-lay = Steine in einer Linie ergeben eine Rechnung, das Ergebnis am Schluss: 235 ist 2 + 3 = 5. Zieh die 5 von deinem Bänkchen auf das Feld rechts neben der 3 (oder tippe erst den Stein an, dann das Feld) und drücke dann „Fertig“.
lesson-lay-done = 2 + 3 = 5: Jeder Stein einer Rechnung zählt.
lesson-read-title = Vier Lesarten
lesson-read = Das Rechenzeichen steht nie da: 8412 ist 8 + 4 = 12, 248 ist 2 × 4 = 8, 93 ist √9 = 3 und 24 ist 2² = 4. Lege 1 und 2 hinter 4 3, sodass 4 × 3 = 12 entsteht.
lesson-read-done = 4 × 3 = 12, aus einer einzigen Ziffernreihe.
lesson-read-retry = Stimmt, und es gab Punkte, aber dieser Schritt verlangt zwei Steine. Er beginnt neu: Lege 1 und 2 hinter 4 3.
lesson-cross-title = Waagrecht und senkrecht
lesson-cross = Ein Stein zählt in jeder Rechnung, die er bildet, waagrecht und senkrecht. Ein Stein vollendet hier 1 + 2 = 3 waagrecht und 9 − 6 = 3 senkrecht. Finde ihn.
lesson-cross-done = Zwei Rechnungen aus einem Stein, und beide zählen.
lesson-cross-retry = Das ergab nur eine Rechnung. Der Schritt beginnt neu: Finde den Stein, der zwei vollendet.
lesson-joker-title = Der Joker
lesson-joker = Der Joker ★ steht für die Ziffer, die du beim Legen wählst. Lege ihn hinter 6 2 und wähle eine Ziffer, die eine Rechnung ergibt: 8 (6 + 2), 4 (6 − 2) oder 3 (6 ÷ 2).
lesson-joker-done = Der Joker behält diese Ziffer. Wer den echten Stein hat, darf ihn später gegen den Joker tauschen und diesen wieder legen.
lesson-joker-retry = Der Joker ist auf deinem Bänkchen geblieben. Der Schritt beginnt neu: Lege den Joker hinter 6 2.
lesson-bonus-title = Bonusfelder
lesson-bonus = Farbige Felder vervielfachen in dem Zug, in dem sie bedeckt werden: STEIN ×2 oder ×3 den Stein darauf, RECHN. ×2 oder ×3 die ganze Rechnung. Ergänze 4 2 nach unten auf dem rosa Feld RECHN. ×2 (Rechnung ×2) darunter und achte auf die Punkte.
lesson-bonus-done = Die ganze Rechnung zählte doppelt.
lesson-bonus-retry = Dieses Feld hat keinen Bonus. Der Schritt beginnt neu: Lege den Stein auf das Feld RECHN. ×2 unter 4 2.
lesson-lay-tiles = In diesem Zug wurde kein Stein gelegt, also beginnt der Schritt neu.
lesson-end-title = Bereit zum Spielen
lesson-end = Passt nichts, tausche 1 bis 5 Steine oder passe. Die Partie endet, wenn der Beutel leer ist und jemand den letzten Stein legt; die höchste Punktzahl gewinnt. Spielen zwei oder mehr, wird das Bänkchen zwischen den Zügen verdeckt: Gib den Bildschirm weiter. Viel Spaß!

# The review of a finished game.
review-best = bester Zug
review-good = guter Zug
review-small = kleiner Fehler
review-medium = mittlerer Fehler
review-large = großer Fehler
review-not-judged = keine Wahl: nicht bewertet
review-points = { $points } Punkte; der beste Zug bringt { $best }; { $lost } Punkte verloren über diesen Zug und die Antwort des nächsten Spielers
review-points-exact = { $points } Punkte; der beste Zug bringt { $best }; { $lost } Punkte verloren am Ende des Spiels, bei bestem Spiel danach
review-points-kept = { $points } Punkte, { $kept }; der beste Zug bringt { $best }, { $best_kept }; { $lost } Punkte verloren, die behaltenen Steine und die Antwort des nächsten Spielers mitgerechnet
review-kept = behält { $tiles }, wert { $worth }
review-kept-nothing = behält nichts
review-points-played-on = { $points } Punkte, { $kept }; der beste Zug bringt { $best }, { $best_kept }; { $lost } Punkte verloren, aus { $games } Spielen, { $turns } Züge weitergespielt, die dann behaltenen Steine mitgerechnet
review-points-played-out = { $points } Punkte; der beste Zug bringt { $best }; { $lost } Punkte verloren am Ende des Spiels, aus { $games } zu Ende gespielten Spielen
review-lost = insgesamt { $points } Punkte verloren
review-best-line = wäre jeder Zug der beste gewesen

## The page a phone opens to play a seat
phone-your-turn = Du bist dran
phone-waiting = { $name } ist dran
phone-game-over = Spielende
phone-submit = Legen
phone-pass = Passen
phone-exchange = Tauschen
phone-exchange-these = Diese tauschen
phone-exchange-choose = Tippe die Steine an, die zurück in den Beutel sollen.
phone-cancel = Abbrechen
phone-recall = Zurücknehmen
phone-shuffle = Mischen
phone-joker-prompt = Für welche Ziffer steht der Joker?
phone-challenge = Anfechten
phone-accept = Annehmen
phone-unseen = Steine, die du nicht gesehen hast
phone-scores = Punkte
phone-log = Züge
room-refused-taken = Ein anderes Gerät spielt diesen Platz schon. Jeder hat einen eigenen Link: Frag, wer den Raum angelegt hat, nach deinem.
room-refused-unknown = Dieser Link öffnet keinen Platz mehr. Frag, wer den Raum angelegt hat, nach einem neuen.
room-closed = Das Spiel dieses Raums ist zu Ende.
room-error-other = Das hat der Server nicht verstanden; versuch es noch einmal.
room-gathering = Das Spiel beginnt, sobald alle ihren Link geöffnet haben.
room-not-open = Dieser Link öffnet keinen Platz in einem Spiel. Frag, wer den Raum angelegt hat, nach einem neuen Link.
room-your-name = Dein Name an diesem Tisch
room-take-seat = Spielen
room-play-again = Noch einmal spielen
room-play-again-asked = { $names } möchte noch einmal spielen.
room-play-again-waiting = Warte, bis { $names } zustimmt.
room-away =
    { $minutes ->
        [one] { $name } ist seit einer Minute weg.
       *[other] { $name } ist seit { $minutes } Minuten weg.
    }
room-stand-in = Den Computer für { $name } spielen lassen
room-end-game = Spiel beenden
room-stood-in = Der Computer spielt für { $name }, bis { $name } zurück ist.
room-watching =
    { $count ->
        [one] Eine Person schaut zu
       *[other] { $count } Personen schauen zu
    }
phone-connecting = Verbinde…
phone-reconnecting = Die Verbindung ist weg; neuer Versuch…
phone-refused-taken = Ein anderes Handy spielt diesen Platz schon. Lass dir am großen Bildschirm seinen Code noch einmal zeigen.
phone-refused-unknown = Dieser Code öffnet keinen Platz mehr. Scanne den Code auf dem großen Bildschirm neu.
phone-replaced = Dieser Platz wird jetzt auf einem anderen Handy oder Tab gespielt.
phone-closed = Das Spiel auf dem großen Bildschirm ist zu Ende.
phone-aside = Das Spiel ist kurz nicht auf dem großen Bildschirm; diese Seite kehrt von selbst zurück.
phone-error-not-your-turn = Warte, bis du dran bist.
phone-error-too-fast = Etwas langsamer, bitte.
phone-error-other = Das hat der große Bildschirm nicht verstanden; versuch es noch einmal.
phone-error-no-more-names = Mehr Namen gibt es nicht: Such dir einen von diesen aus.
phone-error-not-offered = Such dir einen der angebotenen Namen aus.
phone-pick-name = Dein Name auf der Tabelle von heute
phone-pick-name-about = Such dir einen aus; getippt wird hier kein Name.
phone-other-names = Drei andere Namen
phone-playing-on-phone = { $name } spielt auf dem Handy
phone-scan = Mit { $name }s Handy scannen, um diesen Platz zu spielen
phone-away = { $name }s Handy ist weg; das Spiel wartet darauf
phone-show-code = Code noch einmal zeigen
phone-play-at-screen = Am Bildschirm spielen
phone-plain-network = Handys in diesem Netz öffnen die Seite über einfaches HTTP.
phone-gathering = Das Spiel beginnt, sobald alle Handys verbunden sind.
phone-start-anyway = Jetzt beginnen (der Rest spielt am Bildschirm)
phone-network = Netz der Handys:
phone-visitor-title = Auf dem Handy spielen
phone-visitor-line = Code scannen: Abaku gegen den Computer, deine Steine in deiner Hand.
phone-taken-title = Dieser Platz ist besetzt
phone-old-code-title = Dieser Code gilt nicht mehr
phone-replaced-title = Auf einem anderen Gerät
phone-closed-title = Das Spiel ist zu Ende
phone-aside-title = Gleich geht es weiter
phone-not-open = Diese Seite öffnet gerade keinen Platz in einem Spiel. Läuft ein Spiel auf dem großen Bildschirm, scanne seinen Code neu.
phone-pass-confirm = Diesen Zug passen, ohne einen Stein zu legen?
phone-see-board = Brett ansehen
phone-show-result = Ergebnis
phone-away-confirm = { $name }s Handy kommt vielleicht gleich zurück. Den Platz trotzdem wegnehmen?
phone-away-yes = Ja, Platz wegnehmen
seat-phone = Mensch, am Handy
# A booth's visitor's result card on the phone.
booth-result-place = Platz { $place } von { $count } auf der Tabelle von heute
booth-result-score = { $score ->
    [one] { $score } Punkt
   *[other] { $score } Punkte
}, der Computer { $against }
booth-share = Abaku, Herausforderung des Tages, { $day }: { $score ->
    [one] { $score } Punkt
   *[other] { $score } Punkte
}, der Computer { $against }, Platz { $place } von { $count }.
booth-share-at = Abaku am Stand { $booth }, Herausforderung des Tages, { $day }: { $score ->
    [one] { $score } Punkt
   *[other] { $score } Punkte
}, der Computer { $against }, Platz { $place } von { $count }.
booth-link-button = { $host } öffnen
phone-copy = Kopieren
phone-copied = Kopiert
phone-board-picture = Das Brett als Bild speichern
booth-watch-title = Auf dem Handy zuschauen
booth-watch-line = Das Spiel live verfolgen: Die Steine des Besuchers bleiben verdeckt.
booth-podium-title = Das Podest von heute
booth-podium-count = { $count ->
    [one] { $count } Eintrag auf der Tabelle von heute
   *[other] { $count } Einträge auf der Tabelle von heute
}
# A booth's challenge in one line, on the day's table.
booth-rules-short = Abaku gegen den Computer ({ $level }), { $turns } Züge für jeden: Die meisten Punkte gewinnen.
booth-rules-full = Abaku gegen den Computer ({ $level }), ein ganzes Spiel: Die meisten Punkte gewinnen.
