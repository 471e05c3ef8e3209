import { useAppSession } from '../../api/appApi';
import { useCanAccess } from '../../shared/access';
import { LeadsFollowupWidget } from './LeadsFollowupWidget';
import { RenegotiationsWidget } from './RenegotiationsWidget';
import './dashboard.css';

/**
 * The back-office home (spec 1 §2): the club's name and a grid of widgets, each shown only to
 * staff who may read its module. The invoice widgets and the graphs come with the invoices issue.
 */
export function DashboardPage() {
  const { client } = useAppSession();
  const renegotiations = useCanAccess('read', 'orders');
  const leads = useCanAccess('read', 'companies');
  return (
    <section className="tb-page">
      <h1>{client?.name}</h1>
      <div className="tb-dashboard-grid">
        {renegotiations && <RenegotiationsWidget />}
        {leads && <LeadsFollowupWidget />}
      </div>
    </section>
  );
}
