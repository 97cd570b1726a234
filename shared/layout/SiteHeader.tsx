import { NavLink } from 'react-router';

/** §2 Header: the five main links. */
export const HEADER_LINKS = [
  { to: '/about/', title: 'Агентство' },
  { to: '/services/', title: 'Услуги' },
  { to: '/projects/', title: 'Проекты' },
  { to: '/blog/', title: 'Блог' },
  { to: '/contacts/', title: 'Контакты' },
] as const;

export function SiteHeader() {
  return (
    <header>
      <NavLink to="/" aria-label="Верфь — на главную">Верфь</NavLink>
      <nav aria-label="Основное меню">
        <ul>
          {HEADER_LINKS.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to}>{link.title}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
