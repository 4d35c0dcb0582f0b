# Слова арифметической игры с фишками, по-русски. Имена игроков приходят как $name.

name = Абаку
# Имя места за столом, пока никто не ввёл своё.
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
length = Длительность
length-about = Короткая партия кончается, когда каждый сделал свои ходы, как заблокированная: каждая оставшаяся фишка стоит очко.
length-whole = Целая партия
length-turns = Каждому { $turns ->
    [one] { $turns } ход
    [few] { $turns } хода
    [many] { $turns } ходов
   *[other] { $turns } хода
}
short-form-round = Короткая партия: круг { $round } из { $turns }
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
# Above the count of each digit and the joker the player to move has not seen yet.
unseen-title = Ещё не видели
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
ending-turns-played = Все ходы короткой партии сыграны: каждая фишка, оставшаяся на подставке, стоит очко (джокер — 10).
ending-conceded = { $name } сдаётся.
ending-passed-thrice = { $name } пасует три раза подряд, пока другие играют, и поэтому проигрывает.

winners-none = Никто не победил.
# $names — имена победителей, соединённые словами из list-and ниже.
winners-one = Побеждает { $name }!
winners-many = Побеждают { $names }!
winners-tie = Ничья: победу делят { $names }.
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
refused-touches-blank = Ваша фишка на { $cell } касается пустого джокера на { $joker }: пока джокер не заменён, к нему нельзя приставлять фишки от 1 до 9.
refused-zeros-unlinked = Фишек на доске касаются только ваши нули на { $cells }, и ни один из них не образует с ними верного примера, а хотя бы один должен.
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
diagram-bonus-heading = Бонусные клетки: 23 очка за ход
diagram-bonus-laid = 4 выложена на { $sum }, 2 — на { $tile }; 3 и 1 уже лежали. Сначала считается бонус фишки, затем бонус примера.
sheet-player = Игрок
sheet-sums = Примеры
sheet-points = Очки
sheet-total = Всего
sheet-final = Итог

## Первый урок. У каждого шага есть заголовок (-title), что сделать и слова для удачной
## попытки (-done) или неудачной (-retry).
lesson-lay-title = Выложите фишку
lesson-lay = Фишки в линию читаются как пример, ответ — в конце: 235 — это 2 + 3 = 5. Перетащите 5 с подставки на клетку справа от 3 (или нажмите на фишку, а затем на клетку) и нажмите «Готово».
lesson-lay-done = 2 + 3 = 5: каждая фишка примера приносит очко.
lesson-read-title = Четыре способа прочесть
lesson-read = Знак действия не пишется: 8412 — это 8 + 4 = 12, 248 — это 2 × 4 = 8, 93 — это √9 = 3, а 24 — это 2² = 4. Выложите 1 и 2 после 4 3, чтобы получилось 4 × 3 = 12.
lesson-read-done = 4 × 3 = 12 — из одной линии цифр.
lesson-read-retry = Верно, и очки начислены, но на этом шаге нужны две фишки. Начинаем заново: выложите 1 и 2 после 4 3.
lesson-cross-title = В ряду и в столбце
lesson-cross = Фишка засчитывается в каждом своём примере — в ряду и в столбце. Здесь одна фишка завершает 1 + 2 = 3 в ряду и 9 − 6 = 3 в столбце. Найдите её.
lesson-cross-done = Два примера одной фишкой, и оба приносят очки.
lesson-cross-retry = Получился один пример. Шаг начинается заново: найдите фишку, которая завершает два.
lesson-joker-title = Джокер
lesson-joker = Джокер ★ означает цифру, которую вы выберете, когда его выкладываете. Выложите его после 6 2 и выберите цифру, дающую пример: 8 (6 + 2), 4 (6 − 2) или 3 (6 ÷ 2).
lesson-joker-done = Джокер сохраняет эту цифру. Тот, у кого есть настоящая фишка, может позже заменить его ею и снова выложить джокер.
lesson-joker-retry = Джокер остался на подставке. Шаг начинается заново: выложите джокер после 6 2.
lesson-bonus-title = Бонусные клетки
lesson-bonus = Цветные клетки умножают очки в тот ход, когда их заняли: ФИШКА ×2 или ×3 — фишку на ней, ПРИМ. ×2 или ×3 — весь пример. Допишите 4 2 вниз на розовую клетку ПРИМ. ×2 под ними и следите за очками.
lesson-bonus-done = Весь пример засчитан дважды.
lesson-bonus-retry = На этой клетке нет бонуса. Шаг начинается заново: выложите фишку на клетку ПРИМ. ×2 под 4 2.
lesson-lay-tiles = В этот ход не выложено ни одной фишки — шаг начинается заново.
lesson-end-title = Можно играть
lesson-end = Если ничего не подходит, обменяйте от 1 до 5 фишек («Обмен») или нажмите «Пас». Игра заканчивается, когда мешок пуст и кто-то выкладывает последнюю фишку; побеждает тот, у кого больше очков. Если играют двое и больше, подставка скрывается между ходами: передайте экран. Удачной игры!

# The review of a finished game.
review-best = лучший ход
review-good = хороший ход
review-small = небольшая ошибка
review-medium = ошибка
review-large = крупная ошибка
review-not-judged = выбора не было: без оценки
review-points = очков: { $points }; лучший ход даёт { $best }; потеряно { $lost } за этот ход и ответ следующего игрока
review-points-exact = очков: { $points }; лучший ход даёт { $best }; потеряно { $lost } к концу партии при лучшей игре дальше
review-points-kept = очков: { $points }, { $kept }; лучший ход даёт { $best }, { $best_kept }; потеряно { $lost } с учётом оставленных фишек и ответа следующего игрока
review-kept = оставляет { $tiles } (стоят { $worth })
review-kept-nothing = не оставляет ничего
review-points-played-on = очков: { $points }, { $kept }; лучший ход даёт { $best }, { $best_kept }; потеряно { $lost } по { $games } партиям, сыгранным ещё на { $turns } хода вперёд, с учётом оставшихся тогда фишек
review-points-played-out = очков: { $points }; лучший ход даёт { $best }; потеряно { $lost } к концу партии по { $games } партиям, доигранным до конца
review-lost = всего потеряно очков: { $points }
review-best-line = если бы каждый ход был лучшим

## The page a phone opens to play a seat
phone-your-turn = Ваш ход
phone-waiting = Ходит { $name }
phone-game-over = Игра окончена
phone-submit = Сделать ход
phone-pass = Пас
phone-exchange = Обмен
phone-exchange-these = Обменять эти
phone-exchange-choose = Коснитесь фишек, которые вернуть в мешок.
phone-cancel = Отмена
phone-recall = Вернуть
phone-shuffle = Перемешать
phone-joker-prompt = Какую цифру заменяет джокер?
phone-challenge = Оспорить
phone-accept = Принять
phone-unseen = Фишки, которых вы не видели
phone-scores = Очки
phone-log = Ходы
room-refused-taken = За это место уже играют на другом устройстве. У каждого игрока своя ссылка: попросите свою у того, кто создал комнату.
room-refused-unknown = Эта ссылка больше не открывает место. Попросите новую у того, кто создал комнату.
room-closed = Игра в этой комнате окончена.
room-error-other = Сервер не понял; попробуйте ещё раз.
room-gathering = Игра начнётся, когда все игроки откроют свои ссылки.
room-not-open = Эта ссылка не открывает место в игре. Попросите новую ссылку у того, кто создал комнату.
room-your-name = Ваше имя за этим столом
room-take-seat = Играть
room-play-again = Сыграть ещё
room-play-again-asked = { $names } хочет сыграть ещё раз.
room-play-again-waiting = Ждём согласия: { $names }.
room-away =
    { $minutes ->
        [one] { $name } отсутствует { $minutes } минуту.
        [few] { $name } отсутствует { $minutes } минуты.
       *[many] { $name } отсутствует { $minutes } минут.
    }
room-stand-in = Пусть компьютер играет за игрока { $name }
room-end-game = Закончить игру
room-stood-in = Компьютер играет за игрока { $name }, пока тот не вернётся.
room-watching =
    { $count ->
        [one] Смотрит { $count } человек
        [few] Смотрят { $count } человека
       *[many] Смотрят { $count } человек
    }
phone-connecting = Подключение…
phone-reconnecting = Связь потеряна; пробуем снова…
phone-refused-taken = Это место уже занято другим телефоном. Попросите у большого экрана показать его код ещё раз.
phone-refused-unknown = Этот код больше не открывает место. Отсканируйте код на большом экране заново.
phone-replaced = Теперь за это место играют на другом телефоне или вкладке.
phone-closed = Игра на большом экране закончилась.
phone-aside = Партия ненадолго ушла с большого экрана; эта страница вернётся к ней сама.
phone-error-not-your-turn = Дождитесь своего хода.
phone-error-too-fast = Чуть медленнее, пожалуйста.
phone-error-other = Большой экран не понял; попробуйте ещё раз.
phone-error-no-more-names = Других имён больше нет: выберите одно из этих.
phone-error-not-offered = Выберите одно из предложенных имён.
phone-pick-name = Ваше имя в таблице дня
phone-pick-name-about = Выберите одно; имя здесь никто не вводит.
phone-other-names = Три других имени
phone-playing-on-phone = { $name } играет на телефоне
phone-scan = Отсканируйте телефоном игрока { $name }, чтобы играть за это место
phone-away = Телефон игрока { $name } недоступен; игра ждёт его
phone-show-code = Показать код снова
phone-play-at-screen = Играть у экрана
phone-plain-network = Телефоны в этой сети открывают страницу по обычному HTTP.
phone-gathering = Игра начнётся, когда подключатся все телефоны.
phone-start-anyway = Начать сейчас (остальные играют у экрана)
phone-network = Сеть телефонов:
phone-visitor-title = Играйте на телефоне
phone-visitor-line = Отсканируйте код: Абаку против компьютера, ваши фишки у вас в руке.
phone-taken-title = Это место занято
phone-old-code-title = Этот код больше не действует
phone-replaced-title = Игра на другом устройстве
phone-closed-title = Игра окончена
phone-aside-title = Сейчас вернёмся
phone-not-open = Эта страница сейчас не открывает место в игре. Если на большом экране идёт игра, отсканируйте её код заново.
phone-pass-confirm = Пропустить ход, не выкладывая фишек?
phone-see-board = Посмотреть поле
phone-show-result = Итог
phone-away-confirm = Телефон игрока { $name }, возможно, сейчас вернётся. Всё равно забрать у него место?
phone-away-yes = Да, забрать место
seat-phone = Человек, с телефона
# A booth's visitor's result card on the phone.
booth-result-place = Место { $place } из { $count } в таблице дня
booth-result-score = Очков: { $score }, у компьютера: { $against }
booth-share = Абаку, задача дня, { $day }: очков: { $score }, у компьютера: { $against }, место { $place } из { $count }.
booth-share-at = Абаку на стенде «{ $booth }», задача дня, { $day }: очков: { $score }, у компьютера: { $against }, место { $place } из { $count }.
booth-link-button = Открыть { $host }
phone-copy = Копировать
phone-copied = Скопировано
phone-board-picture = Сохранить доску картинкой
booth-watch-title = Смотрите на телефоне
booth-watch-line = Следите за партией: фишки посетителя никто не увидит.
booth-podium-title = Пьедестал дня
booth-podium-count = В таблице дня: { $count }
# A booth's challenge in one line, on the day's table.
booth-rules-short = Абаку против компьютера ({ $level }), ходов у каждого: { $turns }. Побеждает тот, у кого больше очков.
booth-rules-full = Абаку против компьютера ({ $level }), целая партия. Побеждает тот, у кого больше очков.
