# Die Wörter, die alle Bildschirme der App teilen, auf Deutsch.

app-name = Abakus
tagline = Zwei Spiele für einen Tisch
continue = Weiter
settings = Einstellungen
rules = Regeln
quit = Beenden
touch-to-play = Zum Spielen den Bildschirm berühren
demo-when-idle = Demo im Leerlauf
back = Zurück
recommended = empfohlen
human = Mensch
computer-easy = Computer: leicht
computer-normal = Computer: mittel
computer-hard = Computer: schwer
computer-expert = Computer: Experte
computer-levels = Computer:
level-easy = leicht
level-normal = mittel
level-hard = schwer
level-expert = Experte
thinking = denkt nach
start = Starten
undo = Zurück
redo = Vor
restart = Neustart
menu = Menü
play-again = Noch einmal
to-title = Titelbildschirm
resume = Weiterspielen
help = Hilfe
shortcuts = Tastenkürzel
master-volume = Lautstärke
effects-volume = Effekte
music-volume = Musik
mute = Stumm
unseen-tiles = Ungesehene Steine zählen
show-coordinates = Feldnamen zeigen
shortcut-list =
    U  Zug zurück
    R  Zug wieder vor
    Esc  Menü oder zurück
    H oder ?  diese Hilfe
    M  Ton an/aus
    F11  Vollbild
close = Schließen
on = An
off = Aus
computer-pace = Computertempo
pace-quick = Schnell
pace-steady = Ruhig
pace-slow = Langsam
turn-timer = Bedenkzeit
understood = OK
set-aside = { $file } konnte nicht gelesen werden; die Datei liegt jetzt als { $kept } beiseite, und das Spiel läuft ohne sie weiter.
minutes = { $n } Min.
seconds = { $n } Sek.
language = Sprache
examples = Beispiele
animations = Animationen
anim-calm = Ruhig
anim-normal = Normal
anim-brisk = Flott
fullscreen = Vollbild
learn = Lernen
lesson-step = Lektion · Schritt { $n } von { $total }
lesson-next = Weiter
lesson-leave = Lektion verlassen
lesson-play = Eine Partie spielen
save-game = Partie speichern …
save-heading = Diese Partie speichern
save-name = Name
save = Speichern
export-sheet = Spielblatt
nothing-to-save = Eine Lektion oder Vorführung wird nicht gespeichert.
saved-as = Gespeichert: { $file }
sheet-written = Spielblatt geschrieben: { $file }
save-failed = Speichern ging nicht: { $why }
saved-games = Spielstände
no-saved-games = Noch keine gespeicherten Partien. Speichere eine im Menü einer Partie.
load = Laden
delete = Löschen
load-failed = { $file } ließ sich nicht laden: { $why }
colour-blind = Farbenblind-Farben
ui-scale = Anzeigegröße

# The review of a finished game.
review = Partie auswerten
review-heading = Auswertung der Partie
review-working = Zug { $done } von { $total } wird betrachtet…
review-cancel = Abbrechen
review-nothing = Diese Partie lässt sich nicht auswerten: Sie hat noch keine Züge, oder es ist eine Abaku-Partie, die noch nicht zu Ende ist (die Auswertung zeigt jedes Bänkchen).
review-open = Auswerten
review-failed = Die Partie ließ sich nicht auswerten: { $why }
review-first = Anfang
review-back = Zurück
review-forward = Weiter
review-last = Ende
review-better = Besser: { $move }
review-accuracy = { $name }: { $percent } % beste Züge
review-best-turn = Bester Zug: Zug { $n }
review-biggest-miss = Größter Fehler: Zug { $n }
