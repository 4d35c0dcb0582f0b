# Les mots du jeu de jetons à calculs, en français. Les noms des joueurs arrivent dans $name.

name = Abaku
# Le nom d’une place, jusqu’à ce que quelqu’un en tape un.
play = Jouer à Abaku
about = Des jetons chiffrés, de 1 à 4 joueurs : posez des chiffres qui forment des calculs justes.
new-game = Nouvelle partie d’Abaku
players = Joueurs
names = Qui joue
board = Plateau
board-a = Plateau A
board-a-about = Des cases bonus partout : le plateau habituel, de 2 à 4 joueurs.
board-b = Plateau B
board-b-about = Seulement la case de départ : pour jouer seul.
operations = Opérations
ops-all = Toutes
ops-add-sub = + et −
ops-mul-div = × et ÷
ops-basic = Sans puissances ni racines
ops-about = Quels calculs comptent.
diagonal = Calculs en diagonale
diagonal-about = Les calculs peuvent aussi suivre une diagonale.
result-first = Résultat en premier
result-first-about = Les calculs peuvent aussi commencer par le résultat : 17 = 23 − 6.
scoring = Score
scoring-basic = Simple
scoring-value = Valeur
scoring-tile-op = Jeton et calcul
scoring-ops-only = Par calcul
challenge = Mode contestation
challenge-about = Les coups ne sont pas vérifiés : les autres peuvent contester un coup faux, mais contester à tort fait perdre un tour.
spin = Spin Abaku
spin-about = Noir contre rouge : un calcul que vous utilisez fait passer ses jetons à votre couleur.
spin-needs-pairs = Spin Abaku se joue à 2, ou à 4 en équipes de deux.
length = Durée
length-about = Une partie courte s’arrête quand chacun a joué ses tours, comme une partie bloquée : chaque jeton restant coûte un point.
length-whole = Partie entière
length-turns = { $turns } tours chacun
short-form-round = Partie courte : tour { $round } sur { $turns }
submit = Valider
recall = Reprendre
shuffle = Mélanger
exchange = Échanger
pass = Passer
concede = Abandon
concede-sure = Abandonner la partie ? Vous ne pourrez plus la gagner.
turn-log = Tours
nothing-yet = Aucun tour pour l’instant.
joker-prompt = Le joker vaut…
joker-prompt-about = Choisissez son chiffre (ou tapez 0-9). Esc le remet en place.
cancel = Annuler
show-my-tiles = Voir mes jetons
hint = Indice
accept = Accepter le coup
pick-to-exchange = Choisissez les jetons à remettre dans le sac :
exchange-these = Échanger ceux-ci
final-scores = Scores finaux
scoring-about = Simple : un point par jeton. Valeur : les chiffres. Jeton et calcul : un point par jeton, 2 par calcul. Par calcul : un point par calcul.
how-to-play =
    Faites glisser un jeton de votre chevalet sur une case, ou touchez le jeton, puis la case.
    Posez vos jetons sur une seule ligne, pour que chaque rangée et chaque colonne forme un calcul juste : 8412 se lit 8 + 4 = 12.
    Touches : les flèches déplacent un curseur, un chiffre y pose ce jeton (J pour le joker), Entrée valide.
rules-title = Comment jouer à Abaku
legend = Cases bonus

# Printed in capitals on the board's bonus squares, over "×2" or "×3": at most 6 letters.
board-tile = JETON
board-sum = CALC.
board-start = DÉPART
bonus-tile-x2 = jeton ×2
bonus-tile-x3 = jeton ×3
bonus-sum-x2 = calcul ×2
bonus-sum-x3 = calcul ×3
bonus-start = départ ×2

to-play = À { $name } de jouer
pass-to = Passez l’écran à { $name }
is-move-right = { $name } vient de jouer : ce coup est-il juste ?
challenges = { $name } conteste
only-you-look = Écran réservé à { $name } pour l’instant. Les jetons s’affichent quand vous appuyez sur le bouton (ou Espace).
# Above the count of each digit and the joker the player to move has not seen yet.
unseen-title = Pas encore vues
bag-count = { $tiles ->
    [one] { $tiles } jeton dans le sac
   *[other] { $tiles } jetons dans le sac
}
points = { $points ->
    [one] { $points } point
   *[other] { $points } points
}
turn-total = Ce tour : { $points ->
    [one] { $points } point
   *[other] { $points } points
}
joker = joker
continue-hint = { $players ->
    [one] { $players } joueur
   *[other] { $players } joueurs
}, { $turns ->
    [one] { $turns } tour joué
   *[other] { $turns } tours joués
}

notice-joker-undeclared = Choisissez d’abord le chiffre du joker.
notice-not-your-turn = Ce n’est pas votre tour.
notice-time-ran-out = Temps écoulé pour { $name } : ses jetons retournent sur son chevalet et le tour passe.
notice-nothing-to-lay = Aucun de vos jetons ne trouve de place : échangez-en, ou passez.
notice-scored = { $name } marque { $points ->
    [one] { $points } point
   *[other] { $points } points
}.
notice-exchanged = { $name } échange { $tiles ->
    [one] { $tiles } jeton
   *[other] { $tiles } jetons
}.
notice-exchange-advised = Indice : ces jetons se placent mal ici ; échangez-en { $tiles }.
notice-passed = { $name } passe son tour.
notice-challenge-upheld = { $name } avait raison : le coup est repris, et son auteur perd un point par jeton.
notice-challenge-failed = Le coup était juste : { $name } perd son prochain tour.

ending-rack-emptied = { $name } a posé son dernier jeton alors que le sac était vide : chaque jeton resté sur les autres chevalets lui rapporte un point et coûte un point à son détenteur (un joker, 10).
ending-blocked = Tout le monde a passé deux fois : chaque jeton resté sur un chevalet coûte un point (un joker, 10).
ending-turns-played = Tous les tours de la partie courte sont joués : chaque jeton resté sur un chevalet coûte un point (un joker, 10).
ending-conceded = { $name } a abandonné la partie.
ending-passed-thrice = { $name } a passé trois fois de suite pendant que les autres jouaient, et perd donc la partie.

winners-none = Personne ne gagne.
# $names est la liste des noms des gagnants, reliés par les mots de liste ci-dessous.
winners-one = { $name } gagne !
winners-many = { $names } gagnent !
winners-tie = Égalité : { $names } se partagent la victoire.
list-and = { $first } et { $last }

refused-game-over = La partie est finie.
refused-nothing-placed = Posez d’abord un jeton de votre chevalet.
refused-not-on-rack = Votre chevalet n’a pas de { $tile }.
refused-off-board = { $cell } n’est pas sur le plateau.
refused-occupied = La case { $cell } est déjà occupée.
refused-joker-digit = Le joker en { $cell } vaut un seul chiffre, de 0 à 9, pas { $digit }.
refused-twice-named = La case { $cell } est utilisée deux fois.
refused-no-joker-there = Il n’y a pas de joker à remplacer en { $cell }.
refused-not-in-line = { $a } et { $b } ne sont ni sur la même rangée ni sur la même colonne : posez vos jetons sur une seule ligne.
refused-misses-start = Le premier calcul doit couvrir la case de départ { $cell }.
refused-unconnected = Vos jetons doivent toucher un jeton déjà sur le plateau.
refused-gap = La case { $cell } est vide : vos jetons ne forment pas une seule ligne.
refused-blank-in-line = Le joker en { $cell } est maintenant un blanc et coupe la ligne.
refused-no-example = { $text } n’est pas un calcul juste.
refused-lonely = Le { $digit } en { $cell } ne forme aucun calcul juste avec le { $other-digit } voisin en { $other }.
refused-touches-blank = Votre jeton en { $cell } touche le joker blanc en { $joker } : aucun jeton de 1 à 9 ne peut toucher un joker blanc tant qu’il n’est pas remplacé.
refused-zeros-unlinked = Seuls vos zéros en { $cells } touchent les jetons du plateau, et aucun ne forme un calcul juste avec eux : il en faut au moins un.
refused-exchange-count = Choisissez de 1 à 5 jetons à échanger.
refused-bag-too-small = Jetons restant dans le sac : { $left }, trop peu pour en échanger { $wanted }.
refused-nothing-to-challenge = Il n’y a aucun coup à contester.
refused-bad-challenger = Ce joueur ne peut pas contester ce coup.
refused-nothing-to-undo = Il n’y a aucun tour à reprendre.

# La légende du mode démo pour un tour : $sums sont les calculs formés, reliés par list-and.
demo-turn = { $name } pose { $sums } et marque { $points ->
    [one] { $points } point
   *[other] { $points } points
}.
demo-turn-no-sums = { $name } marque { $points ->
    [one] { $points } point
   *[other] { $points } points
}.

# The rules page's drawn examples.
diagram-heading = Comment se lisent les jetons
diagram-no-sum = aucun calcul juste : 0 seul n’est pas un nombre
diagram-joker = le joker vaut { $digit }
diagram-bonus-heading = Cases bonus : 23 points en un tour
diagram-bonus-laid = Le 4 est posé sur { $sum }, le 2 sur { $tile } ; le 3 et le 1 étaient déjà là. Le bonus de jeton compte d’abord, puis celui du calcul.
sheet-player = Joueur
sheet-sums = Calculs
sheet-points = Points
sheet-total = Total
sheet-final = Scores finaux

## La première leçon. Chaque étape a un titre (-title), ce qu’il faut faire, et des mots pour un essai
## réussi (-done) ou non (-retry).
lesson-lay-title = Poser un jeton
lesson-lay = Des jetons alignés se lisent comme un calcul, le résultat à la fin : 235 se lit 2 + 3 = 5. Faites glisser le 5 de votre chevalet sur la case à droite du 3 (ou touchez le jeton, puis la case), et appuyez sur Valider.
lesson-lay-done = 2 + 3 = 5 : chaque jeton du calcul compte.
lesson-read-title = Quatre façons de lire
lesson-read = L’opération n’est jamais écrite : 8412 se lit 8 + 4 = 12, 248 se lit 2 × 4 = 8, 93 se lit √9 = 3 et 24 se lit 2² = 4. Posez 1 et 2 après 4 3 pour former 4 × 3 = 12.
lesson-read-done = 4 × 3 = 12, avec une seule ligne de chiffres.
lesson-read-retry = C’est juste et cela marque des points, mais l’étape demande deux jetons. Elle recommence : posez 1 et 2 après 4 3.
lesson-cross-title = Dans les deux sens
lesson-cross = Un jeton compte dans chaque calcul qu’il forme, en rangée comme en colonne. Ici, un jeton complète 1 + 2 = 3 en rangée et 9 − 6 = 3 en colonne. Trouvez-le.
lesson-cross-done = Deux calculs pour un jeton, et les deux comptent.
lesson-cross-retry = Cela n’a formé qu’un calcul. L’étape recommence : trouvez le jeton qui en complète deux.
lesson-joker-title = Le joker
lesson-joker = Le joker ★ vaut le chiffre que vous choisissez en le posant. Posez-le après 6 2 et choisissez un chiffre qui forme un calcul : 8 (6 + 2), 4 (6 − 2) ou 3 (6 ÷ 2).
lesson-joker-done = Le joker garde ce chiffre. Qui a le vrai jeton pourra plus tard le remplacer et reposer le joker.
lesson-joker-retry = Le joker est resté sur votre chevalet. L’étape recommence : posez le joker après 6 2.
lesson-bonus-title = Cases bonus
lesson-bonus = Les cases colorées multiplient au tour où elles sont recouvertes : JETON ×2 ou ×3 le jeton posé dessus, CALC. ×2 ou ×3 le calcul entier. Complétez 4 2 vers le bas sur la case rose CALC. ×2 juste en dessous, et regardez les points.
lesson-bonus-done = Le calcul entier a compté double.
lesson-bonus-retry = Cette case n’a pas de bonus. L’étape recommence : posez le jeton sur la case CALC. ×2 sous 4 2.
lesson-lay-tiles = Aucun jeton n’a été posé à ce tour, donc l’étape recommence.
lesson-end-title = À vous de jouer
lesson-end = Si rien ne trouve de place, échangez de 1 à 5 jetons, ou passez. La partie se termine quand le sac est vide et qu’un joueur pose son dernier jeton ; le plus haut total gagne. À plusieurs, le chevalet se cache entre les tours : passez l’écran. Bonne partie !

# The review of a finished game.
review-best = meilleur coup
review-good = bon coup
review-small = petite erreur
review-medium = erreur moyenne
review-large = grosse erreur
review-not-judged = pas de choix : non jugé
review-points = { $points } points ; le meilleur coup en fait { $best } ; { $lost } points perdus sur ce tour et la réponse du joueur suivant
review-points-exact = { $points } points ; le meilleur coup en fait { $best } ; { $lost } points perdus en fin de partie, avec le meilleur jeu ensuite
review-points-kept = { $points } points, { $kept } ; le meilleur coup en fait { $best }, { $best_kept } ; { $lost } points perdus, en comptant les jetons gardés et la réponse du joueur suivant
review-kept = garde { $tiles }, valant { $worth }
review-kept-nothing = ne garde rien
review-points-played-on = { $points } points, { $kept } ; le meilleur coup en fait { $best }, { $best_kept } ; { $lost } points perdus, sur { $games } parties jouées { $turns } tours plus loin, en comptant les jetons alors gardés
review-points-played-out = { $points } points ; le meilleur coup en fait { $best } ; { $lost } points perdus en fin de partie, sur { $games } parties jouées jusqu'au bout
review-lost = { $points } points perdus en tout
review-best-line = si chaque tour avait été le meilleur

## The page a phone opens to play a seat
phone-your-turn = À vous de jouer
phone-waiting = { $name } joue
phone-game-over = Partie terminée
phone-submit = Valider
phone-pass = Passer
phone-exchange = Échanger
phone-exchange-these = Échanger ceux-ci
phone-exchange-choose = Touchez les pièces à remettre dans le sac.
phone-cancel = Annuler
phone-recall = Reprendre
phone-shuffle = Mélanger
phone-joker-prompt = Quel chiffre le joker représente-t-il ?
phone-challenge = Contester
phone-accept = Accepter
phone-unseen = Pièces que vous n’avez pas vues
phone-scores = Scores
phone-log = Tours
room-refused-taken = Un autre appareil joue déjà cette place. Chaque joueur a son propre lien : demandez le vôtre à qui a créé la salle.
room-refused-unknown = Ce lien n’ouvre plus de place. Demandez-en un nouveau à qui a créé la salle.
room-closed = La partie de cette salle est terminée.
room-error-other = Le serveur n’a pas compris ; réessayez.
room-gathering = La partie commence quand chaque joueur a ouvert son lien.
room-not-open = Ce lien n’ouvre aucune place de partie. Demandez un nouveau lien à qui a créé la salle.
room-your-name = Votre nom à cette table
room-take-seat = Jouer
room-play-again = Rejouer
room-play-again-asked = { $names } voudrait rejouer.
room-play-again-waiting = En attente de l’accord de { $names }.
room-away =
    { $minutes ->
        [one] { $name } est absent depuis une minute.
       *[other] { $name } est absent depuis { $minutes } minutes.
    }
room-stand-in = Laisser l’ordinateur jouer pour { $name }
room-end-game = Terminer la partie
room-stood-in = L’ordinateur joue pour { $name } jusqu’à son retour.
room-watching =
    { $count ->
        [one] Une personne regarde
       *[other] { $count } personnes regardent
    }
phone-connecting = Connexion…
phone-reconnecting = La connexion est perdue ; nouvel essai…
phone-refused-taken = Un autre téléphone joue déjà cette place. Demandez au grand écran d’afficher à nouveau son code.
phone-refused-unknown = Ce code n’ouvre plus de place. Scannez à nouveau le code du grand écran.
phone-replaced = Cette place est maintenant jouée sur un autre téléphone ou onglet.
phone-closed = La partie du grand écran est terminée.
phone-aside = La partie a quitté le grand écran un instant ; cette page y revient d’elle-même.
phone-error-not-your-turn = Attendez votre tour.
phone-error-too-fast = Un peu moins vite.
phone-error-other = Le grand écran n’a pas compris ; réessayez.
phone-error-no-more-names = Il n’y a pas d’autres noms : choisissez-en un parmi ceux-ci.
phone-error-not-offered = Choisissez l’un des noms proposés.
phone-pick-name = Votre nom au tableau du jour
phone-pick-name-about = Choisissez-en un ; ici, personne ne tape de nom.
phone-other-names = Trois autres noms
phone-playing-on-phone = { $name } joue sur son téléphone
phone-scan = Scannez avec le téléphone de { $name } pour jouer cette place
phone-away = Le téléphone de { $name } est absent ; la partie l’attend
phone-show-code = Afficher à nouveau le code
phone-play-at-screen = Jouer sur le grand écran
phone-plain-network = Les téléphones de ce réseau ouvrent la page en HTTP simple.
phone-gathering = La partie commence quand tous les téléphones sont connectés.
phone-start-anyway = Commencer (les autres jouent sur le grand écran)
phone-network = Réseau des téléphones :
phone-visitor-title = Jouez sur votre téléphone
phone-visitor-line = Scannez le code : Abaku contre l’ordinateur, vos pièces en main.
phone-taken-title = Cette place est prise
phone-old-code-title = Ce code n’est plus valable
phone-replaced-title = Partie sur un autre appareil
phone-closed-title = La partie est terminée
phone-aside-title = Un instant
phone-not-open = Cette page n’ouvre aucune place de partie pour l’instant. Si une partie est sur le grand écran, scannez à nouveau son code.
phone-pass-confirm = Passer ce tour sans poser de pièce ?
phone-see-board = Voir le plateau
phone-show-result = Résultat
phone-away-confirm = Le téléphone de { $name } revient peut-être. Lui reprendre la place quand même ?
phone-away-yes = Oui, reprendre la place
seat-phone = Personne, sur téléphone
# A booth's visitor's result card on the phone.
booth-result-place = Place { $place } sur { $count } au tableau du jour
booth-result-score = { $score ->
    [one] { $score } point
   *[other] { $score } points
} contre { $against } pour l’ordinateur
booth-share = Abaku, défi du jour, { $day } : { $score ->
    [one] { $score } point
   *[other] { $score } points
} contre { $against } pour l’ordinateur, place { $place } sur { $count }.
booth-share-at = Abaku au stand { $booth }, défi du jour, { $day } : { $score ->
    [one] { $score } point
   *[other] { $score } points
} contre { $against } pour l’ordinateur, place { $place } sur { $count }.
booth-link-button = Ouvrir { $host }
phone-copy = Copier
phone-copied = Copié
phone-board-picture = Enregistrer le plateau en image
booth-watch-title = Regarder sur votre téléphone
booth-watch-line = Suivez la partie en direct : les jetons du visiteur restent cachés.
booth-podium-title = Le podium du jour
booth-podium-count = { $count ->
    [one] { $count } joueur au tableau du jour
   *[other] { $count } joueurs au tableau du jour
}
# A booth's challenge in one line, on the day's table.
booth-rules-short = Abaku contre l’ordinateur ({ $level }), { $turns } tours chacun : le plus de points l’emporte.
booth-rules-full = Abaku contre l’ordinateur ({ $level }), une partie entière : le plus de points l’emporte.
