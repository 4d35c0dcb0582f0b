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
    V  flaches Brett oder 3D-Tisch
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
nothing-to-save = Eine Lektion, eine Vorführung oder ein laufendes Online-Spiel wird hier nicht gespeichert (ein Online-Spiel am Ende schon).
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
table-view = Brettansicht
view-auto = Automatisch
view-flat = Flach
view-table = Tisch (3D)
phone-port = Port für Handys
port-any = Beliebig
port-fixed = Fest
view-stepped-back = Der 3D-Tisch war auf diesem Computer zu langsam, darum ist das Brett wieder flach. Mit V lässt sich der Tisch trotzdem zeigen.

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
review-accuracy = { $name }: { $percent } % beste oder gute Züge
review-best-turn = Bester Zug: Zug { $n }
review-biggest-miss = Größter Fehler: Zug { $n }
review-try = Nochmal versuchen
practice-heading = Nochmal versuchen
practice-task = Zug { $n }: { $name } spielte { $move }. Finde einen besseren Zug.
practice-back = Zurück zur Auswertung
practice-judging = Dein Zug wird bewertet …
practice-again = Noch ein Versuch
practice-found = { $move }: so gut wie der Zug des Computers!
practice-not-yet = { $move }: noch nicht der beste.
practice-computer = Der Zug des Computers: { $move }
default-player = Spieler { $n }
statistics = Statistik
stats-none = Noch keine beendeten Partien. Jede Partie, die ein Mensch beendet, zählt, gegen den Computer oder gegeneinander; Vorführungen, Lektionen und der Kiosk nicht.
stats-player = Spieler
stats-played = Gespielt
stats-won = Gewonnen
stats-streak = Längste Siegesserie
stats-against = Siege gegen den Computer
stats-per-turn = Punkte pro Zug
stats-best-turn = Bester Zug
stats-margin = Mittlerer Siegabstand
stats-reset = Statistik zurücksetzen
stats-reset-ask = Die Statistik aller Spieler löschen? Das lässt sich nicht rückgängig machen.
cancel = Abbrechen

play-online = Online spielen
online-join-heading = Einem Spiel beitreten
online-join-hint = Füge den Link ein, den du bekommen hast, oder tippe seinen Code, zum Mitspielen oder Zuschauen
online-join = Beitreten
online-not-a-link = Das ist kein Link zu einem Spiel: Er beginnt mit https:// oder http:// und enthält /seat/ oder /watch/.
online-your-games = Deine laufenden Spiele
online-watching-mark = zuschauen
online-playing-as = als { $names }
online-host-heading = Ein Spiel ausrichten
online-host-how = Auf diesem Rechner, für sein Netz: Wähle bei der Vorbereitung eines der beiden Spiele „Mensch, am Handy“ für einen Platz: Beim Start zeigt dieser Bildschirm seinen Link und Code, und jedes Gerät in deinem Netz öffnet ihn.
online-joining = Verbinde mit dem Spiel auf { $server }…
online-reconnecting = Die Verbindung zu { $server } ist weg; das Spiel kommt von selbst zurück…
online-playing-elsewhere = { $name } spielt woanders
online-leave = Zum Titel
online-ended-unknown = Dieser Link öffnet keinen Platz mehr: Er ist alt, oder das Spiel wurde geschlossen.
online-ended-taken = Ein anderes Gerät spielt diesen Platz schon.
online-ended-replaced = Dieser Platz wird jetzt auf einem anderen Gerät gespielt.
online-ended-reopened = Der Gastgeber hat diesem Platz einen neuen Link gegeben.
online-ended-closed = Der Gastgeber hat das Spiel geschlossen.
online-ended-certificate = Das Zertifikat des Servers ist nicht gültig, darum wurde das Spiel nicht geöffnet. Frag seinen Betreiber.
online-ended-not-a-server = Unter dieser Adresse antwortet kein Spielserver.
online-host-server-heading = Auf einem Spielserver, für Leute überall
online-server-hint = Die Adresse des Servers, etwa games.example.org
online-key-hint = Sein Schlüssel, falls er Räume nur damit anlegt
online-servers-used = Schon benutzt:
online-host-there = { $game } dort vorbereiten
online-not-a-server-address = Das ist keine Serveradresse: Gib seinen Namen ein, etwa games.example.org, oder http:// und eine Adresse in deinem Netz.
online-host-at = Dieses Spiel läuft in einem Raum auf { $server }: Du spielst an diesem Fenster, und jeder „Mensch, am Handy“ bekommt einen Link zum Verschicken, wo immer er ist.
online-host-one-here = In einem Raum auf einem Server spielt eine Person an diesem Fenster: Wähle für die anderen „Mensch, am Handy“.
online-host-someone-here = Ein Spiel in einem Raum auf einem Server wird von diesem Fenster aus gespielt: Wähle „Mensch“ für jede Person hier.
online-host-here-instead = Stattdessen an diesem Fenster spielen
online-making = Der Raum des Spiels wird auf { $server } angelegt …
online-no-server-at = Unter { $server } antwortet kein Spielserver. Prüfe die Adresse und das Netz dieses Rechners.
online-not-this-name = Der Server unter { $server } antwortet nicht auf diesen Namen: Gib seine Adresse so ein, wie sein Betreiber sie nennt.
online-refused-key = Dieser Server legt Räume nur mit seinem Schlüssel an: Gib ihn unter „Online spielen“ unter der Adresse des Servers ein.
online-refused-busy = Der Server ist gerade voll; versuch es in einer Weile noch einmal.
online-refused-too-many = Der Server hat in dieser Stunde schon viele Räume für dieses Netz angelegt; versuch es später noch einmal.
online-refused = Der Server hat den Raum nicht angelegt: { $why }
online-links-heading = Links zum Verschicken
online-link-for = Platz von { $name }
online-watch-link = Zum Zuschauen
online-code-needs-server = Ein Code wird mit der Adresse seines Servers eingegeben: vor dem Code oder unten unter Auf einem Spielserver.
online-code-finding = Suche das Spiel zu diesem Code auf { $server }…
online-code-unknown = Kein Spiel auf { $server } hat diesen Code: Prüfe ihn und die Adresse des Servers noch einmal.
online-code-too-many = Aus diesem Netz wurden in der letzten Stunde zu viele Codes versucht; versuche es später wieder.
online-link-code = Wo sich ein Link nicht öffnen lässt, wird sein Code mit { $server } eingegeben (unter Online spielen oder auf der Seite dieses Servers).
online-copy = Kopieren
online-links-hide = Links ausblenden
online-links-show = Links zum Verschicken
online-again-asked = Gefragt: Das nächste Spiel beginnt, sobald alle danach gefragt haben.

# A booth's table of the day, between demo games.
booth-table-title = Die Herausforderung des Tages
booth-table-empty = Noch niemand auf der heutigen Tabelle: Code scannen und als Erste oder Erster drauf!
booth-table-scan = Code in der Ecke scannen und mitspielen.
booth-table-best = Bestes Ergebnis der Veranstaltung: { $name }, { $score ->
    [one] { $score } Punkt
   *[other] { $score } Punkte
}, am { $day }
booth-table-points = Punkte
booth-table-computer = Computer
booth-table-new = neu

# The organiser's controls of a booth's day.
booth-controls-open = Der Stand…
booth-controls-title = Der Stand
booth-pin-ask = PIN der Veranstalter eingeben
booth-pin-wrong = Das ist nicht die PIN.
booth-pin-wait = Zu viele Versuche: { $seconds } s warten.
booth-no-pin = Keine PIN gesetzt: Jeder an der Tastatur kann dies öffnen. Unten eine setzen.
booth-name = Name des Stands
booth-computer = Der Computer
booth-length = Länge
booth-length-whole = Ganzes Spiel
booth-length-turns = { $turns } Züge für jeden
booth-link = Link der Veranstalter
booth-link-bad = Keine Webadresse: Sie beginnt mit https:// (oder http://)
booth-pin = PIN
booth-joining = Besucher mitspielen lassen
booth-joining-open = Offen
booth-joining-paused = Pause
booth-table-count = Die Tabelle von heute hat { $count ->
    [one] einen Eintrag
   *[other] { $count } Einträge
}.
booth-clear = Tabelle von heute leeren…
booth-clear-sure = { $count ->
    [one] Den Eintrag
   *[other] Die { $count } Einträge
} von heute löschen? Das lässt sich nicht rückgängig machen.
booth-clear-yes = Leeren
booth-keep = Behalten
