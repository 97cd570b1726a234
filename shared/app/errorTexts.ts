/** The texts the plain error page (first-load code) shares with the error page's chunk. */
export const APP_ERROR_TITLE = 'Ошибка приложения';
export const HOME_LINK_TEXT = 'Перейти на главную';
