import type { ClientConfig, ClientModule, ClientRef, SessionUser } from '../api/appApi';

/** Demo data shaped like the API contract, for unit tests. */

export const modules: ClientModule[] = [
  { id: 'm1', alias: 'dashboard', name: 'Dashboard', icon: 'pi pi-home', url: '/', sorting: 1 },
  {
    id: 'm2',
    alias: 'companies',
    name: 'Virksomheder',
    icon: 'pi pi-building',
    url: '/companies',
    sorting: 2,
  },
  {
    id: 'm3',
    alias: 'contacts',
    name: 'Kontakter',
    icon: 'pi pi-users',
    url: '/contacts',
    sorting: 3,
  },
  {
    id: 'm4',
    alias: 'events',
    name: 'Arrangementer',
    icon: 'pi pi-calendar',
    url: '/events',
    sorting: 4,
  },
];

export const demoFc: ClientConfig = {
  id: 'c1',
  name: 'Demo FC',
  isFrontend: false,
  logo: null,
  address: 'Stadionvej 1',
  zipCode: '8000',
  city: 'Aarhus C',
  email: 'info@demofc.test',
  phone: '12 34 56 78',
  vatRate: 2500,
  pricesWithVat: true,
  disableVat: false,
  modules,
  settings: {},
  features: {},
};

export const clubs: ClientRef[] = [
  { id: 'c1', name: 'Demo FC', logo: null },
  { id: 'c2', name: 'Demo Håndbold', logo: null },
];

export const staffUser: SessionUser = {
  id: 'u2',
  firstname: 'Sofie',
  lastname: 'Staff',
  name: 'Sofie Staff',
  email: 'staff@tribune.test',
  picture: null,
  timeZone: 'Europe/Berlin',
  acl: [],
  role: 'staff',
  admin: false,
  superAdmin: false,
  phone: null,
  mobile: null,
  about: null,
  linkedin: null,
  emailConfirmed: true,
  clients: [{ clientId: 'c1', role: 'staff', systemUser: true, accepted: true }],
  impersonator: null,
};

export const adminUser: SessionUser = {
  ...staffUser,
  id: 'u1',
  firstname: 'Anna',
  lastname: 'Admin',
  name: 'Anna Admin',
  email: 'admin@tribune.test',
  role: 'admin',
  admin: true,
  superAdmin: true,
  clients: [
    { clientId: 'c1', role: 'admin', systemUser: true, accepted: true },
    { clientId: 'c2', role: 'admin', systemUser: true, accepted: true },
  ],
};
