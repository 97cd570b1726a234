import { Link } from '../ui/Link.tsx';
import type { MenuItem } from './navigation.ts';

/** A plain list of menu links (§3 menu items): the burger menu's tabs and the footer's columns. */
export function LinkList({ items, className }: { readonly items: readonly MenuItem[]; readonly className?: string }) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item.to}>
          <Link to={item.to}>{item.title}</Link>
        </li>
      ))}
    </ul>
  );
}
