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
nothing-to-save = Une leçon ou une démonstration n’est pas conservée.
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
review-accuracy = { $name } : { $percent } % de meilleurs coups
review-best-turn = Meilleur coup : coup { $n }
review-biggest-miss = Plus grosse erreur : coup { $n }
