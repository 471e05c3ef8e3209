import { Button } from 'primereact/button';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { useAppSession } from '../../api/appApi';
import { Breadcrumbs } from '../../features/shell/Breadcrumbs';
import { ClientSwitcher } from '../../features/shell/ClientSwitcher';
import { DarkModeToggle } from '../../features/shell/DarkModeToggle';
import { ImpersonationBanner } from '../../features/shell/ImpersonationBanner';
import { SideNav } from '../../features/shell/SideNav';
import { Sidebar, SIDEBAR_ID } from '../../features/shell/Sidebar';
import { sidebarToggled } from '../../features/shell/uiPrefsSlice';
import { UserMenu } from '../../features/shell/UserMenu';
import {
  EventEditorPartsContext,
  type EventEditorParts,
  type EventEditorPartsLoader,
} from '../../shared/events/eventEditorParts';
import { useRouteHandle } from '../../shared/routeHandle';
import { Preloader } from '../../shared/ui/Preloader';
import { useAppDispatch, useAppSelector } from '../hooks';
import { useLanguageSwitch } from './useLanguageSwitch';

let eventEditorParts: EventEditorParts | null = null;
let eventEditorPartsLoading: Promise<EventEditorParts> | null = null;
/**
 * The other areas' tabs of the event editor (src/app/eventEditorParts.ts), fetched once when an
 * editor first shows, not with the back office's other pages.
 */
const eventEditorPartsLoader: EventEditorPartsLoader = {
  loaded: () => eventEditorParts,
  load: () =>
    (eventEditorPartsLoading ??= import('../eventEditorParts').then(
      (module) => (eventEditorParts = module.eventEditorParts),
    )),
};

/** The staff back office: module sidebar, top bar (breadcrumbs, club, dark mode, user) and the page. */
export function BackOfficeLayout() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { client, clients, modules, user } = useAppSession();
  const sidebarOpen = useAppSelector((state) => state.uiPrefs.sidebarOpen);
  const language = useLanguageSwitch();
  const { sideNav } = useRouteHandle();
  return (
    <div className="tb-backoffice">
      <Sidebar client={client} modules={modules} />
      <div className="tb-backoffice-body">
        {user && <ImpersonationBanner user={user} />}
        <header className="tb-topbar">
          <Button
            type="button"
            text
            rounded
            icon="pi pi-bars"
            aria-label={sidebarOpen ? t('shell.sidebar.collapse') : t('shell.sidebar.expand')}
            aria-expanded={sidebarOpen}
            aria-controls={SIDEBAR_ID}
            onClick={() => dispatch(sidebarToggled())}
          />
          <Breadcrumbs modules={modules} />
          <div className="tb-topbar-actions">
            <ClientSwitcher client={client} clients={clients} />
            <DarkModeToggle />
            {user?.admin && (
              <Link
                to="/settings"
                className="p-button p-component p-button-text p-button-rounded p-button-icon-only"
                aria-label={t('shell.topbar.settings')}
                title={t('shell.topbar.settings')}
              >
                <i className="pi pi-cog" aria-hidden="true" />
              </Link>
            )}
            {user && <UserMenu user={user} onLanguage={language} />}
          </div>
        </header>
        <div className="tb-backoffice-content">
          {sideNav && sideNav.length > 0 && <SideNav items={sideNav} />}
          <main className="tb-backoffice-main" id="main">
            <Suspense fallback={<Preloader label={t('shell.preloader')} />}>
              <EventEditorPartsContext.Provider value={eventEditorPartsLoader}>
                <Outlet />
              </EventEditorPartsContext.Provider>
            </Suspense>
          </main>
        </div>
      </div>
    </div>
  );
}
