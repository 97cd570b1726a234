/**
 * §2 Error page: the two texts the plain error page (ErrorPageOrPlain.tsx) shares with the error
 * page, in a module of their own: the plain page is first-load code, and the rest of the texts
 * (`ERROR_TEXTS`, ErrorPage.tsx) stay in the error page's chunk.
 */
export const APP_ERROR_TITLE = 'Ошибка приложения';
export const HOME_LINK_TEXT = 'Перейти на главную';
