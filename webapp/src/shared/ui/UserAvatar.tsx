import { Avatar } from 'primereact/avatar';
import { initials } from '../format';

/**
 * The user's picture, or initials when there is none. Decorative: the name is always shown beside it.
 * The initials are drawn by CSS, not written as text: a button named by the user's name (the user
 * menu) would otherwise show text its name does not contain (axe: label-content-name-mismatch).
 */
export function UserAvatar({ name, picture }: { name: string; picture: string | null }) {
  return picture ? (
    <Avatar image={picture} shape="circle" aria-hidden="true" />
  ) : (
    <Avatar
      shape="circle"
      aria-hidden="true"
      className="tb-avatar-initials"
      data-initials={initials(name)}
    />
  );
}
