import { Card } from 'primereact/card';
import { useId, type ReactNode } from 'react';

/** A card of an editor page (contract, subscription) with its heading, named by it for assistive technology. */
export function Section({
  title,
  actions,
  children,
}: {
  title: string;
  /** Buttons beside the heading. */
  actions?: ReactNode;
  children: ReactNode;
}) {
  const titleId = useId();
  const heading = (
    <h2 id={titleId} className="tb-card-title">
      {title}
    </h2>
  );
  return (
    <Card className="tb-card">
      <section aria-labelledby={titleId}>
        {actions ? (
          <div className="tb-card-header">
            {heading}
            {actions}
          </div>
        ) : (
          heading
        )}
        {children}
      </section>
    </Card>
  );
}
