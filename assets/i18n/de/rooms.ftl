# Die Startseite der Räume, auf Deutsch: die Seite, auf der ein Raum für eines der beiden Spiele
# angelegt wird. Die Seite setzt die Variablen selbst ein: $n die Nummer eines Platzes, $name
# den Namen eines Spielers, $title die Überschrift eines Links, $why die Worte des Servers,
# sonst Zahlen. Eine Zahl, die die Wörter um sie ändert, wählt mit [one] und *[other].

start-title = Abaku und Abakus: ein Raum zum Spielen
start-page-language = Sprache dieser Seite
start-heading-tiles = Abaku: ein Raum zum Spielen
start-heading-hex = Abakus: ein Raum zum Spielen

## Das Spiel und der Raum
start-game = Das Spiel
start-tiles-name = Abaku
start-tiles-about = Steine und Rechnungen, 1 bis 4 Spieler
start-hex-name = Abakus
start-hex-about = Steine auf einem Sechseckbrett, 2 Spieler
start-language = Sprache des Raums
start-patience = Wie lange auf Abwesende warten
start-patience-forever = Unbegrenzt warten
start-patience-hint = Ist jemand am Zug so lange weg, dürfen die anderen den Computer für diese Person spielen lassen oder das Spiel beenden.
start-one-day = 1 Tag
start-no-clock = Ohne Uhr, auch tagelang
start-seconds =
    { $seconds ->
        [one] { $seconds } Sekunde
       *[other] { $seconds } Sekunden
    }
start-minutes =
    { $minutes ->
        [one] { $minutes } Minute
       *[other] { $minutes } Minuten
    }

## Die Spieler
start-players = Spieler
start-player = Spieler { $n }
start-player-name = Name von Spieler { $n }
start-player-kind = Wer spielt auf Platz { $n }
start-person = Ein Mensch, per Link
start-computer = Computer
start-computer-easy = Computer: leicht
start-computer-normal = Computer: mittel
start-computer-hard = Computer: schwer
start-computer-expert = Computer: Experte
start-add-seat = Spieler hinzufügen
start-remove-seat = Letzten entfernen

## Der Tisch des Rechenspiels
start-table = Der Tisch
start-board = Brett
start-board-a = Brett A, mit Bonusfeldern
start-board-b = Brett B, schlicht
start-ops = Rechenarten
start-ops-all = Alle acht
start-ops-add-sub = Addition und Subtraktion
start-ops-mul-div = Multiplikation und Division
start-ops-basic = Ohne Potenzen und Wurzeln
start-scoring = Wertung
start-scoring-basic = 1 Punkt je Stein jeder Rechnung
start-scoring-value = Jeder Stein zählt seine Ziffer
start-scoring-tile-op = 1 Punkt je Stein, 2 je Rechnung
start-scoring-ops-only = 1 Punkt je Rechnung
start-diagonal = Rechnungen auch schräg
start-result-first = Das Ergebnis darf vorne stehen (12=8+4)
start-challenge = Einspruchsmodus
start-spin = Spin Abaku (zu zweit, oder zu viert in Paaren)
start-turn-time = Bedenkzeit je Zug

## Brett und Plätze des Sechseckspiels
start-black = Schwarz
start-white = Weiß
start-black-name = Name für Schwarz
start-white-name = Name für Weiß
start-black-player = Wer spielt Schwarz
start-white-player = Wer spielt Weiß
start-hex-note = Schwarz beginnt. Wer auf dem vollen Brett weniger Steine hat, gewinnt.
start-board-heading = Das Brett
start-side = Brettgröße
start-side-cells = Seite { $side }: { $cells } Felder
start-side-quick = Seite { $side }: { $cells } Felder, schnell
start-side-usual = Seite { $side }: { $cells } Felder, üblich
start-side-long = Seite { $side }: { $cells } Felder, lang
start-move-time = Bedenkzeit je Zug
start-time-out = Wenn die Zeit um ist
start-time-out-random = Ein Zufallszug wird gespielt
start-time-out-loses = Wer am Zug ist, verliert

## Den Raum anlegen
start-key = Der Schlüssel des Servers, falls er einen verlangt
start-make-room = Raum anlegen
start-error-no-person = Mindestens ein Platz braucht einen Menschen.
start-error-spin = Spin Abaku spielt man zu zweit oder zu viert in Paaren.
start-error-key = Dieser Server legt Räume nur mit seinem Schlüssel an: Gib ihn oben ein.
start-error-too-many = Von dieser Adresse wurden zu viele Räume angelegt; versuch es in einer Stunde noch einmal.
start-error-busy = Der Server kann gerade keinen Raum anlegen; versuch es später noch einmal.
# $why ist der Grund des Servers, auf Englisch.
start-error-origin = Ein Raum wird auf der eigenen Seite dieses Servers angelegt.
start-error-unreadable = Der Server konnte diesen Tisch nicht lesen; lade die Seite neu und versuch es noch einmal.
start-error-language = Diese Sprache spricht der Server nicht.
start-error-seats = Dieses Spiel ist nicht für so viele Spieler.
start-error-player = Einer der Spieler ist weder ein Mensch noch der Computer.
start-error-time = Die Zeit für einen Zug ist 10 Sekunden bis eine Stunde.
start-error-game = Dieses Spiel kennt der Server nicht.
start-error-options = Diese Wahl gibt es in diesem Spiel nicht.
start-error-side = Die Seite des Bretts ist 3 bis 8.
start-error-time-out = Das kann beim Ablauf der Zeit nicht geschehen.
start-error-patience = Auf einen abwesenden Spieler wird höchstens eine Woche gewartet.
start-error-rules = Die Regeln erlauben diesen Tisch nicht; ändere eine Variante oder die Spieler.
start-error-refused = Der Raum konnte nicht angelegt werden: { $why }
start-error-unreachable = Der Server ist nicht erreichbar; versuch es noch einmal.

## Die Links des Raums
start-ready = Der Raum ist bereit
start-links-tiles = Schick allen ihren eigenen Link; wer ihn zuerst öffnet, bekommt diesen Platz, und dieses Gerät kehrt von selbst dorthin zurück. Der Zuschauer-Link zeigt das Spiel ohne die Steine der Spieler.
start-links-hex = Schick allen ihren eigenen Link; wer ihn zuerst öffnet, bekommt diesen Platz, und dieses Gerät kehrt von selbst dorthin zurück. Der Zuschauer-Link zeigt das Spiel allen.
start-seat = Platz von { $name }
start-seat-number = Platz von Spieler { $n }
start-seat-black = Platz von Schwarz
start-seat-white = Platz von Weiß
start-seat-black-named = Platz von { $name } (Schwarz)
start-seat-white-named = Platz von { $name } (Weiß)
start-watch = Zum Zuschauen
start-copy = Kopieren
start-copied = Kopiert
start-copy-failed = Markiere den Link, um ihn zu kopieren
# Der Alternativtext des QR-Codes eines Links; $title ist die Überschrift des Links.
start-qr = QR-Code: { $title }
start-code = Einen Code für ein Spiel bekommen? Gib ihn hier ein
start-code-join = Beitreten
start-code-of = Code: { $code }
start-error-not-a-code = Ein Code hat acht Buchstaben und Ziffern, etwa K7QM-2PXR.
start-error-no-such-code = Kein Spiel hat diesen Code: Sieh ihn dir noch einmal an.
start-error-too-many-codes = Von dieser Adresse wurden zu viele Codes versucht; versuche es in einer Stunde wieder.
