import type { ReactNode } from 'react';

/**
 * PrimeReact's Card as markup (its classes, so the theme draws it) for the public pages a buyer
 * opens first: they show it without loading PrimeReact (issue 36).
 */
export function PlainCard({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <div className={['p-card p-component', className].filter(Boolean).join(' ')}>
      <div className="p-card-body">
        <div className="p-card-content">{children}</div>
      </div>
    </div>
  );
}
