import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { useAppSession } from '../../api/appApi';
import { ClubChooser } from '../../features/shell/ClubChooser';
import { CartDrawer, CartDrawerProvider } from '../../features/shop/CartDrawer';
import { SHOP_PATH, WEBSHOP_MODULE } from '../../features/shop/paths';
import { UserAvatar } from '../../shared/ui/UserAvatar';
import { LOGOUT_URL, postAndNavigate } from '../../shared/navigation';
import { Preloader } from '../../shared/ui/Preloader';
import { useRouteHandle } from '../../shared/routeHandle';
import { useLanguageSwitch } from './useLanguageSwitch';

/**
 * The public site: club header with the web shop's link and cart (when the club has the web shop)
 * and login, the page, and the club's footer.
 */
export function PublicLayout() {
  const { t } = useTranslation();
  const { client, user, modules } = useAppSession();
  const { ownBrand } = useRouteHandle();
  const language = useLanguageSwitch();
  const year = new Date().getFullYear();
  const hasShop = client !== null && modules.some((module) => module.alias === WEBSHOP_MODULE);
  return (
    <CartDrawerProvider>
      <div className="tb-public">
        {!ownBrand && (
          <header className="tb-public-header">
            <div className="tb-public-brand">
              {client ? (
                <Link to="/" className="tb-brand-link">
                  {client.logo && <img src={client.logo} alt="" className="tb-brand-logo" />}
                  <span>{client.name}</span>
                </Link>
              ) : (
                <ClubChooser />
              )}
            </div>
            <div className="tb-public-actions">
              {hasShop && (
                <>
                  <Link to={SHOP_PATH} className="p-button p-component p-button-text">
                    {t('shell.header.shop')}
                  </Link>
                  <CartDrawer />
                </>
              )}
              {user ? (
                <div className="tb-public-user" aria-label={t('shell.header.account')} role="group">
                  <UserAvatar name={user.name} picture={user.picture} />
                  <span className="tb-public-user-text">
                    <strong>{user.name}</strong>
                    <small>{user.email}</small>
                  </span>
                  <Link to="/profile" className="p-button p-component p-button-text">
                    {t('shell.header.profile')}
                  </Link>
                  <button
                    type="button"
                    className="p-button p-component p-button-text"
                    onClick={() => void postAndNavigate(LOGOUT_URL)}
                  >
                    {t('shell.header.logout')}
                  </button>
                </div>
              ) : (
                <>
                  <Link to="/login" className="p-button p-component p-button-text">
                    {t('shell.header.login')}
                  </Link>
                  <Link to="/signup" className="p-button p-component">
                    {t('shell.header.signup')}
                  </Link>
                </>
              )}
            </div>
          </header>
        )}
        <main className="tb-public-main" id="main">
          <Suspense fallback={<Preloader label={t('shell.preloader')} />}>
            <Outlet />
          </Suspense>
        </main>
        <footer className="tb-public-footer">
          {client && (
            <address>
              <strong>{client.name}</strong>
              {client.address && <span>{client.address}</span>}
              {(client.zipCode || client.city) && (
                <span>{[client.zipCode, client.city].filter(Boolean).join(' ')}</span>
              )}
              {client.email && <a href={`mailto:${client.email}`}>{client.email}</a>}
              {client.phone && (
                <a href={`tel:${client.phone.replace(/\s+/g, '')}`}>{client.phone}</a>
              )}
            </address>
          )}
          <p>{t('shell.footer.copyright', { year, name: client?.name ?? t('common.appName') })}</p>
          <nav aria-label={t('shell.footer.label')} className="tb-footer-links">
            <Link to="/terms">{t('shell.footer.terms')}</Link>
            <Link to="/subscription-terms">{t('shell.footer.subscriptionTerms')}</Link>
            <button
              type="button"
              className="p-button p-component p-button-link"
              onClick={language.switch}
            >
              <span className="p-button-label">{language.label}</span>
            </button>
          </nav>
        </footer>
      </div>
    </CartDrawerProvider>
  );
}
