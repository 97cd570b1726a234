/**
 * §2 Error page and §8: the texts of every error page, in the app and in the server's plain pages.
 * A module of their own: the plain page shown when the error page's chunk cannot load either
 * (ErrorPageOrPlain.tsx) needs them without that chunk.
 */
export const ERROR_TEXTS = {
  notFoundTitle: 'Страница не найдена',
  notFoundHint: 'Возможно, она устарела, была удалена или в адресе допущена опечатка.',
  appErrorTitle: 'Ошибка приложения',
  appErrorHint: 'Произошла ошибка. Повторите попытку позже',
  home: 'Перейти на главную',
} as const;
