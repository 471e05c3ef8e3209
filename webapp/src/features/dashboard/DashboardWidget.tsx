import { Card } from 'primereact/card';
import { useId, type ReactNode } from 'react';

/** One tile of the dashboard grid: a card named by its title (a region, for finding it). */
export function DashboardWidget({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="tb-dashboard-widget">
      <Card className="tb-card">
        <h2 id={titleId} className="tb-card-title">
          {title}
        </h2>
        {children}
      </Card>
    </section>
  );
}
