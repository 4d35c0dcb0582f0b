# Слова игры с камнями на шестиугольной доске, по-русски. $color — это "black" или "white".

name = Абакус
play = Играть в Абакус
about = Камни на шестиугольной доске, для двоих. Заполните доску: побеждает тот, у кого меньше камней.
new-game = Новая партия в Абакус
board-size = Размер доски
# Стоит после числа без согласования ("Чёрные  12 шт."), поэтому сокращение.
stone-count = { $count ->
    [one] { $count } камень
    [few] { $count } камня
    [many] { $count } камней
   *[other] { $count } камней
}
empty-cells = Пустых клеток
moves = Ходы
hint = Совет
no-moves-yet = Ходов пока нет. Первыми ходят чёрные.
fewer-stones-win = Меньше камней — победа
how-to-place = Нажмите на пустую клетку, чтобы выставить камень.
how-to-play =
    Нажмите на пустую клетку, чтобы выставить камень.
    Нажмите на свой камень, чтобы переместить его из большой группы.
rules-title = Как играть в Абакус

color-black = Чёрные
color-white = Белые
to-move = Ход { $color ->
    [black] чёрных
   *[white] белых
}
wins = { $color ->
    [black] Чёрные
   *[white] Белые
} победили!
final-counts = У чёрных { $black ->
    [one] { $black } камень
    [few] { $black } камня
    [many] { $black } камней
   *[other] { $black } камней
}, у белых { $white ->
    [one] { $white } камень
    [few] { $white } камня
    [many] { $white } камней
   *[other] { $white } камней
}: побеждает тот, у кого меньше
cells-on-board = { $cells ->
    [one] { $cells } клетка
    [few] { $cells } клетки
    [many] { $cells } клеток
   *[other] { $cells } клеток
}
continue-hint = Сторона { $side }, { $moves ->
    [one] { $moves } ход сделан
    [few] { $moves } хода сделано
    [many] { $moves } ходов сделано
   *[other] { $moves } ходов сделано
}

selected-too-small = Группа из { $group ->
    [one] { $group } камня
    [few] { $group } камней
    [many] { $group } камней
   *[other] { $group } камней
}: перемещать можно только камень из группы в 3 камня или больше. Нажмите на него ещё раз, чтобы отменить выбор.
selected-stuck = Группа из { $group ->
    [one] { $group } камня
    [few] { $group } камней
    [many] { $group } камней
   *[other] { $group } камней
}: этому камню некуда переместиться. Нажмите на него ещё раз, чтобы отменить выбор.
selected = Группа из { $group ->
    [one] { $group } камня
    [few] { $group } камней
    [many] { $group } камней
   *[other] { $group } камней
}: камень можно переместить на { $targets ->
    [one] { $targets } клетку (она отмечена).
    [few] { $targets } клетки (они отмечены).
    [many] { $targets } клеток (они отмечены).
   *[other] { $targets } клеток (они отмечены).
}
not-yours = Это камень { $color ->
    [black] чёрных
   *[white] белых
}.
time-ran-out = Время вышло: сделан случайный ход { $move }.
suggested-place = Совет: компьютер выставил бы камень на { $cell }.
suggested-slide = Совет: компьютер переместил бы камень с { $from } на { $to } ({ $from }-{ $to }).

# Отклонённый ход начинается с вопроса о том, что пытались сделать ($ask), затем — причина.
ask-place = Выставить камень на { $cell }?
ask-slide = Переместить камень с { $from } на { $to }?
refused-game-over = Игра окончена: доска заполнена.
refused-off-board = { $ask } Клетки { $cell } нет на этой доске.
refused-occupied = { $ask } Клетка { $cell } уже занята.
refused-no-stone = { $ask } На { $from } нет камня.
refused-not-your-stone = { $ask } Это камень { $color ->
    [black] чёрных
   *[white] белых
}.
refused-stationary = { $ask } Камень должен сдвинуться с места.
refused-not-in-line = { $ask } Камни перемещаются только по прямой.
refused-blocked = { $ask } На пути стоит камень на { $blocker } — камни нельзя перепрыгивать.
refused-alone = { $ask } Камень остался бы один — он должен примкнуть хотя бы к одному камню своего цвета.
refused-not-smaller = { $ask } Получилась бы группа из { $formed ->
    [one] { $formed } камня
    [few] { $formed } камней
    [many] { $formed } камней
   *[other] { $formed } камней
} — а она должна быть меньше исходной, из { $original ->
    [one] { $original } камня
    [few] { $original } камней
    [many] { $original } камней
   *[other] { $original } камней
}.

# Подписи демонстрационного режима.
demo-place = { $color ->
    [black] Чёрные
   *[white] Белые
} выставляют камень на { $cell }.
demo-place-group = { $color ->
    [black] Чёрные
   *[white] Белые
} выставляют камень на { $cell } и получают группу из { $group ->
    [one] { $group } камня
    [few] { $group } камней
    [many] { $group } камней
   *[other] { $group } камней
}.
demo-slide = { $color ->
    [black] Чёрные
   *[white] Белые
} перемещают { $move }: камень покидает группу из { $left ->
    [one] { $left } камня
    [few] { $left } камней
    [many] { $left } камней
   *[other] { $left } камней
} и входит в группу из { $joined ->
    [one] { $joined } камня
    [few] { $joined } камней
    [many] { $joined } камней
   *[other] { $joined } камней
}.

# The rules page's diagram of one stone's slides.
diagram-heading = Куда можно переместить камень с C4?
diagram-targets = Слева камень на C4 входит в группу из трёх вместе с B4 и C5; красные крестики — ходы, которые правила запрещают:
diagram-open = Справа белого камня на E4 нет: зелёные точки — клетки, куда теперь можно переместить C4, в том числе F4 рядом с G4.
