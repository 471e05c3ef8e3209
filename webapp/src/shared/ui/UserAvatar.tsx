import { Avatar } from 'primereact/avatar';
import { initials } from '../format';

/** The user's picture, or initials when there is none. Decorative: the name is always shown beside it. */
export function UserAvatar({ name, picture }: { name: string; picture: string | null }) {
  return picture ? (
    <Avatar image={picture} shape="circle" aria-hidden="true" />
  ) : (
    <Avatar
      label={initials(name)}
      shape="circle"
      aria-hidden="true"
      className="tb-avatar-initials"
    />
  );
}
