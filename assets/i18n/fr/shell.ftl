# Les mots que partagent tous les écrans de l’application, en français.

app-name = Abakus
tagline = Deux jeux pour une table
continue = Continuer
settings = Réglages
rules = Règles
quit = Quitter
touch-to-play = Touchez l’écran pour jouer
demo-when-idle = Démo si inactif
back = Retour
recommended = conseillé
human = Humain
computer-easy = Ordinateur (facile)
computer-normal = Ordinateur (normal)
computer-hard = Ordinateur (difficile)
computer-expert = Ordinateur (expert)
computer-levels = Ordinateur :
level-easy = facile
level-normal = normal
level-hard = difficile
level-expert = expert
thinking = réfléchit
start = Commencer
undo = Défaire
redo = Refaire
restart = Relancer
menu = Menu
play-again = Rejouer
to-title = Écran titre
resume = Reprendre
help = Aide
shortcuts = Raccourcis clavier
master-volume = Volume
effects-volume = Effets
music-volume = Musique
mute = Muet
unseen-tiles = Compter les tuiles non vues
show-coordinates = Afficher le nom des cases
shortcut-list =
    U  défaire
    R  refaire
    Esc  menu, ou retour
    H ou ?  cette aide
    M  couper le son
    V  plateau à plat ou table en 3D
    F11  plein écran
close = Fermer
on = Oui
off = Non
computer-pace = Rythme de l’ordinateur
pace-quick = Rapide
pace-steady = Moyen
pace-slow = Lent
turn-timer = Temps par tour
understood = OK
set-aside = { $file } n’a pas pu être lu ; il est conservé sous le nom { $kept }, et la partie continue sans lui.
minutes = { $n } min
seconds = { $n } s
language = Langue
examples = Exemples
animations = Animations
anim-calm = Calmes
anim-normal = Normales
anim-brisk = Vives
fullscreen = Plein écran
learn = Apprendre
lesson-step = Leçon · étape { $n } sur { $total }
lesson-next = Suivant
lesson-leave = Quitter la leçon
lesson-play = Jouer une partie
save-game = Enregistrer la partie…
save-heading = Enregistrer cette partie
save-name = Nom
save = Enregistrer
export-sheet = Feuille de score
nothing-to-save = Une leçon, une démonstration ou une partie en ligne en cours n’est pas conservée ici (une partie en ligne l’est, une fois finie).
saved-as = Enregistrée : { $file }
sheet-written = Feuille de score écrite : { $file }
save-failed = Enregistrement impossible : { $why }
saved-games = Sauvegardes
no-saved-games = Aucune partie enregistrée. Enregistrez-en une depuis le menu d’une partie.
load = Charger
delete = Supprimer
load-failed = { $file } n’a pas pu être chargée : { $why }
colour-blind = Couleurs daltoniens
ui-scale = Taille de l’interface
table-view = Vue du plateau
view-auto = Automatique
view-flat = À plat
view-table = Table (3D)
phone-port = Port des téléphones
port-any = Au choix
port-fixed = Fixe
view-stepped-back = La table en 3D s’affichait trop lentement sur cet ordinateur : le plateau est de nouveau à plat. Appuyez sur V pour essayer quand même la table.

# The review of a finished game.
review = Analyser la partie
review-heading = Analyse de la partie
review-working = Coup { $done } sur { $total } en cours d’examen…
review-cancel = Annuler
review-nothing = Cette partie ne peut pas être analysée : elle n’a pas encore de coups, ou c’est une partie d’Abaku pas encore finie (l’analyse montre chaque chevalet).
review-open = Analyser
review-failed = La partie n’a pas pu être analysée : { $why }
review-first = Début
review-back = Précédent
review-forward = Suivant
review-last = Fin
review-better = Mieux : { $move }
review-accuracy = { $name } : { $percent } % de coups meilleurs ou bons
review-best-turn = Meilleur coup : coup { $n }
review-biggest-miss = Plus grosse erreur : coup { $n }
review-try = Réessayer
practice-heading = Réessayer
practice-task = Coup { $n } : { $name } a joué { $move }. Trouvez un meilleur coup.
practice-back = Retour à l'analyse
practice-judging = Évaluation de votre coup…
practice-again = Encore un essai
practice-found = { $move } : aussi bon que le coup de l'ordinateur !
practice-not-yet = { $move } : pas encore le meilleur.
practice-computer = Le coup de l'ordinateur : { $move }
default-player = Joueur { $n }
statistics = Statistiques
stats-none = Aucune partie terminée pour l’instant. Toute partie qu’une personne termine compte, contre l’ordinateur ou entre joueurs ; les démonstrations, les leçons et le kiosque non.
stats-player = Joueur
stats-played = Jouées
stats-won = Gagnées
stats-streak = Plus longue série
stats-against = Victoires contre l’ordinateur
stats-per-turn = Points par tour
stats-best-turn = Meilleur tour
stats-margin = Écart moyen des victoires
stats-reset = Effacer les statistiques
stats-reset-ask = Effacer les statistiques de tous les joueurs ? C’est définitif.
cancel = Annuler

play-online = Jouer en ligne
online-join-heading = Rejoindre une partie
online-join-hint = Collez le lien reçu, ou tapez son code, pour jouer ou pour regarder
online-join = Rejoindre
online-not-a-link = Ce n’est pas le lien d’une partie : il commence par https:// ou http:// et contient /seat/ ou /watch/.
online-your-games = Vos parties en cours
online-watching-mark = pour regarder
online-playing-as = en tant que { $names }
online-host-heading = Organiser une partie
online-host-how = Sur cette machine, pour son réseau : dans la préparation de l’un ou l’autre jeu, choisissez « Personne, sur téléphone » pour une place : au début de la partie, son lien et son code s’affichent sur cet écran, et tout appareil de votre réseau l’ouvre.
online-joining = Connexion à la partie sur { $server }…
online-reconnecting = La connexion à { $server } est perdue ; retour à la partie tout seul…
online-playing-elsewhere = { $name } joue ailleurs
online-leave = Retour au titre
online-ended-unknown = Ce lien n’ouvre plus de place : il est ancien, ou la partie a été fermée.
online-ended-taken = Un autre appareil joue déjà cette place.
online-ended-replaced = Cette place est maintenant jouée sur un autre appareil.
online-ended-reopened = L’hôte de la partie a donné un nouveau lien à cette place.
online-ended-closed = L’hôte a fermé la partie.
online-ended-certificate = Le certificat du serveur n’est pas valable, la partie n’a donc pas été ouverte. Demandez à son exploitant.
online-ended-not-a-server = Aucun serveur de jeu ne répond à cette adresse.
online-host-server-heading = Sur un serveur de jeu, pour des joueurs où qu’ils soient
online-server-hint = L’adresse du serveur, comme games.example.org
online-key-hint = Sa clé, s’il ne crée de salles qu’avec elle
online-servers-used = Déjà utilisés :
online-host-there = Préparer { $game } là-bas
online-not-a-server-address = Ce n’est pas l’adresse d’un serveur : tapez son nom, comme games.example.org, ou http:// et une adresse de votre réseau.
online-host-at = Cette partie se joue dans une salle créée sur { $server } : vous jouez à cette fenêtre, et chaque « Personne, sur téléphone » reçoit un lien à envoyer, où qu’elle soit.
online-host-one-here = Dans une salle sur un serveur, une seule personne joue à cette fenêtre : choisissez « Personne, sur téléphone » pour les autres.
online-host-someone-here = Une partie dans une salle sur un serveur se joue depuis cette fenêtre : choisissez « Humain » pour chacune des personnes présentes.
online-host-here-instead = Jouer plutôt à cette fenêtre
online-making = Création de la salle de la partie sur { $server }…
online-no-server-at = Aucun serveur de jeu ne répond à { $server }. Vérifiez son adresse et le réseau de cette machine.
online-not-this-name = Le serveur à { $server } ne répond pas à ce nom : tapez son adresse telle que son exploitant la donne.
online-refused-key = Ce serveur ne crée de salles qu’avec sa clé : tapez-la sous l’adresse du serveur dans Jouer en ligne.
online-refused-busy = Le serveur est plein pour le moment ; réessayez dans un moment.
online-refused-too-many = Le serveur a déjà créé beaucoup de salles pour ce réseau cette heure-ci ; réessayez plus tard.
online-refused = Le serveur n’a pas créé la salle : { $why }
online-links-heading = Liens à envoyer
online-link-for = La place de { $name }
online-watch-link = Pour regarder la partie
online-code-needs-server = Un code se tape avec l’adresse de son serveur : avant le code, ou plus bas sous Sur un serveur de jeu.
online-code-finding = Recherche de la partie de ce code sur { $server }…
online-code-unknown = Aucune partie sur { $server } n’a ce code : relisez-le, ainsi que l’adresse du serveur.
online-code-too-many = Trop de codes ont été essayés depuis ce réseau en une heure ; réessayez plus tard.
online-link-code = Là où un lien ne peut pas être ouvert, on tape son code avec { $server } (dans Jouer en ligne, ou sur la page de ce serveur).
online-copy = Copier
online-links-hide = Masquer les liens
online-links-show = Liens à envoyer
online-again-asked = C’est demandé : la partie suivante commence quand chacun l’a demandée.

# A booth's table of the day, between demo games.
booth-table-title = Le défi du jour
booth-table-empty = Personne encore au tableau du jour : scannez le code et soyez le premier !
booth-table-scan = Scannez le code dans le coin pour jouer.
booth-table-best = Meilleur de l’événement : { $name }, { $score ->
    [one] { $score } point
   *[other] { $score } points
}, le { $day }
booth-table-points = Points
booth-table-computer = Ordinateur
booth-table-new = nouveau

# The organiser's controls of a booth's day.
booth-controls-open = Le stand…
booth-controls-title = Le stand
booth-pin-ask = Tapez le code de l’organisateur
booth-pin-wrong = Ce n’est pas le code.
booth-pin-wait = Trop d’essais : attendez { $seconds } s.
booth-no-pin = Aucun code : quiconque au clavier peut ouvrir ceci. Définissez-en un ci-dessous.
booth-name = Nom du stand
booth-computer = L’ordinateur
booth-length = Durée
booth-length-whole = Partie entière
booth-length-turns = { $turns } tours chacun
booth-link = Le lien de l’organisateur
booth-link-bad = Pas une adresse web : elle commence par https:// (ou http://)
booth-pin = Code
booth-joining = Accueil des visiteurs
booth-joining-open = Ouvert
booth-joining-paused = En pause
booth-table-count = Le tableau du jour compte { $count ->
    [one] { $count } résultat
   *[other] { $count } résultats
}.
booth-clear = Vider le tableau du jour…
booth-clear-sure = Effacer { $count ->
    [one] le résultat
   *[other] les { $count } résultats
} du jour ? C’est définitif.
booth-clear-yes = Vider
booth-keep = Les garder
