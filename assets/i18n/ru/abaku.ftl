# Слова арифметической игры с фишками, по-русски. Имена игроков приходят как $name.

name = Абаку
# Имя места за столом, пока никто не ввёл своё.
default-player = Игрок { $n }
play = Играть в Абаку
about = Фишки с цифрами для 1–4 игроков: выкладывайте цифры так, чтобы получались верные примеры.
new-game = Новая партия в Абаку
players = Игроки
names = Кто играет
board = Доска
board-a = Доска A
board-a-about = Бонусные клетки по всему полю: обычная доска для 2–4 игроков.
board-b = Доска B
board-b-about = Только стартовая клетка: для игры в одиночку.
operations = Действия
ops-all = Все
ops-add-sub = + и −
ops-mul-div = × и ÷
ops-basic = Без степеней и корней
ops-about = Какие примеры засчитываются.
diagonal = Примеры по диагонали
diagonal-about = Примеры можно выкладывать и по диагонали.
result-first = Сначала ответ
result-first-about = Примеры можно читать и с ответа: 17 = 23 − 6.
scoring = Подсчёт очков
scoring-basic = Простой
scoring-value = По цифрам
scoring-tile-op = Фишки и примеры
scoring-ops-only = Только примеры
challenge = Режим оспаривания
challenge-about = Ходы не проверяются: соперники могут оспорить неверный ход, но за напрасный протест пропускают ход.
spin = Спин-Абаку
spin-about = Чёрные против красных: фишки примера, который вы используете, становятся вашего цвета.
spin-needs-pairs = Спин-Абаку — для 2 игроков или для 4 в парах.
submit = Готово
recall = Забрать
shuffle = Смешать
exchange = Обмен
pass = Пас
concede = Сдаться
concede-sure = Сдаться? Тогда эту партию уже не выиграть.
turn-log = Ходы
nothing-yet = Ходов пока нет.
joker-prompt = Джокер означает…
joker-prompt-about = Выберите его цифру (или нажмите 0-9). Esc — вернуть его на место.
cancel = Отмена
show-my-tiles = Показать мои фишки
hint = Совет
accept = Принять ход
pick-to-exchange = Выберите фишки, которые вернутся в мешок:
exchange-these = Обменять эти
final-scores = Итоговый счёт
scoring-about = Простой: очко за фишку. По цифрам: сумма цифр. Фишки и примеры: очко за фишку, 2 за пример. Только примеры: очко за пример.
how-to-play =
    Перетащите фишку с подставки на клетку или нажмите на фишку, а затем на клетку.
    Выкладывайте фишки в одну линию так, чтобы каждый ряд и столбец читался как верный пример: 8412 — это 8 + 4 = 12.
    Клавиши: стрелки двигают курсор, цифра кладёт туда эту фишку (J — джокер), Enter — сделать ход.
rules-title = Как играть в Абаку
legend = Бонусные клетки

# Printed in capitals on the board's bonus squares, over "×2" or "×3": at most 6 letters.
board-tile = ФИШКА
board-sum = ПРИМ.
board-start = СТАРТ
bonus-tile-x2 = фишка ×2
bonus-tile-x3 = фишка ×3
bonus-sum-x2 = пример ×2
bonus-sum-x3 = пример ×3
bonus-start = старт ×2

to-play = Ходит { $name }
pass-to = Передайте экран игроку { $name }
is-move-right = Ход игрока { $name } верен?
challenges = { $name } оспаривает ход
only-you-look = Сейчас смотрит только { $name }. Фишки появятся, когда вы нажмёте кнопку (или Пробел).
bag-count = В мешке { $tiles ->
    [one] { $tiles } фишка
    [few] { $tiles } фишки
    [many] { $tiles } фишек
   *[other] { $tiles } фишек
}
points = { $points ->
    [one] { $points } очко
    [few] { $points } очка
    [many] { $points } очков
   *[other] { $points } очков
}
turn-total = За ход: { $points ->
    [one] { $points } очко
    [few] { $points } очка
    [many] { $points } очков
   *[other] { $points } очков
}
joker = джокер
continue-hint = { $players ->
    [one] { $players } игрок
    [few] { $players } игрока
    [many] { $players } игроков
   *[other] { $players } игроков
}, { $turns ->
    [one] { $turns } ход сыгран
    [few] { $turns } хода сыграно
    [many] { $turns } ходов сыграно
   *[other] { $turns } ходов сыграно
}

notice-joker-undeclared = Сначала выберите цифру для джокера.
notice-not-your-turn = Сейчас не ваш ход.
notice-time-ran-out = Время вышло: фишки игрока { $name } вернулись на подставку, ход переходит дальше.
notice-nothing-to-lay = Вашим фишкам нигде нет места: обменяйте несколько или спасуйте.
notice-scored = { $name } получает { $points ->
    [one] { $points } очко
    [few] { $points } очка
    [many] { $points } очков
   *[other] { $points } очков
}.
notice-exchanged = { $name } меняет { $tiles ->
    [one] { $tiles } фишку
    [few] { $tiles } фишки
    [many] { $tiles } фишек
   *[other] { $tiles } фишек
}.
notice-exchange-advised = Совет: эти фишки плохо ложатся на доску; обменяйте { $tiles } из них.
notice-passed = { $name } пасует.
notice-challenge-upheld = Протест против хода игрока { $name } принят: ход отменяется, за каждую фишку снимается очко.
notice-challenge-failed = Ход был верным: { $name } пропускает следующий ход.

ending-rack-emptied = { $name } выкладывает последнюю фишку при пустом мешке и получает по очку за каждую фишку, оставшуюся на чужих подставках; их владельцы теряют по очку за каждую (за джокер — 10).
ending-blocked = Все дважды спасовали: каждая фишка, оставшаяся на подставке, стоит очко (джокер — 10).
ending-conceded = { $name } сдаётся.
ending-passed-thrice = { $name } пасует три раза подряд, пока другие играют, и поэтому проигрывает.

winners-none = Никто не победил.
# $names — имена победителей, соединённые словами из list-and ниже.
winners-one = Побеждает { $name }!
winners-many = Побеждают { $names }!
list-and = { $first } и { $last }

refused-game-over = Игра окончена.
refused-nothing-placed = Сначала выложите фишку с подставки.
refused-not-on-rack = На вашей подставке нет фишки «{ $tile }».
refused-off-board = Клетки { $cell } нет на доске.
refused-occupied = Клетка { $cell } уже занята.
refused-joker-digit = Джокер на { $cell } означает одну цифру, от 0 до 9, а не { $digit }.
refused-twice-named = Клетка { $cell } указана дважды.
refused-no-joker-there = На { $cell } нет джокера, который можно заменить.
refused-not-in-line = { $a } и { $b } не в одном ряду или столбце: выкладывайте фишки в одну линию.
refused-misses-start = Первый пример должен занять стартовую клетку { $cell }.
refused-unconnected = Ваши фишки должны касаться фишки, которая уже лежит на доске.
refused-gap = Клетка { $cell } пуста, поэтому ваши фишки не стоят в одну линию.
refused-blank-in-line = Джокер на { $cell } теперь пустой и разрывает линию.
refused-no-example = { $text } — это неверный пример.
refused-lonely = Цифра { $digit } на { $cell } не образует верного примера с соседней цифрой { $other-digit } на { $other }.
refused-exchange-count = Для обмена выберите от 1 до 5 фишек.
refused-bag-too-small = В мешке лишь { $left ->
    [one] { $left } фишка
    [few] { $left } фишки
    [many] { $left } фишек
   *[other] { $left } фишек
}: этого мало, чтобы обменять { $wanted ->
    [one] { $wanted } фишку
    [few] { $wanted } фишки
    [many] { $wanted } фишек
   *[other] { $wanted } фишек
}.
refused-nothing-to-challenge = Нет хода, который можно оспорить.
refused-bad-challenger = Этот игрок не может оспорить этот ход.
refused-nothing-to-undo = Нет хода, который можно отменить.

# Подпись демонстрационного режима к ходу: $sums — составленные примеры, соединённые через list-and.
demo-turn = { $name } выкладывает { $sums } и получает { $points ->
    [one] { $points } очко
    [few] { $points } очка
    [many] { $points } очков
   *[other] { $points } очков
}.
demo-turn-no-sums = { $name } получает { $points ->
    [one] { $points } очко
    [few] { $points } очка
    [many] { $points } очков
   *[other] { $points } очков
}.

# The rules page's drawn examples.
diagram-heading = Как читаются фишки
diagram-no-sum = не пример: 0 сам по себе не число
diagram-joker = джокер означает { $digit }
