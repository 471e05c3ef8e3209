import { initials } from '../format';

/**
 * The user's picture, or initials when there is none. Decorative: the name is always shown beside it.
 * The initials are drawn by CSS, not written as text: a button named by the user's name (the user
 * menu) would otherwise show text its name does not contain (axe: label-content-name-mismatch).
 * PrimeReact's avatar as markup (its classes): the public header shows it without PrimeReact.
 */
export function UserAvatar({ name, picture }: { name: string; picture: string | null }) {
  return picture ? (
    <div className="p-avatar p-component p-avatar-image p-avatar-circle" aria-hidden="true">
      <img src={picture} alt="" />
    </div>
  ) : (
    <div
      className="p-avatar p-component p-avatar-circle tb-avatar-initials"
      aria-hidden="true"
      data-initials={initials(name)}
    />
  );
}
