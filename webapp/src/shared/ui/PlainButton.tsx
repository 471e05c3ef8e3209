import type { ButtonHTMLAttributes } from 'react';

interface PlainButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  label: string;
  /** A PrimeIcons class, e.g. 'pi pi-arrow-right'. */
  icon?: string;
  iconPos?: 'left' | 'right';
  outlined?: boolean;
}

/**
 * PrimeReact's Button as markup (its classes, so the theme draws it) for the public pages a buyer
 * opens first: they show it without loading PrimeReact (issue 36). Loading spinners, badges and
 * tooltips are the Button's; a button that needs them uses it.
 */
export function PlainButton({
  label,
  icon,
  iconPos = 'left',
  outlined,
  className,
  type = 'button',
  ...rest
}: PlainButtonProps) {
  const classes = [
    'p-button p-component',
    outlined && 'p-button-outlined',
    rest.disabled && 'p-disabled',
    className,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <button type={type} className={classes} {...rest}>
      {icon && (
        <span className={`p-button-icon p-c p-button-icon-${iconPos} ${icon}`} aria-hidden="true" />
      )}
      <span className="p-button-label p-c">{label}</span>
    </button>
  );
}
