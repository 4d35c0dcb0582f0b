# Les mots du jeu de pierres sur plateau hexagonal, en français. $color vaut "black" ou "white".

name = Abakus
play = Jouer à Abakus
about = Des pierres sur un plateau hexagonal, pour deux. Remplissez le plateau : le moins de pierres gagne.
new-game = Nouvelle partie d’Abakus
board-size = Taille du plateau
stone-count = { $count ->
    [one] { $count } pierre
   *[other] { $count } pierres
}
empty-cells = Cases vides
moves = Coups
hint = Indice
no-moves-yet = Aucun coup pour l’instant. Noir commence.
fewer-stones-win = Le moins de pierres gagne
how-to-place = Cliquez sur une case vide pour placer une pierre.
how-to-play =
    Cliquez sur une case vide pour placer une pierre.
    Cliquez sur une de vos pierres pour la détacher d’un grand groupe.
rules-title = Comment jouer à Abakus

color-black = Noir
color-white = Blanc
to-move = Au tour de { $color ->
    [black] Noir
   *[white] Blanc
}
wins = { $color ->
    [black] Noir
   *[white] Blanc
} gagne !
final-counts = Noir : { $black } pierres, Blanc : { $white }. Le moins de pierres gagne
cells-on-board = { $cells ->
    [one] { $cells } case
   *[other] { $cells } cases
}
continue-hint = Côté { $side }, { $moves ->
    [one] { $moves } coup joué
   *[other] { $moves } coups joués
}

selected-too-small = Groupe de { $group } : seule une pierre d’un groupe de 3 ou plus peut se déplacer. Cliquez à nouveau dessus pour annuler.
selected-stuck = Groupe de { $group } : cette pierre ne peut aller nulle part. Cliquez à nouveau dessus pour annuler.
selected = Groupe de { $group } : { $targets ->
    [one] { $targets } case d’arrivée possible (marquée)
   *[other] { $targets } cases d’arrivée possibles (marquées)
}.
not-yours = Cette pierre est à { $color ->
    [black] Noir
   *[white] Blanc
}.
time-ran-out = Temps écoulé : un coup au hasard a été joué, { $move }.
lost-on-time = { $color ->
    [black] Noir
   *[white] Blanc
} a dépassé son temps et perd.
left-game = { $color ->
    [black] Noir
   *[white] Blanc
} a quitté la partie et perd.
time-out-label = Temps écoulé
time-out-random = Coup au hasard
time-out-loses = Partie perdue
seat-phone = Personne, sur téléphone
device-scan = { $colour } : scannez avec le téléphone de { $name } pour jouer
device-gathering = La partie commence dès que chaque téléphone est là.
device-at-the-screen = Jouer à l’écran
device-away = Le téléphone de { $name } s’est absenté ; la partie l’attend
suggested-place = Indice : l’ordinateur placerait une pierre sur { $cell }.
suggested-slide = Indice : l’ordinateur déplacerait { $from } vers { $to } ({ $from }-{ $to }).

# Un coup refusé commence par la question de ce qui a été tenté ($ask), puis dit pourquoi.
ask-place = Placer sur { $cell } ?
ask-slide = Déplacer { $from } vers { $to } ?
refused-game-over = La partie est finie : le plateau est plein.
refused-off-board = { $ask } { $cell } n’est pas sur ce plateau.
refused-occupied = { $ask } La case { $cell } est déjà occupée.
refused-no-stone = { $ask } Il n’y a pas de pierre sur { $from }.
refused-not-your-stone = { $ask } Cette pierre est à { $color ->
    [black] Noir
   *[white] Blanc
}.
refused-stationary = { $ask } La pierre doit bouger.
refused-not-in-line = { $ask } Les pierres ne se déplacent qu’en ligne droite.
refused-blocked = { $ask } La pierre sur { $blocker } bloque le passage — les pierres ne sautent pas.
refused-alone = { $ask } La pierre se retrouverait seule — elle doit rejoindre au moins une pierre de sa couleur.
refused-not-smaller = { $ask } Elle formerait un groupe de { $formed } — il doit être plus petit que { $original }.

# Les légendes du mode démo.
demo-place = { $color ->
    [black] Noir
   *[white] Blanc
} place une pierre sur { $cell }.
demo-place-group = { $color ->
    [black] Noir
   *[white] Blanc
} place une pierre sur { $cell } et forme un groupe de { $group }.
demo-slide = { $color ->
    [black] Noir
   *[white] Blanc
} déplace { $move } : d’un groupe de { $left } vers un groupe de { $joined }.

# The rules page's diagram of one stone's slides.
diagram-heading = Où la pierre en C4 peut-elle aller ?
diagram-targets = À gauche, la pierre en C4 forme un groupe de trois avec B4 et C5 ; les croix rouges sont des déplacements que la règle interdit :
diagram-open = À droite, la pierre blanche en E4 a disparu : les points verts montrent où C4 peut désormais aller, dont F4, à côté de G4.

## La première leçon. Chaque étape a un titre (-title), ce qu’il faut faire, et des mots pour un essai
## réussi (-done) ou non (-retry).
lesson-place-title = Placer une pierre
lesson-place = Vous jouez Noir. À votre tour, placez une pierre sur n’importe quelle case vide, ou déplacez une des vôtres. Cliquez sur une case vide pour placer votre première pierre.
lesson-place-done = Un placement : une pierre noire de plus sur le plateau.
lesson-group-title = Former un groupe
lesson-group = Les pierres de même couleur qui se touchent forment un groupe. Blanc a répondu. Placez une pierre sur une case qui touche votre pierre noire.
lesson-group-done = Deux pierres noires côte à côte : un groupe de 2.
lesson-group-retry = Cette pierre est seule : le coup est annulé. Placez-en une qui touche votre pierre noire.
lesson-slide-title = Déplacer une pierre
lesson-slide = Nouveau plateau. Au lieu de placer, vous pouvez détacher une pierre de son groupe, tout droit sur des cases vides, vers un de vos groupes plus petit. Cliquez sur C4, dans le groupe de 3 : les cases marquées sont ses arrivées possibles. Cliquez sur l’une d’elles.
lesson-slide-done = La pierre a quitté son groupe pour un plus petit, et aucune pierre n’a été ajoutée.
lesson-slide-retry = C’était un placement : le coup est annulé. Cliquez d’abord sur la pierre en C4, puis sur une case marquée.
lesson-refused-title = Déplacements refusés
lesson-refused = Une pierre déplacée ne peut pas finir seule, ni à côté d’un groupe aussi grand que celui qu’elle quitte, ni sauter une pierre. Cliquez sur C4, puis essayez A2, C2 ou F4, et lisez pourquoi le jeu refuse.
lesson-refused-done = Refusé, avec la raison dans le panneau de gauche. Un coup refusé ne change rien.
lesson-refused-retry = Ce coup est permis : il est annulé. Cliquez sur C4, puis sur A2, C2 ou F4.
lesson-last-cell-title = La dernière case
lesson-last-cell = Quand le plateau est plein, la partie se termine, et le moins de pierres gagne. Il reste une case et vous avez chacun 30 pierres. Placer vous en donnerait 31 : trouvez plutôt un déplacement vers la case vide.
lesson-last-cell-done = Blanc a dû remplir la case libérée : 30 pierres contre 31, Noir gagne !
lesson-last-cell-retry = 31 pierres contre 30 : Blanc gagne. Le coup est annulé ; déplacez plutôt une de vos pierres vers la case vide.
lesson-end-title = Vous connaissez le jeu
lesson-end = Placez ou déplacez ; un déplacement va d’un groupe vers un plus petit ; un plateau plein termine la partie, et le moins de pierres gagne. Le bouton Indice montre ce que jouerait l’ordinateur. Bonne partie !

# The review of a finished game.
review-best = meilleur coup
review-good = bon coup
review-inaccuracy = imprécision
review-mistake = erreur
review-blunder = gaffe
review-forced = le seul coup
review-chances = chances de gagner : { $before } % avant, { $after } % après
review-graph = Chances de victoire de Noir
review-lost = en moyenne { $percent } % de chances perdus par coup
