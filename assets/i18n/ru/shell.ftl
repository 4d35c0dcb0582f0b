# Слова, общие для всех экранов приложения, по-русски.

app-name = Абакус
tagline = Две игры за одним столом
continue = Продолжить
settings = Настройки
rules = Правила
quit = Выход
touch-to-play = Коснитесь экрана, чтобы играть
demo-when-idle = Демо при простое
back = Назад
recommended = рекомендуется
human = Человек
computer-easy = Компьютер: лёгкий
computer-normal = Компьютер: средний
computer-hard = Компьютер: сильный
computer-expert = Компьютер: мастер
computer-levels = Компьютер:
level-easy = лёгкий
level-normal = средний
level-hard = сильный
level-expert = мастер
thinking = думает
start = Начать
undo = Отмена
redo = Повтор
restart = Заново
menu = Меню
play-again = Ещё раз
to-title = Главный экран
resume = Продолжить
help = Справка
shortcuts = Горячие клавиши
master-volume = Громкость
effects-volume = Эффекты
music-volume = Музыка
mute = Без звука
unseen-tiles = Считать невиданные фишки
show-coordinates = Названия клеток
shortcut-list =
    U  отменить ход
    R  повторить ход
    Esc  меню или назад
    H или ?  эта справка
    M  без звука
    F11  во весь экран
close = Закрыть
on = Вкл
off = Выкл
computer-pace = Ходы компьютера
pace-quick = Быстро
pace-steady = Средне
pace-slow = Медленно
turn-timer = Время на ход
understood = Понятно
set-aside = Файл { $file } не удалось прочитать. Он сохранён как { $kept }, а игра продолжается без него.
minutes = { $n } мин
seconds = { $n } сек
language = Язык
examples = Примеры
animations = Анимация
anim-calm = Плавно
anim-normal = Обычно
anim-brisk = Быстро
fullscreen = Полный экран
learn = Обучение
lesson-step = Урок · шаг { $n } из { $total }
lesson-next = Далее
lesson-leave = Выйти из урока
lesson-play = Сыграть партию
save-game = Сохранить партию…
save-heading = Сохранить эту партию
save-name = Название
save = Сохранить
export-sheet = Протокол
nothing-to-save = Урок и демонстрация не сохраняются.
saved-as = Сохранено: { $file }
sheet-written = Протокол записан: { $file }
save-failed = Не удалось сохранить: { $why }
saved-games = Сохранения
no-saved-games = Сохранённых партий пока нет. Сохраните партию из её меню.
load = Загрузить
delete = Удалить
load-failed = Не удалось загрузить { $file }: { $why }
colour-blind = Цвета для дальтоников
ui-scale = Размер интерфейса

# The review of a finished game.
review = Разбор партии
review-heading = Разбор партии
review-working = Смотрим ход { $done } из { $total }…
review-cancel = Отмена
review-nothing = Эту партию нельзя разобрать: в ней ещё нет ходов, или это незаконченная партия в Абаку (разбор показал бы все фишки игроков).
review-open = Разбор
review-failed = Партию не удалось разобрать: { $why }
review-first = В начало
review-back = Назад
review-forward = Вперёд
review-last = В конец
review-better = Лучше: { $move }
review-accuracy = { $name }: лучших ходов { $percent } %
review-best-turn = Лучший ход: ход { $n }
review-biggest-miss = Самая большая ошибка: ход { $n }
