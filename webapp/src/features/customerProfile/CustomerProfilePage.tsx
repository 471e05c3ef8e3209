import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router';
import { useAppSession } from '../../api/appApi';
import { CardsSection } from './CardsSection';
import { OrdersSection } from './OrdersSection';
import { ProfileSection } from './ProfileSection';
import { SubscriptionsSection } from './SubscriptionsSection';
import { TicketsSection } from './TicketsSection';
import './customerProfile.css';

export type ProfileSectionKey = 'profile' | 'orders' | 'tickets' | 'cards' | 'subscriptions';

/** The sections in the menu's order, each with the hash that opens it (none: Profil). */
const SECTIONS: { key: ProfileSectionKey; hash: string; icon: string }[] = [
  { key: 'profile', hash: '', icon: 'pi pi-user' },
  { key: 'orders', hash: '#orders', icon: 'pi pi-shopping-bag' },
  { key: 'tickets', hash: '#tickets', icon: 'pi pi-ticket' },
  { key: 'cards', hash: '#cards', icon: 'pi pi-credit-card' },
  { key: 'subscriptions', hash: '#subscriptions', icon: 'pi pi-replay' },
];

/**
 * The section a URL hash opens: '#orders' Ordrer, '#tickets' Billetter, '#cards' Betalingskort,
 * '#subscriptions' Abonnementer, else Profil.
 */
export function sectionOf(hash: string): ProfileSectionKey {
  return SECTIONS.find((section) => section.hash !== '' && section.hash === hash)?.key ?? 'profile';
}

/**
 * /profile for a customer (spec 3 §2 'Customer profile'), in the public layout: a menu of the
 * sections Profil, Ordrer, Billetter, Betalingskort and Abonnementer, chosen by the URL's hash.
 */
export function CustomerProfilePage() {
  const { t } = useTranslation();
  const { user } = useAppSession();
  const { hash } = useLocation();
  // The route is public (the guard sends a customer home from any other); a visitor logs in first.
  if (!user) return <Navigate to="/login" replace />;
  const current = sectionOf(hash);
  return (
    <div className="tb-customer-profile">
      <nav className="tb-customer-profile-menu" aria-label={t('customerProfile.menu')}>
        <ul>
          {SECTIONS.map((section) => (
            <li key={section.key}>
              <Link
                to={`/profile${section.hash}`}
                className={section.key === current ? 'tb-nav-link active' : 'tb-nav-link'}
                aria-current={section.key === current ? 'page' : undefined}
              >
                <i className={section.icon} aria-hidden="true" />
                <span>{t(`customerProfile.sections.${section.key}`)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <section className="tb-customer-profile-section" aria-labelledby="tb-customer-profile-title">
        <div className="tb-page-header">
          <h1 id="tb-customer-profile-title">{t(`customerProfile.sections.${current}`)}</h1>
        </div>
        {current === 'profile' && <ProfileSection />}
        {current === 'orders' && <OrdersSection />}
        {current === 'tickets' && <TicketsSection />}
        {current === 'cards' && <CardsSection />}
        {current === 'subscriptions' && <SubscriptionsSection />}
      </section>
    </div>
  );
}
