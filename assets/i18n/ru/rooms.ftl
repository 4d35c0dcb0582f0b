# Стартовая страница комнат, по-русски: страница, на которой создают комнату для одной из двух
# игр. Переменные страница подставляет сама: $n — номер места, $name — имя игрока, $title —
# заголовок ссылки, $why — слова сервера, остальные — числа. Число, от которого зависят слова
# рядом с ним, выбирает из [one], [few], [many] и *[other].

start-title = Абаку и Абакус: комната для игры
start-page-language = Язык этой страницы
start-heading-tiles = Абаку: комната для игры
start-heading-hex = Абакус: комната для игры

## Игра и комната
start-game = Игра
start-tiles-name = Абаку
start-tiles-about = Фишки и примеры, от 1 до 4 игроков
start-hex-name = Абакус
start-hex-about = Камни на шестиугольной доске, 2 игрока
start-language = Язык комнаты
start-patience = Сколько ждать отсутствующего игрока
start-patience-forever = Ждать сколько угодно
start-patience-hint = Если игрок так долго отсутствует в свой ход, остальные могут дать компьютеру сыграть за него или закончить игру.
start-one-day = 1 день
start-no-clock = Без часов, хоть днями
start-seconds =
    { $seconds ->
        [one] { $seconds } секунда
        [few] { $seconds } секунды
        [many] { $seconds } секунд
       *[other] { $seconds } секунды
    }
start-minutes =
    { $minutes ->
        [one] { $minutes } минута
        [few] { $minutes } минуты
        [many] { $minutes } минут
       *[other] { $minutes } минуты
    }

## Игроки
start-players = Игроки
start-player = Игрок { $n }
start-player-name = Имя игрока { $n }
start-player-kind = Кто играет на месте { $n }
start-person = Человек, по ссылке
start-computer = Компьютер
start-computer-easy = Компьютер: лёгкий
start-computer-normal = Компьютер: средний
start-computer-hard = Компьютер: сильный
start-computer-expert = Компьютер: мастер
start-add-seat = Добавить игрока
start-remove-seat = Убрать последнего

## Стол игры с фишками
start-table = Стол
start-board = Доска
start-board-a = Доска A, с бонусами
start-board-b = Доска B, без бонусов
start-ops = Действия
start-ops-all = Все восемь
start-ops-add-sub = Сложение и вычитание
start-ops-mul-div = Умножение и деление
start-ops-basic = Без степеней и корней
start-scoring = Подсчёт очков
start-scoring-basic = Очко за фишку в примере
start-scoring-value = Фишка приносит свою цифру
start-scoring-tile-op = Очко за фишку, два за пример
start-scoring-ops-only = Очко за пример
start-diagonal = Примеры и по диагонали
start-result-first = Ответ может стоять первым (12=8+4)
start-challenge = Режим оспаривания
start-spin = Спин-Абаку (2 игрока или 4 в парах)
start-turn-time = Время на ход

## Доска и места игры с камнями
start-black = Чёрные
start-white = Белые
start-black-name = Имя игрока за чёрных
start-white-name = Имя игрока за белых
start-black-player = Кто играет чёрными
start-white-player = Кто играет белыми
start-hex-note = Первыми ходят чёрные. Побеждает тот, у кого на заполненной доске меньше камней.
start-board-heading = Доска
start-side = Размер доски
start-side-cells =
    Сторона { $side }: { $cells ->
        [one] { $cells } клетка
        [few] { $cells } клетки
        [many] { $cells } клеток
       *[other] { $cells } клетки
    }
start-side-quick =
    Сторона { $side }: { $cells ->
        [one] { $cells } клетка
        [few] { $cells } клетки
        [many] { $cells } клеток
       *[other] { $cells } клетки
    }, быстро
start-side-usual =
    Сторона { $side }: { $cells ->
        [one] { $cells } клетка
        [few] { $cells } клетки
        [many] { $cells } клеток
       *[other] { $cells } клетки
    }, обычно
start-side-long =
    Сторона { $side }: { $cells ->
        [one] { $cells } клетка
        [few] { $cells } клетки
        [many] { $cells } клеток
       *[other] { $cells } клетки
    }, долго
start-move-time = Время на ход
start-time-out = Когда время вышло
start-time-out-random = Делается случайный ход
start-time-out-loses = Игрок проигрывает

## Создание комнаты
start-key = Ключ сервера, если он его просит
start-make-room = Создать комнату
start-error-no-person = Хотя бы на одном месте должен играть человек.
start-error-spin = Спин-Абаку — для 2 игроков или для 4 в парах.
start-error-key = Этот сервер создаёт комнаты только с его ключом: введите ключ выше.
start-error-too-many = С этого адреса создано слишком много комнат; попробуйте через час.
start-error-busy = Сервер сейчас не может создать комнату; попробуйте позже.
# $why — причина, которую называет сервер, по-английски.
start-error-origin = Комнату создают на странице этого сервера.
start-error-unreadable = Сервер не смог прочитать этот стол; обновите страницу и попробуйте снова.
start-error-language = Сервер не говорит на этом языке.
start-error-seats = В эту игру не играют таким числом игроков.
start-error-player = Один из игроков — ни человек, ни компьютер.
start-error-time = Время на ход — от 10 секунд до часа.
start-error-game = Сервер не знает такой игры.
start-error-options = В этой игре нет такого выбора.
start-error-side = Сторона доски — от 3 до 8.
start-error-time-out = Истечение времени не может этого сделать.
start-error-patience = Отсутствующего игрока ждут не больше недели.
start-error-rules = Правила не допускают такой стол; измените вариант или игроков.
start-error-refused = Не удалось создать комнату: { $why }
start-error-unreachable = Сервер недоступен; попробуйте ещё раз.

## Ссылки комнаты
start-ready = Комната готова
start-links-tiles = Отправьте каждому игроку его собственную ссылку; кто откроет её первым, займёт это место, и это устройство потом само к нему вернётся. Ссылка для зрителей показывает игру без чьих-либо фишек.
start-links-hex = Отправьте каждому игроку его собственную ссылку; кто откроет её первым, займёт это место, и это устройство потом само к нему вернётся. Ссылка для зрителей показывает игру всем.
start-seat = Место игрока { $name }
start-seat-number = Место игрока { $n }
start-seat-black = Место чёрных
start-seat-white = Место белых
start-seat-black-named = Место игрока { $name } (чёрные)
start-seat-white-named = Место игрока { $name } (белые)
start-watch = Для зрителей
start-copy = Копировать
start-copied = Скопировано
start-copy-failed = Выделите ссылку, чтобы скопировать её
# Альтернативный текст QR-кода ссылки; $title — заголовок ссылки.
start-qr = QR-код: { $title }
start-code = Вам дали код игры? Введите его здесь
start-code-join = Войти
start-code-of = Код: { $code }
start-error-not-a-code = Код — это восемь букв и цифр, например K7QM-2PXR.
start-error-no-such-code = Ни у одной игры нет такого кода: проверьте его ещё раз.
start-error-too-many-codes = С этого адреса пробовали слишком много кодов; попробуйте через час.
