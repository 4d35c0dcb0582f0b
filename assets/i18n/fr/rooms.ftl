# La page d’accueil des salles, en français : la page où l’on crée une salle pour l’un des deux
# jeux. La page remplace elle-même les variables : $n le numéro d’une place, $name le nom d’un
# joueur, $title le titre d’un lien, $why les mots du serveur, les autres des nombres. Un
# nombre qui change les mots autour de lui choisit entre [one] et *[other].

start-title = Abaku et Abakus : une salle pour jouer
start-page-language = Langue de cette page
start-heading-tiles = Abaku : une salle pour jouer
start-heading-hex = Abakus : une salle pour jouer

## Le jeu et la salle
start-game = Le jeu
start-tiles-name = Abaku
start-tiles-about = Jetons et calculs, de 1 à 4 joueurs
start-hex-name = Abakus
start-hex-about = Des pierres sur un plateau hexagonal, 2 joueurs
start-language = Langue de la salle
start-patience = Combien de temps attendre un joueur absent
start-patience-forever = Attendre indéfiniment
start-patience-hint = Si un joueur est absent aussi longtemps pendant son tour, les autres peuvent laisser l’ordinateur jouer pour lui ou terminer la partie.
start-one-day = 1 jour
start-no-clock = Sans limite, même des jours
start-seconds =
    { $seconds ->
        [one] { $seconds } seconde
       *[other] { $seconds } secondes
    }
start-minutes =
    { $minutes ->
        [one] { $minutes } minute
       *[other] { $minutes } minutes
    }

## Les joueurs
start-players = Joueurs
start-player = Joueur { $n }
start-player-name = Nom du joueur { $n }
start-player-kind = Qui joue la place { $n }
start-person = Une personne, par lien
start-computer = Ordinateur
start-computer-easy = Ordinateur (facile)
start-computer-normal = Ordinateur (normal)
start-computer-hard = Ordinateur (difficile)
start-computer-expert = Ordinateur (expert)
start-add-seat = Ajouter un joueur
start-remove-seat = Retirer le dernier

## La table du jeu de jetons
start-table = La table
start-board = Plateau
start-board-a = Plateau A, avec cases bonus
start-board-b = Plateau B, nu
start-ops = Opérations
start-ops-all = Les huit
start-ops-add-sub = Addition et soustraction
start-ops-mul-div = Multiplication et division
start-ops-basic = Sans puissances ni racines
start-scoring = Score
start-scoring-basic = 1 point par jeton, par calcul
start-scoring-value = Chaque jeton vaut son chiffre
start-scoring-tile-op = 1 point par jeton, 2 par calcul
start-scoring-ops-only = 1 point par calcul
start-diagonal = Calculs aussi en diagonale
start-result-first = Le résultat peut venir en premier (12=8+4)
start-challenge = Mode contestation
start-spin = Spin Abaku (à 2, ou à 4 en équipes de deux)
start-turn-time = Temps par tour

## Le plateau et les places du jeu hexagonal
start-black = Noir
start-white = Blanc
start-black-name = Nom du joueur de Noir
start-white-name = Nom du joueur de Blanc
start-black-player = Qui joue Noir
start-white-player = Qui joue Blanc
start-hex-note = Noir commence. Sur le plateau plein, le moins de pierres gagne.
start-board-heading = Le plateau
start-side = Taille du plateau
start-side-cells = Côté { $side } : { $cells } cases
start-side-quick = Côté { $side } : { $cells } cases, rapide
start-side-usual = Côté { $side } : { $cells } cases, habituel
start-side-long = Côté { $side } : { $cells } cases, long
start-move-time = Temps par coup
start-time-out = Quand le temps est écoulé
start-time-out-random = Un coup au hasard est joué
start-time-out-loses = Le joueur perd

## Créer la salle
start-key = La clé du serveur, s’il en demande une
start-make-room = Créer la salle
start-error-no-person = Une salle a besoin d’une personne à une place au moins.
start-error-spin = Spin Abaku se joue à 2, ou à 4 en équipes de deux.
start-error-key = Ce serveur ne crée de salles qu’avec sa clé : saisissez-la ci-dessus.
start-error-too-many = Trop de salles ont été créées depuis cette adresse ; réessayez dans une heure.
start-error-busy = Le serveur ne peut pas créer de salle pour l’instant ; réessayez plus tard.
# $why est la raison donnée par le serveur, en anglais.
start-error-origin = Une salle se crée depuis la page de ce serveur.
start-error-unreadable = Le serveur n’a pas pu lire cette table ; rechargez la page et réessayez.
start-error-language = Le serveur ne parle pas cette langue.
start-error-seats = Ce jeu n’est pas pour autant de joueurs.
start-error-player = Un des joueurs n’est ni une personne ni l’ordinateur.
start-error-time = Le temps d’un tour va de 10 secondes à une heure.
start-error-game = Le serveur ne connaît pas ce jeu.
start-error-options = Ce choix n’existe pas dans ce jeu.
start-error-side = Le côté du plateau va de 3 à 8.
start-error-time-out = Le temps écoulé ne peut pas faire cela.
start-error-patience = On attend un joueur absent une semaine au plus.
start-error-rules = Les règles n’autorisent pas cette table ; changez une variante ou les joueurs.
start-error-refused = La salle n’a pas pu être créée : { $why }
start-error-unreachable = Impossible de joindre le serveur ; réessayez.

## Les liens de la salle
start-ready = La salle est prête
start-links-tiles = Envoyez à chaque joueur son propre lien ; le premier à l’ouvrir prend cette place, et cet appareil y revient ensuite tout seul. Le lien pour regarder montre la partie sans les jetons de personne.
start-links-hex = Envoyez à chaque joueur son propre lien ; le premier à l’ouvrir prend cette place, et cet appareil y revient ensuite tout seul. Le lien pour regarder montre la partie à tout le monde.
start-seat = Place de { $name }
start-seat-number = Place du joueur { $n }
start-seat-black = Place de Noir
start-seat-white = Place de Blanc
start-seat-black-named = Place de { $name } (Noir)
start-seat-white-named = Place de { $name } (Blanc)
start-watch = Pour regarder
start-copy = Copier
start-copied = Copié
start-copy-failed = Sélectionnez le lien pour le copier
# Le texte de remplacement du code QR d’un lien ; $title est le titre du lien.
start-qr = Code QR : { $title }
start-code = Vous avez reçu un code pour une partie ? Tapez-le ici
start-code-join = Rejoindre
start-code-of = Code : { $code }
start-error-not-a-code = Un code compte huit lettres et chiffres, comme K7QM-2PXR.
start-error-no-such-code = Aucune partie n’a ce code : relisez-le.
start-error-too-many-codes = Trop de codes ont été essayés depuis cette adresse ; réessayez dans une heure.
